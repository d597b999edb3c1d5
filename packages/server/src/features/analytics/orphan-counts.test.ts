import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { ItemCounter } from '../../platform/item-counter.js';
import { createTestApp } from '../../test/test-app.js';
import { addTestItems } from '../../test/test-items.js';
import { scheduleOrphanSweep, sweepOrphanCounts } from './orphan-counts.js';

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

describe('sweepOrphanCounts', () => {
  it('walks the counted ids a step at a time, asking each counter about those ids only', async () => {
    const t = await createTestApp();
    try {
      const items = ['a1', 'a3', 'a4', 'a6', 'a7'].map((id) => id.padEnd(24, '0'));
      const orphans = ['a2', 'a5', 'a8'].map((id) => id.padEnd(24, '0'));
      await addTestItems(t.app, items);
      const { db } = t.app.streamdesk.context;
      for (const id of [...items, ...orphans])
        await sql`INSERT INTO event_rollups (entity_id, day, kind, entity, count)
          VALUES (${id}, '2025-01-01', 'view', 'reel', 3)`.execute(db);
      const asked: number[] = [];
      const counters = [...t.app.streamdesk.analytics.counters.values()].map((counter): ItemCounter => ({
        ...counter,
        items: (on, ids) => {
          asked.push(ids.length);
          return counter.items(on, ids);
        },
      }));

      // The counters as the server hands them over, a map's values: an iterator, read once.
      expect(await sweepOrphanCounts(db, new Map(counters.entries()).values(), db, 3)).toBe(3);

      const { rows } = await sql<{
        id: string;
      }>`SELECT entity_id AS id FROM event_rollups ORDER BY 1`.execute(db);
      expect(rows.map((row) => row.id)).toEqual(items);
      // Eight counted ids in steps of three: every counter asked three times, about 3, 3 and 2 ids.
      expect(asked).toEqual([3, 3, 2].flatMap((n) => counters.map(() => n)));
    } finally {
      await t.close();
    }
  });
});
