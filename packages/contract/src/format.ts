/** Display helpers shared by every screen (doc 1 section 3 "Helpers", doc 2 section 9). */

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** An ISO time shown in Asia/Kolkata (UTC+5:30, no daylight saving) as `DD/MM/YYYY hh:mm:ss AM/PM`. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return 'Invalid';
  const d = new Date(time + IST_OFFSET_MS);
  const hours = d.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ` +
    `${pad2(h12)}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

/** The calendar day (`YYYY-MM-DD`) of a time in Asia/Kolkata. */
export function istDay(value: string | number | Date): string {
  const d = new Date(new Date(value).getTime() + IST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** The smallest count whose thousands round to 1000.0: it reads as 1.0M, not 1000.0K. */
const ROUNDS_TO_MILLION = 999_950;

function abbreviate(n: number, thousand: 'k' | 'K'): string {
  if (Math.abs(n) >= ROUNDS_TO_MILLION) return `${(n / 1_000_000).toFixed(1)}M`;
  if (Math.abs(n) >= 1_000) return `${(n / 1_000).toFixed(1)}${thousand}`;
  return String(n);
}

/** View counts (doc 1): 'N/A' when missing, 'Invalid' when not a number, one-decimal k and M. */
export function formatViewCount(value: unknown): string {
  if (value === null || value === undefined) return 'N/A';
  if (typeof value !== 'number' || Number.isNaN(value)) return 'Invalid';
  return abbreviate(value, 'k');
}

/** Zero-pads numbers under 10 ('07'). */
export function zeroPad(n: number): string {
  return n >= 0 && n < 10 ? `0${n}` : String(n);
}

/** Shortcut click counts: shortened like view counts, and zero-padded under 10. */
export function formatClickCount(value: unknown): string {
  if (typeof value === 'number' && value >= 0 && value < 10) return zeroPad(value);
  return formatViewCount(value);
}

/** Doc 2 counts (ad tables, in-house header): K from 1,000 and M from 1,000,000, to one decimal. */
export function formatCount(value: number): string {
  return abbreviate(value, 'K');
}

/** The analytics cards' counts: as `formatCount`, and zero-padded under 10 (doc 2 section 9). */
export function formatCardCount(value: number): string {
  if (value >= 0 && value < 10) return zeroPad(value);
  return formatCount(value);
}

/**
 * A wall-clock time as a datetime-local field holds it (`YYYY-MM-DDTHH:mm[:ss]`) in the tables' day order,
 * 24 h: `DD/MM/YYYY HH:mm:ss`, or `DD/MM/YYYY HH:mm` with `seconds: 'whenSet'` and none set.
 */
export function enGbDateTime(local: string, seconds: 'always' | 'whenSet' = 'always'): string {
  const [day = '', time = ''] = local.split('T');
  const [hh = '00', mm = '00', ss = '00'] = time.split(':');
  const date = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  return `${date} ${hh}:${mm}${seconds === 'always' || ss !== '00' ? `:${ss}` : ''}`;
}

/** Whether a `YYYY-MM-DD` day is on the calendar (2026-02-30 and 2026-13-45 are not). */
export const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
};

/** A day typed as `DD/MM/YYYY` (one-digit day and month allowed) as `YYYY-MM-DD`, or undefined when no calendar day. */
export function dayFromEnGb(text: string): string | undefined {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : undefined;
}

/**
 * A wall-clock time typed as `DD/MM/YYYY HH:MM[:SS]` (24 h; one-digit day, month and hour allowed) as a
 * datetime-local value with its seconds, `YYYY-MM-DDTHH:mm:ss`; undefined when not a real day and time.
 */
export function dateTimeFromEnGb(text: string): string | undefined {
  const match = /^(\S+)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, dayText, h, m, s = '00'] = match as unknown as [string, string, string, string, string?];
  const day = dayFromEnGb(dayText);
  if (!day || Number(h) > 23 || Number(m) > 59 || Number(s) > 59) return undefined;
  return `${day}T${pad2(Number(h))}:${m}:${s}`;
}

/**
 * A count as `toLocaleString('en-US')` writes it ('10,000'), without Intl for a whole number: a page's first
 * Intl call builds ICU's number formatter, 25-140 ms with the CPU slowed 4x, and a list's 'Showing 1–25 of
 * 100 stories' or the controller's 'App opens counted' was that first call, in the render that shows the
 * screen's data; the stories', shortcuts' and policy's messages made it as their code loaded
 * (bench/notes/web.md, 2026-12-05). Anything else (a fraction, past 2^53) goes to Intl.
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
