import { describe, expect, it } from 'vitest';
import { countAxis, curvePath, dayX, labelledDays } from './trend-chart-geometry';

describe('the value axis', () => {
  it('has whole counts only, from 0 to at least the top count', () => {
    expect(countAxis(1).ticks).toEqual([0, 1]);
    expect(countAxis(3).ticks).toEqual([0, 1, 2, 3]);
    expect(countAxis(17).ticks).toEqual([0, 5, 10, 15, 20]);
    expect(countAxis(0).ticks).toEqual([0, 1]);
    for (const top of [1, 3, 7, 17, 1234]) {
      const { ticks, y } = countAxis(top);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(y(0)).toBe(100);
      expect(y(top)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the days', () => {
  it('span the plot from edge to edge, one day in its middle', () => {
    expect([0, 1, 2].map((i) => dayX(i, 3))).toEqual([0, 50, 100]);
    expect(dayX(0, 1)).toBe(50);
  });

  it('are labelled while the labels fit, else every so many back from the last day', () => {
    expect(labelledDays(7, 500)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledDays(31, 500)).toEqual([0, 5, 10, 15, 20, 25, 30]);
    expect(labelledDays(30, 500)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledDays(365, 250).length).toBeLessThanOrEqual(3);
    expect(labelledDays(0, 500)).toEqual([]);
  });
});

describe('the curve', () => {
  it('goes through every day, monotone between them', () => {
    const { y } = countAxis(4);
    const path = curvePath([0, 4, 0], y);
    expect(path.startsWith('M0,1000')).toBe(true);
    expect(path).toContain('500,0');
    expect(path.endsWith('1000,1000')).toBe(true);
    expect(curvePath([], y)).toBe('');
  });
});
