import { batchesReceived } from './analytics.repository.js';
import type { AppDb } from '../../platform/db/database.js';

type Waiter = { resolve: (receivedAt: number | undefined) => void; reject: (error: unknown) => void };

/**
 * Looks app event batch ids up in `event_batches` together: the lookups asked for while the server
 * handles one round of I/O go out as one query once it is done (`setImmediate`). Under load many batches
 * arrive in one round, and one query for all of them costs about what one query for each would (building
 * and preparing it was most of a lookup's cost: bench:app's events lost about a third of their rate with
 * one query per batch). A failed query fails every lookup it held.
 */
export class BatchLookup {
  private queued: Map<string, Waiter[]> | undefined;

  constructor(private readonly db: AppDb) {}

  /** When the table says the batch was received (ms), or undefined when it does not have it. */
  receivedAt(batchId: string): Promise<number | undefined> {
    if (!this.queued) {
      this.queued = new Map();
      setImmediate(() => void this.run());
    }
    const queued = this.queued;
    return new Promise((resolve, reject) => {
      const waiters = queued.get(batchId);
      if (waiters) waiters.push({ resolve, reject });
      else queued.set(batchId, [{ resolve, reject }]);
    });
  }

  private async run(): Promise<void> {
    const queued = this.queued!;
    this.queued = undefined;
    try {
      const found = await batchesReceived(this.db, [...queued.keys()]);
      for (const [batchId, waiters] of queued) for (const w of waiters) w.resolve(found.get(batchId));
    } catch (error) {
      for (const waiters of queued.values()) for (const w of waiters) w.reject(error);
    }
  }
}
