import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { exposedGc } from './media/memory-guard.js';
import { keepTickShape, newTickRecord } from './tick-shape.js';

/** A fresh record, caught the same way keepTickShape catches its own. */
function nextTickRecord(): object {
  const record = newTickRecord();
  if (!record) throw new Error('no TickObject seen');
  return record;
}

describe('keepTickShape', () => {
  it("keeps nextTick's record shape across full GCs, so new records share it", async () => {
    setFlagsFromString('--allow-natives-syntax');
    const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
      a: object,
      b: object,
    ) => boolean;
    const fullGc = exposedGc();

    const kept = keepTickShape();
    expect(kept).toBeDefined();
    expect(keepTickShape()).toBe(kept);
    // The records' shapes are the ones to keep: a fresh record has the kept one's.
    expect(sameShape(kept!, nextTickRecord())).toBe(true);

    // Let every other record go, collect everything, and build new ones.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fullGc();
    }
    expect(sameShape(kept!, nextTickRecord())).toBe(true);
  });
});
