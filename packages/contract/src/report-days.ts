// No zod here: the back office's runtime config, which the public site loads too, imports this module.

/**
 * The time zone whose calendar days the reports count in when the server names none (its
 * REPORT_TIME_ZONE). The browser is told the server's own in /runtime-config.js.
 */
export const DEFAULT_REPORT_TIME_ZONE = 'Asia/Kolkata';

/**
 * Zones whose clocks have kept one offset from UTC since 1970 (no daylight saving), in ms: a day in them is
 * written without Intl. A page's first Intl call builds ICU's formatter (26-137 ms with the CPU slowed 4x),
 * and the report screens' quick range was that call, in their first render (bench/notes/web.md, 2026-12-05).
 */
const FIXED_OFFSET_MS: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 19_800_000,
  'Asia/Calcutta': 19_800_000,
  UTC: 0,
  'Etc/UTC': 0,
};
/** Times from 1970 up to here have four-digit years, which `toISOString` writes as Intl does. */
const FOUR_DIGIT_YEARS_END = Date.UTC(9999, 0, 1);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) of a time in a time zone. */
export function dayIn(timeZone: string, when: Date): string {
  const offset = Object.hasOwn(FIXED_OFFSET_MS, timeZone) ? FIXED_OFFSET_MS[timeZone] : undefined;
  const time = when.getTime();
  if (offset !== undefined && time >= 0 && time < FOUR_DIGIT_YEARS_END) {
    return new Date(time + offset).toISOString().slice(0, 10);
  }
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(when);
}

const zoneParts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** How far a time zone's clocks are ahead of UTC at `when`, in ms. */
function zoneOffsetMs(timeZone: string, when: number): number {
  const parts = Object.fromEntries(
    zoneParts(timeZone)
      .formatToParts(new Date(when))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(when / 1000) * 1000;
}

/** A wall-clock time in a zone (`YYYY-MM-DDTHH:mm[:ss]`, as a datetime-local field holds it) as UTC ISO. */
export function zonedToIso(local: string, timeZone: string): string {
  const wall = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  const first = wall - zoneOffsetMs(timeZone, wall);
  // Near a daylight-saving change the offset at the guess may differ from the one at the answer.
  return new Date(wall - zoneOffsetMs(timeZone, first)).toISOString();
}

/** A UTC time as the wall clock of a zone shows it, `YYYY-MM-DDTHH:mm:ss` (a datetime-local value). */
export function isoToZoned(iso: string, timeZone: string): string {
  const when = Date.parse(iso);
  return new Date(when + zoneOffsetMs(timeZone, when)).toISOString().slice(0, 19);
}
