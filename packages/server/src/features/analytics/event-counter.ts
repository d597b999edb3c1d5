import type { AppEvent, DropReason, EventsBody, EventsReply } from '@streamdesk/contract/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppCache } from '../../platform/app-cache.js';
import {
  addRollups,
  forgetBatchesBefore,
  recordBatches,
  type AnalyticsTables,
  type CountKind,
  type RollupRow,
} from './analytics.repository.js';
import { BatchLookup } from './batch-lookup.js';
import type { LiveViewerTracker } from './live-viewers.js';
import { addItemDays, addToItemTotals, type ItemCounters } from './item-totals.js';

/** Events may be up to this old (a phone that was offline). */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** Batch ids past the window are deleted this often, at most this many per flush until none is left. */
const FORGET_BATCHES_EVERY_MS = 60_000;
const FORGET_BATCHES_CHUNK = 5000;

export type Counted = Pick<EventsReply, 'accepted' | 'dropped' | 'droppedReasons' | 'duplicate'>;

/** The reply to a batch whose id was counted already: nothing is counted again. */
const repeated = (): Counted => ({
  accepted: 0,
  dropped: 0,
  droppedReasons: { unknownId: 0, tooOld: 0, inactive: 0 },
  duplicate: true,
});

/** A batch with an id, counted in memory: its rows are written only with its id (`write`). */
interface PendingBatch {
  receivedAt: number;
  rows: Map<string, RollupRow>;
}

/** Adds `from`'s counts to `into`, copying rows so that `from` stays as it was. */
function addRows(into: Map<string, RollupRow>, from: Map<string, RollupRow>): void {
  for (const [key, row] of from) {
    const again = into.get(key);
    if (again) again.count += row.count;
    else into.set(key, { ...row });
  }
}

/** An entity's items as the counter knows them: every id, and those switched off (`activeScope`). */
interface KnownIds {
  ids: Set<string>;
  inactive: Set<string>;
}

/** Why an event of an age the counter takes is dropped, if it is: `known` is its entity's items. */
function dropReason(event: AppEvent, known: KnownIds | undefined): DropReason | undefined {
  if (!known?.ids.has(event.id)) return 'unknownId';
  if (event.type === 'heartbeat' && known.inactive.has(event.id)) return 'inactive';
  return undefined;
}

/**
 * Counts app events in memory and writes them, at most once a second, in one transaction: per-day
 * rollups and each item's own totals. Raw events are never stored. `stop()` writes what is left, so a
 * clean shutdown loses nothing and a crash loses at most the last second.
 *
 * A batch with a `batchId` counts once within `batchWindowMs`, over every server process: its rows are
 * kept apart until a flush records its id in `event_batches`, in the transaction that writes its counts,
 * and only the batches whose id that insert recorded are counted. A crash before the commit loses both
 * (the app's retry counts), after it keeps both (the retry is a duplicate).
 */
