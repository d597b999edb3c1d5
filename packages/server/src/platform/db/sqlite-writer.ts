import type { CompiledQuery, Kysely } from 'kysely';
import { SqliteReaders, type ReaderFunctions } from './sqlite-readers.js';

/** Background work's writes: each call one transaction, whose statements' changed rows it answers. */
export interface BackgroundWrites {
  transaction(queries: readonly CompiledQuery[]): Promise<number[]>;
}

/**
 * SQLite writes off the event loop: one thread (sqlite-readers.ts's, made writable) with its own
 * connection on the server's database file, for background work whose statements can run for more than
 * a millisecond. better-sqlite3 runs a statement to its end on the thread that called it: the activity
 * search index's batches, on the main thread, held every request while FTS5 merged its segments (80-300
 * ms a batch at 100,000 entries, whatever its merge settings: docs/decisions/0081-background-writer.md).
 *
 * A transaction's statements go to the thread together and run there to the end, and no other way of
 * writing is offered: a transaction sent a statement at a time would hold the write lock between them,
 * and a write of the main connection meanwhile would wait for it in SQLite's busy handler, on the very
 * thread that sends the next statement, until busy_timeout failed it. While the thread writes, a write
 * of the main connection waits as for another server process's.
 */
export class SqliteWriter implements BackgroundWrites {
  private readonly thread: SqliteReaders;

  constructor(file: string, functions: ReaderFunctions) {
    this.thread = new SqliteReaders(file, 1, functions, true);
  }

  async transaction(queries: readonly CompiledQuery[]): Promise<number[]> {
    const statements = queries.map(({ sql, parameters }) => ({ sql, parameters }));
    return (await this.thread.run(statements)).changes;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

/** Background writes on `db`'s own connections (PostgreSQL's queries never run on the event loop). */
export const writesOn = <T>(db: Kysely<T>): BackgroundWrites => ({
  transaction: (queries) =>
    db.transaction().execute(async (trx) => {
      const changed: number[] = [];
      for (const query of queries) changed.push(Number((await trx.executeQuery(query)).numAffectedRows ?? 0));
      return changed;
    }),
});
