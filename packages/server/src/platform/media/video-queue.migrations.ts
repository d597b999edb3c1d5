import { sql, type Kysely, type Migration } from 'kysely';

// Its own file, importing nothing of the app: the features' migrations use it, and the test suites'
// global set-up migrates before the contract package is built (a fresh clone has no dist/), so nothing
// it reaches may import the contract.

/**
 * The migration that gives `table` the queue's columns. Rows already there are `ready` without HLS: they
 * play their MP4 as before, and a start does not queue hours of transcoding for what served fine (0044).
 */
export const processingColumns = (table: string): Migration => ({
  async up(db: Kysely<unknown>) {
    const columns: [string, 'text' | 'integer', string | number][] = [
      ['state', 'text', 'ready'],
      ['progress', 'integer', 100],
      ['error', 'text', ''],
      ['hls', 'text', ''],
      ['hls_files', 'text', ''],
      ['attempts', 'integer', 0],
      ['queued_at', 'text', ''],
      ['worker', 'text', ''],
    ];
    for (const [name, type, fallback] of columns)
      await db.schema
        .alterTable(table)
        .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
        .execute();
    // No default: a lease is there only while a process works on the video.
    await db.schema.alterTable(table).addColumn('lease_until', 'text').execute();
    await db.schema.createIndex(`${table}_state_queued`).on(table).columns(['state', 'queued_at']).execute();
  },
});

/**
 * The rows the poster backfill looks for (docs/decisions/0061-ladder-poster.md): ready, with a ladder, and
 * no poster among its files. Written as literals in the index and in the query that seeks it: SQLite's
 * planner uses a partial index only for a query whose terms match its own, and a bound value hides them.
 */
export const POSTERLESS = "state = 'ready' AND hls <> '' AND hls_files NOT LIKE '%.jpg%'";

/**
 * An index of the rows the poster backfill still has to make a poster for: its walk at each start read
 * every ready row of the table on the event loop (78-139 ms at 100,000 in-house ads, bench:scale), and
 * there is none to find once the backfill is done.
 */
export const posterlessIndex = (table: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX ${sql.id(`${table}_posterless`)} ON ${sql.table(table)} (id)
      WHERE ${sql.raw(POSTERLESS)}`.execute(db);
  },
});
