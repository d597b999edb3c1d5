import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { scheduleOrphanSweep } from './orphan-counts.js';

const log = () =>
  ({ info: vi.fn(), warn: vi.fn() }) as unknown as FastifyBaseLogger &
    Record<string, ReturnType<typeof vi.fn>>;

afterEach(() => vi.useRealTimers());

describe('scheduleOrphanSweep', () => {
  it('sweeps once after the first delay, then every interval, and a failure waits for the next turn', async () => {
    vi.useFakeTimers();
    const sweep = vi
      .fn()
      .mockResolvedValueOnce(3)
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(0);
    const logger = log();
    const stop = scheduleOrphanSweep(sweep, logger, { firstAfterMs: 1000, everyMs: 5000 });

    await vi.advanceTimersByTimeAsync(999);
    expect(sweep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith({ ids: 3 }, expect.any(String));

    await vi.advanceTimersByTimeAsync(5000);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5000);
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(logger.info).toHaveBeenCalledTimes(1); // nothing swept: nothing said

    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sweep).toHaveBeenCalledTimes(3);
  });
});
