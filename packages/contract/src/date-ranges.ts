import { z } from 'zod';
import { isCalendarDay } from './format.js';
import { dayIn, DEFAULT_REPORT_TIME_ZONE } from './report-days.js';

/** A `YYYY-MM-DD` day that is on the calendar (2026-02-30 and 2026-13-45 are not). */
export const calendarDay = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, message);

/** The quick date ranges of the analytics and website-ads screens (doc 2 sections 2 and 9). */
export const quickRanges = [
  { key: 'today', label: 'Today' },
  { key: 'yesterday', label: 'Yesterday' },
  { key: 'thisWeek', label: 'This Week' },
  { key: 'thisMonth', label: 'This Month' },
  { key: 'last6Months', label: 'Last 6 Months' },
  { key: 'thisYear', label: 'This Year' },
] as const;
export type QuickRangeKey = (typeof quickRanges)[number]['key'];

export interface DayRange {
  /** First day, `YYYY-MM-DD`, inclusive. */
  startDate: string;
  /** Last day, `YYYY-MM-DD`, inclusive. */
  endDate: string;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/**
 * A quick range in calendar days of the reporting time zone, the days the server counts events on (so
 * Today is the server's today): This Week runs Sunday to Saturday, Last 6 Months from the first day of
 * the month five months back to the end of this month, This Year from 1 January to 31 December.
 */
export function quickRange(
  key: QuickRangeKey,
  now: Date = new Date(),
  timeZone: string = DEFAULT_REPORT_TIME_ZONE,
): DayRange {
  const [y, m, d] = dayIn(timeZone, now).split('-').map(Number) as [number, number, number];
  const today = utc(y, m - 1, d);
  switch (key) {
    case 'today':
      return { startDate: ymd(today), endDate: ymd(today) };
    case 'yesterday': {
      const day = utc(y, m - 1, d - 1);
      return { startDate: ymd(day), endDate: ymd(day) };
    }
    case 'thisWeek': {
      const sunday = utc(y, m - 1, d - today.getUTCDay());
      return { startDate: ymd(sunday), endDate: ymd(utc(y, m - 1, d - today.getUTCDay() + 6)) };
    }
    case 'thisMonth':
      return { startDate: ymd(utc(y, m - 1, 1)), endDate: ymd(utc(y, m, 0)) };
    case 'last6Months':
      return { startDate: ymd(utc(y, m - 6, 1)), endDate: ymd(utc(y, m, 0)) };
    case 'thisYear':
      return { startDate: `${y}-01-01`, endDate: `${y}-12-31` };
  }
}

/** `YYYY-MM-DD` as the en-GB date the charts show (`DD/MM/YYYY`). */
export const enGbDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
