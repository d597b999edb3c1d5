import { describe, expect, it } from 'vitest';
import { presetOf, presetRange } from './day-range.js';

// Wednesday 4 March 2026, 20:00 UTC, which is already Thursday 5 March in Kolkata.
const now = Date.parse('2026-03-04T20:00:00Z');

describe('presetRange', () => {
  it('uses the Kolkata day', () => {
    expect(presetRange('Today', now)).toEqual({ startDate: '2026-03-05', endDate: '2026-03-05' });
    expect(presetRange('Yesterday', now)).toEqual({ startDate: '2026-03-04', endDate: '2026-03-04' });
  });
  it('runs the week Sunday to Saturday', () => {
    expect(presetRange('This Week', now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-07' });
  });
  it('covers the month, six months and the year', () => {
    expect(presetRange('This Month', now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(presetRange('Last 6 Months', now)).toEqual({ startDate: '2025-10-01', endDate: '2026-03-31' });
    expect(presetRange('This Year', now)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(presetRange('This Month', Date.parse('2024-02-10T00:00:00Z')).endDate).toBe('2024-02-29');
  });
  it('finds the preset of a range, or none for a custom one', () => {
    expect(presetOf({ startDate: '2026-03-05', endDate: '2026-03-05' }, now)).toBe('Today');
    expect(presetOf({ startDate: '2026-03-02', endDate: '2026-03-05' }, now)).toBeUndefined();
  });
});
