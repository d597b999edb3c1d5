import { createHook } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keepTickShape } from './tick-shape.js';

/** The record Node builds for one nextTick, caught the same way keepTickShape catches its own. */
function nextTickRecord(): object {
  let record: object | undefined;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') record ??= resource as object;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  if (!record) throw new Error('no TickObject seen');
  return record;
}

describe('keepTickShape', () => {
  it("keeps nextTick's record shape across full GCs, so new records share it", async () => {
    setFlagsFromString('--allow-natives-syntax');
    setFlagsFromString('--expose-gc');
    const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
      a: object,
      b: object,
    ) => boolean;
    const fullGc = runInNewContext('gc') as () => void;

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
