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
 * Counted ids the sweep reads and checks at once: a statement of index seeks, then one primary-key read of
 * each counted entity's table, whatever the library's size (0095).
 */
const IDS_PER_STEP = 500;

/**
 * Deletes the counted days of ids that are no item of any counted entity: items deleted before their
 * delete removed its counts (51f1ee6), or whose counts were still in memory, or in a peer process, when
 * they went. Answers how many ids it cleared. Items in the trash keep their counts until purged.
 *
 * It walks the counted ids IDS_PER_STEP at a time and asks each counter about those ids only: reading
 * every id of every counted table at once took 3-4 s on SQLite at a million videos (the counted ids 2.4 s
 * and the videos' 0.9-1.9 s), all of it on the server's one connection. The reads go through `readDb`
 * (off the event loop on SQLite), the delete through `db`.
 *
 * The counted ids are read before the items: an id counted at that moment belonged to an item that
 * existed then (events are taken only for known items), so an id missing from the items read after it
 * was deleted in between, never one created since.
 */
export async function sweepOrphanCounts(
  db: AppDb,
  counters: Iterable<ItemCounter>,
  readDb: AppDb = db,
  idsPerStep = IDS_PER_STEP,
): Promise<number> {
  // Asked at every step: an iterator (a map's values) would give its counters to the first step only,
  // and every later step's ids would look like no item's.
  const each = [...counters];
  // The trash is read before and after the walk: an item moved either way meanwhile is in one of them.
  const trashed = new Set(await trashedIds(readDb));
  const missing: string[] = [];
  for (let after = ''; ;) {
    const counted = await countedIds(readDb, after, idsPerStep);
    if (!counted.length) break;
    const items = new Set<string>();
    for (const counter of each) for (const { id } of await counter.items(readDb, counted)) items.add(id);
    missing.push(...counted.filter((id) => !items.has(id) && !trashed.has(id)));
    after = counted.at(-1)!;
  }
  if (!missing.length) return 0;
  for (const id of await trashedIds(readDb)) trashed.add(id);
  const orphans = missing.filter((id) => !trashed.has(id));
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
