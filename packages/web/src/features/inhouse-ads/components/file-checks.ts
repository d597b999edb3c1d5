import { inHouseImageMimes, inHouseLimits, inHouseMessages } from '@streamdesk/contract/inhouse-ads';

/** The browser-side check of an icon or image file; null when it may be sent. */
export function imageFileProblem(file: File): string | null {
  if (!(inHouseImageMimes as readonly string[]).includes(file.type)) return inHouseMessages.imageType;
  if (file.size > inHouseLimits.imageBytes) return inHouseMessages.imageSize;
  return null;
}

/** `web_stay_time` as the form holds it: a whole number of at least 1, else the spec's message. */
export function stayTimeProblem(value: string): string | null {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 1) return inHouseMessages.stayTime;
  if (!Number.isInteger(n)) return inHouseMessages.stayTimeWhole;
  if (n > inHouseLimits.maxStayTime) return inHouseMessages.stayTimeMax;
  return null;
}

/** The spec's auto title: 'Ad-' plus the current list length plus one. */
export const autoTitle = (listLength: number) => `Ad-${listLength + 1}`;
