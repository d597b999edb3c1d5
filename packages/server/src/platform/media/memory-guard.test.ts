import { describe, expect, it } from 'vitest';
import { collectYoung, UploadMemoryGuard } from './memory-guard.js';

const MB = 1024 * 1024;

/** A guard watching a fake V8: `external` is what it reads, `collections` what it asked for. */
function watched(start: number) {
  const v8 = { external: start, collections: 0 };
  const guard = new UploadMemoryGuard({
    externalMemory: () => v8.external,
    collectYoung: () => {
      v8.collections++;
      v8.external = start + 2 * MB;
    },
  });
  /** `mb` MB arriving in 64 KB reads, each adding to external memory until collected. */
  const receive = (mb: number, maxGrowth?: number) => {
    for (let received = 0; received < mb * MB; received += 64 * 1024) {
      v8.external += 64 * 1024;
      guard.received(64 * 1024, maxGrowth);
    }
  };
  return { v8, guard, receive };
}

describe('UploadMemoryGuard', () => {
  it('asks for a minor GC once external memory stands 40 MB above its floor, then measures from there', () => {
    const { v8, receive } = watched(100 * MB);
    receive(4);
    receive(32);
    expect(v8.collections).toBe(0);
    receive(8);
    expect(v8.collections).toBe(1);
    // Measured again from the level after that collection: 40 MB later is the next.
    receive(32);
    expect(v8.collections).toBe(1);
    receive(8);
    expect(v8.collections).toBe(2);
  });

  it('looks only every 4 MB received', () => {
    const { v8, guard } = watched(0);
    guard.received(4 * MB);
    v8.external = 100 * MB;
    guard.received(4 * MB - 1);
    expect(v8.collections).toBe(0);
    guard.received(1);
    expect(v8.collections).toBe(1);
  });

  it('counts garbage an earlier upload left behind, and follows V8 back down after its own collections', () => {
    const { v8, receive } = watched(100 * MB);
    receive(4); // the floor: 104 MB
    receive(28); // an upload's garbage, not collected by V8 this time
    receive(12); // the next upload takes it to 40 MB above the floor
    expect(v8.collections).toBe(1);
    v8.external = 90 * MB; // V8 collects by itself: a new, lower floor
    receive(4);
    receive(32);
    expect(v8.collections).toBe(1);
    receive(8);
    expect(v8.collections).toBe(2);
  });

  it('collects sooner for a caller that asks for a lower threshold, from the same floor', () => {
    const { v8, receive } = watched(100 * MB);
    receive(4); // the floor: 104 MB
    receive(16, 24 * MB);
    expect(v8.collections).toBe(0);
    receive(8, 24 * MB);
    expect(v8.collections).toBe(1);
    // The form upload's bytes keep their 40 MB.
    receive(32);
    expect(v8.collections).toBe(1);
    receive(8);
    expect(v8.collections).toBe(2);
  });

  it('really runs a minor GC (Node’s gc, exposed at run time)', () => {
    expect(() => collectYoung()).not.toThrow();
  });
});
