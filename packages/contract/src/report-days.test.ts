import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './report-days.js';

describe('zoned times', () => {
  it('turns a wall-clock time of a zone into UTC and back', () => {
    expect(zonedToIso('2026-12-02T19:30', 'Asia/Kolkata')).toBe('2026-12-02T14:00:00.000Z');
    expect(isoToZoned('2026-12-02T14:00:00.000Z', 'Asia/Kolkata')).toBe('2026-12-02T19:30:00');
    // Across daylight saving: London is UTC+1 in July, UTC in December.
    expect(zonedToIso('2026-07-01T12:00:05', 'Europe/London')).toBe('2026-07-01T11:00:05.000Z');
    expect(zonedToIso('2026-12-01T12:00:00', 'Europe/London')).toBe('2026-12-01T12:00:00.000Z');
    expect(isoToZoned('2026-07-01T11:00:05.000Z', 'Europe/London')).toBe('2026-07-01T12:00:05');
  });
});
