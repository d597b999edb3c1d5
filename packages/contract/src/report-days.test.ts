import { describe, expect, it } from 'vitest';
import { dayIn, isoToZoned, zonedToIso } from './report-days.js';

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

describe('dayIn', () => {
  it('writes the day Intl writes, in the zones it writes without Intl and in the others', () => {
    const times = [
      0,
      Date.UTC(2026, 11, 5, 18, 29, 59, 999),
      Date.UTC(2026, 11, 5, 18, 30),
      Date.UTC(2027, 2, 14, 7),
    ];
    for (
      let time = Date.UTC(1970, 0, 1);
      time < Date.UTC(2101, 0, 1);
      time += 86_400_000 * 37 + 3_600_000 * 5 + 61_000
    ) {
      times.push(time);
    }
    for (const timeZone of [
      'Asia/Kolkata',
      'Asia/Calcutta',
      'UTC',
      'Etc/UTC',
      'America/New_York',
      'Europe/London',
    ]) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const wrong = times.filter((time) => dayIn(timeZone, new Date(time)) !== intl.format(time));
      expect(wrong, timeZone).toEqual([]);
    }
  });

  it("turns at Kolkata's midnight, 18:30 UTC", () => {
    expect(dayIn('Asia/Kolkata', new Date('2026-12-05T18:29:59.999Z'))).toBe('2026-12-05');
    expect(dayIn('Asia/Kolkata', new Date('2026-12-05T18:30:00.000Z'))).toBe('2026-12-06');
  });
});
