import { describe, expect, it } from 'vitest';
import { mediaPlan } from './load-order';

const plans = (current: number, canPlay: boolean) =>
  Array.from({ length: 6 }, (_, index) => mediaPlan(index, current, canPlay));

describe('what the feed loads when', () => {
  it('loads only the current video and its poster until it can play', () => {
    expect(plans(0, false).map((p) => [p.preload, p.poster])).toEqual([
      ['metadata', true],
      ['none', false],
      ['none', false],
      ['none', false],
      ['none', false],
      ['none', false],
    ]);
  });

  it("then the next video's metadata and poster", () => {
    expect(plans(1, true).map((p) => [p.preload, p.poster])).toEqual([
      ['none', false],
      ['metadata', true],
      ['metadata', true],
      ['none', false],
      ['none', false],
      ['none', false],
    ]);
  });

  it('keeps the sources of videos within three of the current one', () => {
    expect(plans(1, true).map((p) => p.keep)).toEqual([true, true, true, true, true, false]);
  });
});
