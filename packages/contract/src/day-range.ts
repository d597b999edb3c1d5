import { istDay } from './format.js';

/**
 * Quick day ranges of the analytics and website-ads screens (doc 2 sections 2 and 9), as Asia/Kolkata
 * days `YYYY-MM-DD`, both ends included. This Week runs Sunday to Saturday; Last 6 Months starts on the
 * first day of the month five months back and ends at the end of the current month; This Year is
 * 1 Jan to 31 Dec.
 */
export const dayPresets = [
  'Today',
  'Yesterday',
  'This Week',
  'This Month',
  'Last 6 Months',
  'This Year',
] as const;
export type DayPreset = (typeof dayPresets)[number];

export interface DayRangeValue {
  startDate: string;
  endDate: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
/** The last day of month `month` (0-based, may overflow) of `year`. */
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0));

export function presetRange(preset: DayPreset, now: number | Date = Date.now()): DayRangeValue {
  // Calendar arithmetic on the Kolkata day, held as a UTC midnight.
  const today = new Date(`${istDay(now)}T00:00:00Z`);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const shift = (days: number) => new Date(today.getTime() + days * 86_400_000);
  switch (preset) {
    case 'Today':
      return { startDate: ymd(today), endDate: ymd(today) };
    case 'Yesterday':
      return { startDate: ymd(shift(-1)), endDate: ymd(shift(-1)) };
    case 'This Week': {
      const sunday = -today.getUTCDay();
      return { startDate: ymd(shift(sunday)), endDate: ymd(shift(sunday + 6)) };
    }
    case 'This Month':
      return { startDate: ymd(new Date(Date.UTC(y, m, 1))), endDate: ymd(monthEnd(y, m)) };
    case 'Last 6 Months':
      return { startDate: ymd(new Date(Date.UTC(y, m - 5, 1))), endDate: ymd(monthEnd(y, m)) };
    case 'This Year':
      return { startDate: `${y}-01-01`, endDate: `${y}-12-31` };
  }
}

/** The preset a range equals today, if any (a manual date change makes a custom range). */
export function presetOf(range: DayRangeValue, now: number | Date = Date.now()): DayPreset | undefined {
  return dayPresets.find((p) => {
    const r = presetRange(p, now);
    return r.startDate === range.startDate && r.endDate === range.endDate;
  });
}