export class EventCounter {
  /** Counts of batches without an id. */
  private pending = new Map<string, RollupRow>();
  /** Batches with an id, not yet written; and those the flush in progress is writing. */
  private batches = new Map<string, PendingBatch>();
  private writing = new Map<string, PendingBatch>();
  private nextForget = 0;
  private readonly lookup: BatchLookup;
  private readonly knownIds = new Map<string, Promise<KnownIds>>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<AnalyticsTables>,
    private readonly counters: ItemCounters,
    private readonly cache: AppCache,
    private readonly viewers: LiveViewerTracker,
    private readonly dayOf: (ms: number) => string,
    private readonly log: FastifyBaseLogger,
    private readonly batchWindowMs: number,
  ) {
    this.lookup = new BatchLookup(db);
    // A write in a feature may add or remove items, or switch one off: forget that feature's known ids.
    cache.onInvalidate((tag) => {
      for (const [entity, counter] of counters) if (counter.itemsTag === tag) this.knownIds.delete(entity);
    });
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** The known ids of an entity with a counter (undefined without one). */
  private ids(entity: string): Promise<KnownIds> | undefined {
    const counter = this.counters.get(entity);
    if (!counter) return undefined;
    let ids = this.knownIds.get(entity);
    if (!ids) {
      ids = counter.items(this.db).then((list) => ({
        ids: new Set(list.map((item) => item.id)),
        inactive: new Set(list.filter((item) => !item.active).map((item) => item.id)),
      }));
      ids.catch(() => this.knownIds.delete(entity));
      this.knownIds.set(entity, ids);
    }
    return ids;
  }

  /** Whether a batch id is counted in this process and not written yet (or being written). */
  private holds(batchId: string): boolean {
    return this.batches.has(batchId) || this.writing.has(batchId);
  }

  /** Whether a batch id was counted within the window before `now`: held here, or in the table. */
  private async counted(batchId: string, now: number): Promise<boolean> {
    if (this.holds(batchId)) return true;
    const receivedAt = await this.lookup.receivedAt(batchId);
    return receivedAt !== undefined && receivedAt > now - this.batchWindowMs;
  }

  /**
   * Counts a batch. A time ahead of the server's (a phone whose clock is fast) counts as received now, on
   * today's day: apps' clocks are often wrong and nothing counted may be lost. Dropped, under the first
   * reason that applies: events more than 7 days old (`tooOld`), for no item of their entity
   * (`unknownId`), and heartbeats for an item that is switched off (`inactive`). A batch whose `batchId`
   * this process holds, or the table has from within the window, counts nothing (`duplicate`).
   */
  async ingest({ events, batchId }: EventsBody, now = Date.now()): Promise<Counted> {
    if (batchId !== undefined && (await this.counted(batchId, now))) return repeated();
    const droppedReasons: Record<DropReason, number> = { unknownId: 0, tooOld: 0, inactive: 0 };
    const own = batchId === undefined ? undefined : new Map<string, RollupRow>();
    let accepted = 0;
    for (const event of events) {
      const at = event.at ? Math.min(Date.parse(event.at), now) : now;
      const reason = at < now - MAX_AGE_MS ? 'tooOld' : dropReason(event, await this.ids(event.entity));
      if (reason) {
        droppedReasons[reason]++;
        continue;
      }
      accepted++;
      if (event.type === 'heartbeat') {
        // At once, even for a batch whose id is not written yet: viewers are distinct clientIds, so a
        // copy of the batch counted by another process adds nobody.
        this.viewers.beat(event.clientId, event.entity === 'liveMatch' ? event.id : undefined, now, at);
        continue;
      }
      const kind: CountKind = event.type;
      const day = this.dayOf(at);
      const key = `${event.entity}\u0000${event.id}\u0000${day}\u0000${kind}`;
      // Read each time: a flush during the await above takes the pending counts away.
      const rows = own ?? this.pending;
      const row = rows.get(key);
      if (row) row.count++;
      else rows.set(key, { entity: event.entity, entity_id: event.id, day, kind, count: 1 });
    }
    if (batchId !== undefined && own) {
      // A copy sent at the same moment may have been counted while this one waited for the database.
      if (this.holds(batchId)) return repeated();
      this.batches.set(batchId, { receivedAt: now, rows: own });
    }
    return { accepted, dropped: events.length - accepted, droppedReasons, duplicate: false };
  }

  /** Writes what has been counted; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /**
   * Writes what has been counted, then runs `work` (a clear of counts) before any later flush starts.
   * A flush committed between a clear's read of the day rows and its delete would add to the totals
   * what the delete then removes from the day rows (PostgreSQL's READ COMMITTED lets both run at once).
   * `work` must not wait for a flush itself.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T> {
    const run = this.flushing.then(() => this.write()).then(work);
    this.flushing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0 && this.batches.size === 0) return;
    const loose = this.pending;
    const batches = this.batches;
    this.pending = new Map();
    this.batches = new Map();
    this.writing = batches;
    let tags: string[];
    try {
      await this.dropDeleted([loose, ...[...batches.values()].map((batch) => batch.rows)]);
      tags = await this.db.transaction().execute(async (trx) => {
        const rows = [...(batches.size ? await this.withRecorded(trx, loose, batches) : loose).values()];
        await addRollups(trx, rows);
        await addItemDays(trx, this.counters, rows);
        return addToItemTotals(trx, this.counters, rows);
      });
    } catch (error) {
      // Keep the counts, and the batches with their ids, for the next attempt rather than lose them.
      addRows(this.pending, loose);
      for (const [batchId, batch] of batches) this.batches.set(batchId, batch);
      this.log.error({ err: error }, 'writing counted events failed; will retry');
      return;
    } finally {
      this.writing = new Map();
    }
    for (const tag of new Set(tags)) this.cache.invalidate(tag);
    if (batches.size) await this.forgetOldBatches();
  }

  /**
   * Drops the counts of items deleted since they were counted: the delete removed the item's counted days
   * (the feature's ForgetCounts), and writing these would bring some back for an item no longer there. The
   * delete invalidated the feature's items tag, so the known ids are read again (a peer's delete once it
   * is heard of). A delete committed while the flush runs can still leave a few: the sweep
   * (orphan-counts.ts) removes them.
   */
  private async dropDeleted(counts: Map<string, RollupRow>[]): Promise<void> {
    const known = new Map<string, KnownIds>();
    for (const rows of counts)
      for (const [key, row] of rows) {
        let ids = known.get(row.entity);
        if (!ids) {
          const read = this.ids(row.entity);
          if (!read) continue;
          known.set(row.entity, (ids = await read));
        }
        if (!ids.ids.has(row.entity_id)) rows.delete(key);
      }
  }

  /**
   * Records the batches' ids and answers the counts to write: those without an id, and those of the
   * batches recorded. A batch whose id is there already (another process wrote it first) is dropped.
   * Ids go in sorted, so two processes' inserts take their row locks in the same order (PostgreSQL).
   */
  private async withRecorded(
    trx: Kysely<AnalyticsTables>,
    loose: Map<string, RollupRow>,
    batches: Map<string, PendingBatch>,
  ): Promise<Map<string, RollupRow>> {
    const ids = [...batches.keys()].sort();
    const recorded = await recordBatches(
      trx,
      ids.map((batchId) => ({ batch_id: batchId, received_at: batches.get(batchId)!.receivedAt })),
      this.batchWindowMs,
    );
    const rows = new Map<string, RollupRow>();
    addRows(rows, loose);
    for (const batchId of recorded) addRows(rows, batches.get(batchId)!.rows);
    return rows;
  }

  /**
   * Deletes batch ids past the window, about once a minute, a bounded chunk per flush so no flush waits
   * long; a full chunk means more are due, so the next flush goes on. A failure only waits for the next
   * turn: an id past the window is ignored by the lookup and replaced by the insert anyway.
   */
  private async forgetOldBatches(now = Date.now()): Promise<void> {
    if (now < this.nextForget) return;
    this.nextForget = now + FORGET_BATCHES_EVERY_MS;
    try {
      const deleted = await forgetBatchesBefore(this.db, now - this.batchWindowMs, FORGET_BATCHES_CHUNK);
      if (deleted === FORGET_BATCHES_CHUNK) this.nextForget = 0;
    } catch (error) {
      this.log.warn({ err: error }, 'deleting old event batch ids failed; will retry');
    }
  }
}
