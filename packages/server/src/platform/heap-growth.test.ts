import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from './heap-growth.js';

/**
 * A child Node process that sets `flag` at run time (as steadyHeapGrowth does), then lets its heap go
 * quiet between full collections, the case in which V8 lowers its growing factor. Returns the factor of
 * every old-generation limit V8 computed, from its own trace.
 */
function limitFactors(flag: string | undefined): number[] {
  const script = `
    import { setFlagsFromString } from 'node:v8';
    import { runInNewContext } from 'node:vm';
    import { setTimeout as sleep } from 'node:timers/promises';
    if (process.env.FLAG) setFlagsFromString(process.env.FLAG);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc');
    const kept = [];
    for (let i = 0; i < 50000; i++) kept.push({ i });
    gc();
    for (let round = 0; round < 4; round++) {
      await sleep(100);
      kept.push({ round });
      gc();
    }
  `;
  const trace = execFileSync(process.execPath, ['--trace-gc-verbose', '--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, FLAG: flag ?? '' },
    encoding: 'utf8',
  });
  return [...trace.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)/g)].map((m) => Number(m[1]));
}

describe('heapGrowthFlag', () => {
  it('pins the growing factor unless the operator set one', () => {
    expect(heapGrowthFlag([], '')).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--heap-growing-percent=50'], '')).toBeUndefined();
    expect(heapGrowthFlag([], '--max-old-space-size=512 --heap_growing_percent=80')).toBeUndefined();
    expect(heapGrowthFlag(['--max-semi-space-size=64'], '--enable-source-maps')).toBeDefined();
  });

  it('keeps the limit at four times the live heap when the heap goes quiet', () => {
    // Without the flag V8 lowers the factor as the heap goes quiet: the case the flag is for. How far it
    // lowers it depends on how busy the machine is (1.1 to 2.3 seen), so only below the pinned factor;
    // on a machine busy with other tests one run can stay at the top, so the control gets three tries.
    const below = (factors: number[]) => Math.min(...factors) < 1 + HEAP_GROWING_PERCENT / 100;
    let dynamic = limitFactors(undefined);
    for (let attempt = 1; attempt < 3 && !below(dynamic); attempt++) dynamic = limitFactors(undefined);
    expect(dynamic.length).toBeGreaterThanOrEqual(4);
    expect(below(dynamic)).toBe(true);

    const pinned = limitFactors(heapGrowthFlag([], ''));
    expect(pinned.length).toBeGreaterThanOrEqual(4);
    expect(pinned.every((factor) => factor === 1 + HEAP_GROWING_PERCENT / 100)).toBe(true);
  });
});
