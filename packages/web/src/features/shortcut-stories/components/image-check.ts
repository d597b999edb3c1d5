import { mediaLimits } from '@streamdesk/contract/media';
import { SHORTCUT_MAX_NUMBER, shortcutMessages } from '@streamdesk/contract/shortcut-stories';

const allowed = ['image/gif', 'image/png'];

/** The shortcut image rule checked in the browser before sending (the server checks the bytes again). */
export function shortcutImageProblem(file: File): string | undefined {
  if (!allowed.includes(file.type)) return shortcutMessages.imageType;
  if (file.size > mediaLimits.image) return shortcutMessages.imageSize;
  return undefined;
}

/** A number field of the shortcut forms: empty, or a whole number of 0 or more. */
export function isPositiveWhole(value: string): boolean {
  return value.trim() === '' || /^\d+$/.test(value.trim());
}

/** A whole number past the largest No or Click the server takes (SHORTCUT_MAX_NUMBER). */
export function isTooLarge(value: string): boolean {
  return isPositiveWhole(value) && Number(value.trim()) > SHORTCUT_MAX_NUMBER;
}
