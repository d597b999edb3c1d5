import type { FastifyBaseLogger } from 'fastify';
import { forgetBatchesBefore, recordBatches, type RollupRow } from './analytics.repository.js';
import { BatchLookup } from './batch-lookup.js';
import type { AppDb } from '../../platform/db/database.js';

/** Batch ids past the window are deleted this often, at most this many per flush until none is left. */
const FORGET_BATCHES_EVERY_MS = 60_000;
const FORGET_BATCHES_CHUNK = 5000;

/** A batch with an id, counted in memory: its rows are written only with its id (`withRecorded`). */
export interface PendingBatch {
  receivedAt: number;
  rows: Map<string, RollupRow>;
}

/** Adds `from`'s counts to `into`, copying rows so that `from` stays as it was. */
export function addRows(into: Map<string, RollupRow>, from: Map<string, RollupRow>): void {
  for (const [key, row] of from) {
    const again = into.get(key);
    if (again) again.count += row.count;
    else into.set(key, { ...row });
  }
}

/**
 * The batches with a `batchId` that this process counted and has not written, and the ids in
 * `event_batches`: a batch counts once within the window, over every server process. Its rows are kept
 * apart until a flush records its id in the transaction that writes its counts, and only the batches
 * whose id that insert recorded are counted. A crash before the commit loses both (the app's retry
 * counts), after it keeps both (the retry is a duplicate).
 */
export class CountedBatches {
  /** Batches not yet written; and those the flush in progress is writing. */
  private pending = new Map<string, PendingBatch>();
  private writing = new Map<string, PendingBatch>();
  private nextForget = 0;
  private readonly lookup: BatchLookup;

  constructor(
    private readonly db: AppDb,
    private readonly windowMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.lookup = new BatchLookup(db);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Whether a batch id is counted in this process and not written yet (or being written). */
  holds(batchId: string): boolean {
    return this.pending.has(batchId) || this.writing.has(batchId);
  }

  /** Whether a batch id was counted within the window before `now`: held here, or in the table. */
  async counted(batchId: string, now: number): Promise<boolean> {
    if (this.holds(batchId)) return true;
    const receivedAt = await this.lookup.receivedAt(batchId);
    return receivedAt !== undefined && receivedAt > now - this.windowMs;
  }

  /** Keeps a counted batch until a flush writes it with its id. */
  add(batchId: string, batch: PendingBatch): void {
    this.pending.set(batchId, batch);
  }

  /** Takes the batches for a flush to write; they are still held (`holds`) until `written()`. */
  take(): Map<string, PendingBatch> {
    const taken = this.pending;
    this.pending = new Map();
    this.writing = taken;
    return taken;
  }

  /** Keeps taken batches, with their ids, for the next flush after a failed write. */
  putBack(taken: Map<string, PendingBatch>): void {
    for (const [batchId, batch] of taken) this.pending.set(batchId, batch);
  }

  /** The flush that took the batches has ended (written or put back). */
  written(): void {
    this.writing = new Map();
  }

  /**
   * Records the batches' ids and answers the counts to write: those without an id (`loose`), and those of
   * the batches recorded. A batch whose id is there already (another process wrote it first) is dropped.
   * Ids go in sorted, so two processes' inserts take their row locks in the same order (PostgreSQL).
   */
  async withRecorded(
    trx: AppDb,
    loose: Map<string, RollupRow>,
    taken: Map<string, PendingBatch>,
  ): Promise<Map<string, RollupRow>> {
    const ids = [...taken.keys()].sort();
    const recorded = await recordBatches(
      trx,
      ids.map((batchId) => ({ batch_id: batchId, received_at: taken.get(batchId)!.receivedAt })),
      this.windowMs,
    );
    const rows = new Map<string, RollupRow>();
    addRows(rows, loose);
    for (const batchId of recorded) addRows(rows, taken.get(batchId)!.rows);
    return rows;
  }

  /**
   * Deletes batch ids past the window, about once a minute, a bounded chunk per flush so no flush waits
   * long; a full chunk means more are due, so the next flush goes on. A failure only waits for the next
   * turn: an id past the window is ignored by the lookup and replaced by the insert anyway.
   */
  async forgetOld(now = Date.now()): Promise<void> {
    if (now < this.nextForget) return;
    this.nextForget = now + FORGET_BATCHES_EVERY_MS;
    try {
      const deleted = await forgetBatchesBefore(this.db, now - this.windowMs, FORGET_BATCHES_CHUNK);
      if (deleted === FORGET_BATCHES_CHUNK) this.nextForget = 0;
    } catch (error) {
      this.log.warn({ err: error }, 'deleting old event batch ids failed; will retry');
    }
  }
}
