import { describe, expect, it } from 'vitest';
import { MAX_FILLED_DAYS, toCsv, toSeries } from './series';

describe('toSeries', () => {
  it('draws no day after today, rather than zeros there', () => {
    const series = toSeries(
      [{ createdAt: '2026-11-20', count: 2 }],
      {
        startDate: '2026-11-19',
        endDate: '2026-11-30',
      },
      '2026-11-21',
    );
    expect(series.map((p) => [p.day, p.count])).toEqual([
      ['2026-11-19', 0],
      ['2026-11-20', 2],
      ['2026-11-21', 0],
    ]);
    expect(toSeries([], { startDate: '2026-12-01', endDate: '2026-12-31' }, '2026-11-21')).toEqual([]);
  });

  it('sums per day and sorts', () => {
    const series = toSeries([
      { createdAt: '2026-11-03', count: 2 },
      { createdAt: '2026-11-01', count: 1 },
      { createdAt: '2026-11-03', count: 5 },
    ]);
    expect(series).toEqual([
      { day: '2026-11-01', date: '01/11/2026', count: 1 },
      { day: '2026-11-02', date: '02/11/2026', count: 0 },
      { day: '2026-11-03', date: '03/11/2026', count: 7 },
    ]);
  });

  it('puts a 0 on every day of the range without counts, so the line does not run flat over them', () => {
    const clicks = [
      { createdAt: '2026-11-23', count: 1 },
      { createdAt: '2026-11-21', count: 1 },
    ];
    const series = toSeries(clicks, { startDate: '2026-11-19', endDate: '2026-11-24' });
    expect(series.map((p) => [p.date, p.count])).toEqual([
      ['19/11/2026', 0],
      ['20/11/2026', 0],
      ['21/11/2026', 1],
      ['22/11/2026', 0],
      ['23/11/2026', 1],
      ['24/11/2026', 0],
    ]);
    // Across month and year ends, leap day included.
    const year = toSeries([], { startDate: '2027-12-30', endDate: '2028-03-01' });
    expect(year).toHaveLength(63);
    expect(year.map((p) => p.day)).toContain('2028-02-29');
    expect(year.at(-1)).toEqual({ day: '2028-03-01', date: '01/03/2028', count: 0 });
    expect(toSeries([], { startDate: '2026-01-01', endDate: '2026-12-31' })).toHaveLength(365);
  });

  it('past the longest filled range, or with no range, fills between the first and last counted day', () => {
    const clicks = [
      { createdAt: '2026-11-21', count: 2 },
      { createdAt: '2026-11-24', count: 1 },
    ];
    const days = (range?: { startDate: string; endDate: string }) =>
      toSeries(clicks, range).map((p) => `${p.day}:${p.count}`);
    const filled = ['2026-11-21:2', '2026-11-22:0', '2026-11-23:0', '2026-11-24:1'];
    expect(days()).toEqual(filled);
    expect(days({ startDate: '1900-01-01', endDate: '9999-12-31' })).toEqual(filled);
    expect(toSeries([], { startDate: '1900-01-01', endDate: '9999-12-31' })).toEqual([]);
    const dayAfter = (n: number) =>
      new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const longest = toSeries(clicks, { startDate: '2024-01-01', endDate: dayAfter(MAX_FILLED_DAYS - 1) });
    expect(longest).toHaveLength(MAX_FILLED_DAYS);
    expect(longest[0]?.day).toBe('2024-01-01');
    expect(days({ startDate: '2024-01-01', endDate: dayAfter(MAX_FILLED_DAYS) })).toEqual(filled);
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

  it('leaves out the days the charts fill with 0', () => {
    const range = { startDate: '2026-11-01', endDate: '2026-11-05' };
    const csv = toCsv(
      toSeries([{ createdAt: '2026-11-02', count: 3 }], range),
      toSeries([{ createdAt: '2026-11-04', count: 1 }], range),
    );
    expect(csv).toBe('date,views,clicks\n2026-11-02,3,0\n2026-11-04,0,1\n');
  });
});
