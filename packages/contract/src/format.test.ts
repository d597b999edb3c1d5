import { describe, expect, it } from 'vitest';
import {
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
