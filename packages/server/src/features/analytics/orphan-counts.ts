import type { FastifyBaseLogger } from 'fastify';
import type { ItemCounter } from '../../platform/item-counter.js';
import { countedIds, deleteCountsOf } from './analytics.repository.js';
import type { AppDb } from '../../platform/db/database.js';
import { trashedIds } from '../../platform/trash/trash.repository.js';

/**
 * Two years of days of 20 items are 29,200 rows, about 15 ms on SQLite, whose statements hold the
 * server's one connection (and its event loop): the first sweep after an upgrade may find many.
 */
const ORPHANS_PER_STATEMENT = 20;

/**
 * Deletes the counted days of ids that are no item of any counted entity: items deleted before their
 * delete removed its counts (51f1ee6), or whose counts were still in memory, or in a peer process, when
 * they went. Answers how many ids it cleared. Items in the trash keep their counts until purged.
 *
 * The counted ids are read before the items: an id counted at that moment belonged to an item that
 * existed then (events are taken only for known items), so an id missing from the items read after it
 * was deleted in between, never one created since.
 */
export async function sweepOrphanCounts(db: AppDb, counters: Iterable<ItemCounter>): Promise<number> {
  const counted = await countedIds(db);
  if (!counted.length) return 0;
  // The trash is read before and after the items: an item moved either way in between is in one of them.
  const items = new Set<string>(await trashedIds(db));
  for (const counter of counters) for (const { id } of await counter.items(db)) items.add(id);
  for (const id of await trashedIds(db)) items.add(id);
  const orphans = counted.filter((id) => !items.has(id));
  await deleteCountsOf(db, orphans, { perStatement: ORPHANS_PER_STATEMENT });
  return orphans.length;
}

/**
 * Sweeps a while after the start, then once a day; each process of a deployment does (the sweep is
 * idempotent and costs a seek per counted id plus a read of each items table). Not at start: it would
 * hold back the first requests, and a test's own rows would race with it.
 */
export function scheduleOrphanSweep(
  sweep: () => Promise<number>,
  log: FastifyBaseLogger,
  { firstAfterMs = 10 * 60_000, everyMs = 24 * 3600_000 } = {},
): () => void {
  const run = () =>
    sweep().then(
      (ids) => {
        if (ids) log.info({ ids }, 'removed the counted days of deleted items');
      },
      (error: unknown) => log.warn({ err: error }, 'sweeping counts of deleted items failed; will retry'),
    );
  let timer = setTimeout(function next() {
    void run();
    timer = setTimeout(next, everyMs).unref();
  }, firstAfterMs).unref();
  return () => clearTimeout(timer);
}
