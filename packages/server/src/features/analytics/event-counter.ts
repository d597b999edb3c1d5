import type { DropReason, EventsBody, EventsReply } from '@streamdesk/contract/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppCache } from '../../platform/app-cache.js';
import { addRollups, type AnalyticsTables, type CountKind, type RollupRow } from './analytics.repository.js';
import { addRows, CountedBatches } from './counted-batches.js';
import { addItemDays, addToItemTotals, type ItemCounters } from './item-totals.js';
import { KnownItems } from './known-items.js';
import type { LiveViewerTracker } from './live-viewers.js';

/** Events may be up to this old (a phone that was offline). */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export type Counted = Pick<EventsReply, 'accepted' | 'dropped' | 'droppedReasons' | 'duplicate'>;

/** The reply to a batch whose id was counted already: nothing is counted again. */
const repeated = (): Counted => ({
  accepted: 0,
  dropped: 0,
  droppedReasons: { unknownId: 0, tooOld: 0, inactive: 0 },
  duplicate: true,
});

/**
 * Counts app events in memory and writes them, at most once a second, in one transaction: per-day
 * rollups and each item's own totals (through its feature's counter). Raw events are never stored.
 * `stop()` writes what is left, so a clean shutdown loses nothing and a crash loses at most the last
 * second. Which events are dropped: known-items.ts; batches with a `batchId`, counted once within
 * `batchWindowMs` over every server process: counted-batches.ts.
 */
export class EventCounter {
  /** Counts of batches without an id. */
  private pending = new Map<string, RollupRow>();
  private readonly batches: CountedBatches;
  private readonly known: KnownItems;
  private flushing: Promise<void> = Promise.resolve();
  /** How many deletes of counted items have begun (`forgetItems`): a flush sees if one began meanwhile. */
  private deletes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<AnalyticsTables>,
    private readonly counters: ItemCounters,
    private readonly cache: AppCache,
    private readonly viewers: LiveViewerTracker,
    private readonly dayOf: (ms: number) => string,
    private readonly log: FastifyBaseLogger,
    batchWindowMs: number,
  ) {
    this.batches = new CountedBatches(db, batchWindowMs, log);
    this.known = new KnownItems(db, counters, cache);
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /**
   * Counts a batch. A time ahead of the server's (a phone whose clock is fast) counts as received now, on
   * today's day: apps' clocks are often wrong and nothing counted may be lost. Dropped, under the first
   * reason that applies: events more than 7 days old (`tooOld`), for no item of their entity
   * (`unknownId`), and heartbeats for an item that is switched off (`inactive`). A batch whose `batchId`
   * this process holds, or the table has from within the window, counts nothing (`duplicate`).
   */
  async ingest({ events, batchId }: EventsBody, now = Date.now()): Promise<Counted> {
    if (batchId !== undefined && (await this.batches.counted(batchId, now))) return repeated();
    const droppedReasons: Record<DropReason, number> = { unknownId: 0, tooOld: 0, inactive: 0 };
    const own = batchId === undefined ? undefined : new Map<string, RollupRow>();
    let accepted = 0;
    for (const event of events) {
      const at = event.at ? Math.min(Date.parse(event.at), now) : now;
      const reason = at < now - MAX_AGE_MS ? 'tooOld' : await this.known.dropReason(event);
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
      if (this.batches.holds(batchId)) return repeated();
      this.batches.add(batchId, { receivedAt: now, rows: own });
    }
    return { accepted, dropped: events.length - accepted, droppedReasons, duplicate: false };
  }

  /**
   * A delete of items of `entity` is under way, in its transaction: their known ids are read again, and a
   * flush that began before it reads them again in its own transaction before writing.
   */
  forgetItems(entity: string): void {
    this.deletes++;
    this.known.forget(entity);
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
    this.pending = new Map();
    const batches = this.batches.take();
    const counts = [loose, ...[...batches.values()].map((batch) => batch.rows)];
    const deletesBefore = this.deletes;
    let tags: string[];
    try {
      await this.known.dropDeleted(counts);
      tags = await this.db.transaction().execute(async (trx) => {
        // A delete that began after the check above may have removed its items' counted days since: on
        // SQLite it has committed by now (the one connection was its), so the ids read here are the
        // truth. Its counts, written now, would stay for good (seen under load: a deleted story still
        // counted). On PostgreSQL a delete still open on another connection is left to the sweep.
        if (this.deletes !== deletesBefore) await this.known.dropDeleted(counts, trx);
        const counted = batches.size ? await this.batches.withRecorded(trx, loose, batches) : loose;
        const rows = [...counted.values()];
        await addRollups(trx, rows);
        await addItemDays(trx, this.counters, rows);
        return addToItemTotals(trx, this.counters, rows);
      });
    } catch (error) {
      // Keep the counts, and the batches with their ids, for the next attempt rather than lose them.
      addRows(this.pending, loose);
      this.batches.putBack(batches);
      this.log.error({ err: error }, 'writing counted events failed; will retry');
      return;
    } finally {
      this.batches.written();
    }
    for (const tag of new Set(tags)) this.cache.invalidate(tag);
    if (batches.size) await this.batches.forgetOld();
  }
}
