import { describe, expect, it } from 'vitest';
import {
  countText,
  dateTimeFromEnGb,
  dayFromEnGb,
  enGbDateTime,
  formatCardCount,
  formatClickCount,
  formatCount,
  formatDateTime,
  formatViewCount,
  istDay,
  zeroPad,
} from './format.js';

describe('formatDateTime', () => {
  it('shows UTC times in Asia/Kolkata with a 12-hour clock', () => {
    expect(formatDateTime('2026-11-21T05:33:09.000Z')).toBe('21/11/2026 11:03:09 AM');
    expect(formatDateTime('2026-11-21T18:29:59.000Z')).toBe('21/11/2026 11:59:59 PM');
    expect(formatDateTime('2026-11-21T18:30:00.000Z')).toBe('22/11/2026 12:00:00 AM');
    expect(formatDateTime('2026-01-01T06:30:00.000Z')).toBe('01/01/2026 12:00:00 PM');
  });
  it('says N/A or Invalid instead of throwing', () => {
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('nonsense')).toBe('Invalid');
  });
});

describe('istDay', () => {
  it('puts 18:29 and 18:31 UTC on different days', () => {
    expect(istDay('2026-03-01T18:29:00Z')).toBe('2026-03-01');
    expect(istDay('2026-03-01T18:31:00Z')).toBe('2026-03-02');
  });
});

describe('counts', () => {
  it('formats view counts', () => {
    expect(formatViewCount(undefined)).toBe('N/A');
    expect(formatViewCount('12')).toBe('Invalid');
    expect(formatViewCount(999)).toBe('999');
    expect(formatViewCount(1000)).toBe('1.0k');
    expect(formatViewCount(1550)).toBe('1.6k');
    expect(formatViewCount(2_340_000)).toBe('2.3M');
  });
  it('zero-pads click counts under 10', () => {
    expect(formatClickCount(0)).toBe('00');
    expect(formatClickCount(7)).toBe('07');
    expect(formatClickCount(10)).toBe('10');
    expect(formatClickCount(12_500)).toBe('12.5k');
    expect(zeroPad(3)).toBe('03');
  });
  it('formats doc 2 counts with K and M', () => {
    expect(formatCount(5)).toBe('5');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(42)).toBe('42');
    expect(formatCount(1200)).toBe('1.2K');
    expect(formatCount(3_000_000)).toBe('3.0M');
    expect(formatCount(999_949)).toBe('999.9K');
    expect(formatCount(999_950)).toBe('1.0M');
    expect(formatViewCount(999_999)).toBe('1.0M');
  });
  it('zero-pads the analytics cards under 10 only', () => {
    expect(formatCardCount(0)).toBe('00');
    expect(formatCardCount(7)).toBe('07');
    expect(formatCardCount(10)).toBe('10');
    expect(formatCardCount(1200)).toBe('1.2K');
  });
});

describe('dayFromEnGb', () => {
  it('reads DD/MM/YYYY, one-digit day and month too, and only calendar days', () => {
    expect(dayFromEnGb('05/01/2026')).toBe('2026-01-05');
    expect(dayFromEnGb('5/1/2026')).toBe('2026-01-05');
    expect(dayFromEnGb('30/02/2026')).toBeUndefined();
    expect(dayFromEnGb('2026-01-05')).toBeUndefined();
    expect(dayFromEnGb('05/01/26')).toBeUndefined();
  });
});

describe('dateTimeFromEnGb', () => {
  it('reads DD/MM/YYYY HH:MM in 24 h, seconds if typed, as a datetime-local value with its seconds', () => {
    expect(dateTimeFromEnGb('02/12/2026 19:30')).toBe('2026-12-02T19:30:00');
    expect(dateTimeFromEnGb(' 2/1/2027 7:05:09 ')).toBe('2027-01-02T07:05:09');
    expect(dateTimeFromEnGb('31/12/2026 00:00')).toBe('2026-12-31T00:00:00');
    expect(dateTimeFromEnGb('31/12/2026 23:59:59')).toBe('2026-12-31T23:59:59');
  });

  it('refuses what is not a real day and time, or not in that order', () => {
    for (const text of [
      '',
      '02/12/2026',
      '30/02/2026 10:00',
      '02/12/2026 24:00',
      '02/12/2026 10:60',
      '02/12/2026 10:00:60',
      '02/12/2026 7:30 PM',
      '2026-12-02T19:30',
      '2026-12-02 19:30',
      '02/12/26 19:30',
    ])
      expect(dateTimeFromEnGb(text), text).toBeUndefined();
  });
});

describe('enGbDateTime', () => {
  it("shows a datetime-local value in the tables' day order, 24 h", () => {
    expect(enGbDateTime('2026-12-02T19:30:05')).toBe('02/12/2026 19:30:05');
    expect(enGbDateTime('2026-12-02T19:30')).toBe('02/12/2026 19:30:00');
    expect(enGbDateTime('2026-12-02T19:30:00', 'whenSet')).toBe('02/12/2026 19:30');
    expect(enGbDateTime('2026-12-02T19:30:05', 'whenSet')).toBe('02/12/2026 19:30:05');
  });

  it('reads back what it shows', () => {
    for (const local of ['2026-12-02T19:30:05', '2027-01-09T00:00:00'])
      for (const seconds of ['always', 'whenSet'] as const)
        expect(dateTimeFromEnGb(enGbDateTime(local, seconds))).toBe(local);
  });
});

describe('countText', () => {
  it("writes a count as toLocaleString('en-US') does", () => {
    for (const n of [0, 1, 12, 999, 1000, 1001, 10_000, 123_456, 1_000_000, 9_007_199_254_740_991, -1, -1234])
      expect(countText(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves a fraction and an unsafe integer to Intl', () => {
    for (const n of [1234.5, 0.1234, 1e21, Number.NaN, Infinity])
      expect(countText(n)).toBe(n.toLocaleString('en-US'));
  });
});
