import {
  analyticsMessages,
  type DropReason,
  type EventsBody,
  type EventsReply,
} from '@streamdesk/contract/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { AppCache } from '../../platform/app-cache.js';
import { HttpError } from '../../platform/errors.js';
import {
  addRollups,
  forgetJournals,
  journalsApplied,
  recordedJournals,
  markJournalsApplied,
  type CountKind,
  type RollupRow,
} from './analytics.repository.js';
import { addRows, CountedBatches } from './counted-batches.js';
import type { EventJournal, JournalRecord, SegmentName } from './event-journal.js';
import { addItemDays, addToItemTotals, type ItemCounters } from './item-totals.js';
import { KnownItems } from './known-items.js';
import type { LiveViewerTracker } from './live-viewers.js';
import type { AppDb } from '../../platform/db/database.js';

/** Events may be up to this old (a phone that was offline). */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export type Counted = Pick<EventsReply, 'accepted' | 'dropped' | 'droppedReasons' | 'duplicate'>;

const rowKey = (row: RollupRow) => `${row.entity}\u0000${row.entity_id}\u0000${row.day}\u0000${row.kind}`;

/** The reply to a batch whose id was counted already: nothing is counted again. */
const repeated = (): Counted => ({
  accepted: 0,
  dropped: 0,
  droppedReasons: { unknownId: 0, tooOld: 0, inactive: 0 },
  duplicate: true,
});

/** The last file of each journal among `names`: a flush that commits them records these. */
function lastOfEach(names: readonly SegmentName[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const { journal, seq } of names) last.set(journal, Math.max(seq, last.get(journal) ?? -1));
  return last;
}

/**
 * Counts app events in memory and writes them, at most once a second, in one transaction: per-day
 * rollups and each item's own totals (through its feature's counter). Raw events are never stored.
 * A batch is acknowledged once it is in the journal on disk (event-journal.ts), so a crash loses
 * nothing acknowledged: start-up counts again what the journal has and the database lacks (`replay`).
 * `stop()` writes what is left. Which events are dropped: known-items.ts; batches with a `batchId`,
 * counted once within `batchWindowMs` over every server process: counted-batches.ts.
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
    private readonly db: AppDb,
    private readonly counters: ItemCounters,
    private readonly cache: AppCache,
    private readonly viewers: LiveViewerTracker,
    private readonly dayOf: (ms: number) => string,
    private readonly log: FastifyBaseLogger,
    batchWindowMs: number,
    private readonly journal: EventJournal,
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

  /** After the last requests: writes what they added and leaves no journal behind. */
  async close(): Promise<void> {
    await this.flush();
    if (this.journal.unapplied) return; // the write failed: the files stay for the next start
    await this.journal.close();
    await forgetJournals(this.db, [this.journal.id]).catch(() => undefined);
  }

  /**
   * At start-up, counts again the batches a process that crashed acknowledged and did not write, and
   * writes them at once.
   */
  async replay(): Promise<number> {
    const records = await this.journal.takeLeftovers((journals) => journalsApplied(this.db, journals));
    if (records.length || this.journal.unapplied) {
      for (const record of records) this.keep(record);
      await this.flush();
      if (this.journal.unapplied) return records.length; // the write failed: the next start tries again
    }
    // A crashed process's row outlives its files, which are now counted and gone: one row was left
    // for every crash until a start forgot it.
    const finished = await this.journal.finished(await recordedJournals(this.db));
    await forgetJournals(this.db, finished);
    return records.length;
  }

  /** Keeps a journalled batch's counts for the next flush. */
  private keep({ batchId, receivedAt, rows }: JournalRecord): void {
    const counts = new Map(rows.map((row) => [rowKey(row), row]));
    if (batchId === undefined) addRows(this.pending, counts);
    else if (!this.batches.holds(batchId)) this.batches.add(batchId, { receivedAt, rows: counts });
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
    const counts = new Map<string, RollupRow>();
    let accepted = 0;
    const dropReason = await this.known.dropReasons(events);
    for (const event of events) {
      const at = event.at ? Math.min(Date.parse(event.at), now) : now;
      const reason = at < now - MAX_AGE_MS ? 'tooOld' : dropReason(event);
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
      const row = { entity: event.entity, entity_id: event.id, day: this.dayOf(at), kind, count: 1 };
      const key = rowKey(row);
      const same = counts.get(key);
      if (same) same.count++;
      else counts.set(key, row);
    }
    // From here to the append, in one tick: the counts go to the flush that also covers the journal
    // file they are appended to (a flush takes both in one tick, `write`).
    if (batchId !== undefined) {
      // A copy sent at the same moment may have been counted while this one waited for the database.
      if (this.batches.holds(batchId)) return repeated();
      this.batches.add(batchId, { receivedAt: now, rows: counts });
    } else if (counts.size) addRows(this.pending, counts);
    if (batchId !== undefined || counts.size) {
      try {
        await this.journal.append({ batchId, receivedAt: now, rows: [...counts.values()] });
      } catch (error) {
        this.log.error({ err: error }, 'writing events to the journal failed');
        throw new HttpError(503, analyticsMessages.notStored);
      }
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
    if (this.pending.size === 0 && this.batches.size === 0 && !this.journal.unapplied) return;
    // In the tick that takes the counts: the journal files holding exactly them.
    const covered = this.journal.rotate();
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
        await markJournalsApplied(trx, lastOfEach(covered));
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
    await this.journal.applied(covered);
    if (batches.size) await this.batches.forgetOld();
  }
}
