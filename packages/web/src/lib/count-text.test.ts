import { describe, expect, it } from 'vitest';
import { countText } from './count-text';

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
