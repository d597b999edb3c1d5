import { describe, expect, it } from 'vitest';
import { calendarDay, enGbDay, quickRange } from './date-ranges.js';

// Saturday 21 November 2026, 11:03 in Asia/Kolkata.
const now = new Date('2026-11-21T05:33:00Z');

describe('quickRange', () => {
  it('has the spec boundaries', () => {
    expect(quickRange('today', now)).toEqual({ startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(quickRange('yesterday', now)).toEqual({ startDate: '2026-11-20', endDate: '2026-11-20' });
    expect(quickRange('thisWeek', now)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
    expect(quickRange('thisMonth', now)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(quickRange('last6Months', now)).toEqual({ startDate: '2026-06-01', endDate: '2026-11-30' });
    expect(quickRange('thisYear', now)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
  });

  it('uses the Asia/Kolkata day, not the UTC one', () => {
    // 19:00 UTC on Saturday is already Sunday 00:30 in Kolkata: a new week.
    const late = new Date('2026-11-21T19:00:00Z');
    expect(quickRange('today', late)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-22' });
    expect(quickRange('thisWeek', late)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
  });

  it("uses the reporting time zone it is given: America/New_York's Saturday is Kolkata's Sunday", () => {
    // 02:00 UTC on Sunday 22 November: 07:30 Sunday in Kolkata, 21:00 Saturday in New York.
    const sunday = new Date('2026-11-22T02:00:00Z');
    const newYork = (key: Parameters<typeof quickRange>[0]) => quickRange(key, sunday, 'America/New_York');
    expect(newYork('today')).toEqual({ startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(newYork('yesterday')).toEqual({ startDate: '2026-11-20', endDate: '2026-11-20' });
    expect(newYork('thisWeek')).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
    expect(quickRange('today', sunday)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-22' });
    expect(quickRange('thisWeek', sunday)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
    // New Year's Eve in New York is 2027 in Kolkata (and in UTC).
    const newYear = new Date('2027-01-01T03:00:00Z');
    expect(quickRange('thisYear', newYear, 'America/New_York')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  });

  it('crosses year boundaries', () => {
    const jan = new Date('2027-01-01T00:00:00Z');
    expect(quickRange('yesterday', jan)).toEqual({ startDate: '2026-12-31', endDate: '2026-12-31' });
    expect(quickRange('last6Months', jan)).toEqual({ startDate: '2026-08-01', endDate: '2027-01-31' });
    expect(quickRange('thisWeek', jan)).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
  });

  it('formats days as en-GB', () => {
    expect(enGbDay('2026-03-09')).toBe('09/03/2026');
  });
});

describe('calendarDay', () => {
  it('takes days that are on the calendar and refuses the rest with its message', () => {
    const day = calendarDay('not a day');
    for (const v of ['2026-01-01', '2028-02-29', '2026-12-31']) expect(day.safeParse(v).success).toBe(true);
    for (const v of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1']) {
      expect([v, day.safeParse(v).error?.issues[0]?.message]).toEqual([v, 'not a day']);
    }
  });
});
