import { describe, expect, it } from 'vitest';
import { enGbDay, quickRange } from './date-ranges.js';

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
