import { describe, expect, it } from 'vitest';
import { toCsv, toSeries } from './series';

describe('toSeries', () => {
  it('sums per day and sorts', () => {
    const series = toSeries([
      { createdAt: '2026-11-03', count: 2 },
      { createdAt: '2026-11-01', count: 1 },
      { createdAt: '2026-11-03', count: 5 },
    ]);
    expect(series).toEqual([
      { day: '2026-11-01', date: '01/11/2026', count: 1 },
      { day: '2026-11-03', date: '03/11/2026', count: 7 },
    ]);
  });
});

describe('toCsv', () => {
  it('joins views and clicks per day', () => {
    const csv = toCsv(
      [{ day: '2026-11-01', date: '', count: 4 }],
      [
        { day: '2026-11-01', date: '', count: 1 },
        { day: '2026-11-02', date: '', count: 2 },
      ],
    );
    expect(csv).toBe('date,views,clicks\n2026-11-01,4,1\n2026-11-02,0,2\n');
  });
});
