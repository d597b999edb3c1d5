import { describe, expect, it } from 'vitest';
import { SearchStarts } from './search-starts.js';

const start = (id: string) => ({
  counted: { total: 1_000, capped: true },
  first: { value: '2035-01-01', id },
});

describe('SearchStarts', () => {
  it('keeps a start per list until it is forgotten', () => {
    const starts = new SearchStarts();
    starts.plan('a').remember(start('x'));
    expect(starts.plan('a').known).toEqual(start('x'));
    expect(starts.plan('b').known).toBeUndefined();
    starts.forget();
    expect(starts.plan('a').known).toBeUndefined();
  });

  it('keeps nothing a read planned before a forget found', () => {
    const starts = new SearchStarts();
    const plan = starts.plan('a');
    starts.forget();
    plan.remember(start('x'));
    expect(starts.plan('a').known).toBeUndefined();
  });

  it("forgets on its feature's cache tag only, and keeps the lists read most", () => {
    const listeners: ((tag: string) => void)[] = [];
    const starts = SearchStarts.forgetOn({ onInvalidate: (l) => listeners.push(l) }, 'videos');
    starts.plan('a').remember(start('x'));
    listeners.forEach((l) => l('stories'));
    expect(starts.plan('a').known).toEqual(start('x'));
    listeners.forEach((l) => l('videos'));
    expect(starts.plan('a').known).toBeUndefined();
    const few = new SearchStarts(2);
    few.plan('a').remember(start('a'));
    few.plan('b').remember(start('b'));
    few.plan('a');
    few.plan('c').remember(start('c'));
    expect([few.plan('a').known?.first.id, few.plan('b').known, few.plan('c').known?.first.id]).toEqual([
      'a',
      undefined,
      'c',
    ]);
  });
});
