import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_CHUNK_TIMEOUT_MS, screenChunk } from './screen-chunk';

const Screen = () => null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('screenChunk', () => {
  it("gives the route the chunk's default export", async () => {
    await expect(screenChunk(async () => ({ default: Screen }))()).resolves.toEqual({ Component: Screen });
  });

  it('gives up on a chunk that has not arrived after 120 s', async () => {
    const loading = screenChunk(() => new Promise<never>(() => {}))();
    const outcome = loading.then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(SCREEN_CHUNK_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('The screen did not load within 120 s');
  });
});
