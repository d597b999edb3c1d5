// No zod here: the back office's runtime config, which the public site loads too, imports this module.

/**
 * The time zone whose calendar days the reports count in when the server names none (its
 * REPORT_TIME_ZONE). The browser is told the server's own in /runtime-config.js.
 */
export const DEFAULT_REPORT_TIME_ZONE = 'Asia/Kolkata';

/** The calendar day (`YYYY-MM-DD`) of a time in a time zone. */
export function dayIn(timeZone: string, when: Date): string {
  // en-CA writes a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(when);
}
