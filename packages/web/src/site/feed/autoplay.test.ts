import { describe, expect, it } from 'vitest';
import { OBSERVED_RATIOS, PLAY_THRESHOLD, playsAt } from './autoplay';

describe('feed autoplay', () => {
  it('plays only when more than 70% of the video shows', () => {
    expect(playsAt(0.69)).toBe(false);
    expect(playsAt(0.7)).toBe(false);
    expect(playsAt(0.705)).toBe(true);
    expect(playsAt(1)).toBe(true);
  });

  it('is told of a crossing just above 70%, so a report of exactly 0.7 is followed by one that plays', () => {
    const above = OBSERVED_RATIOS.filter((r) => r > PLAY_THRESHOLD);
    expect(Math.min(...above)).toBeLessThan(0.72);
    expect(above.every(playsAt)).toBe(true);
  });
});
