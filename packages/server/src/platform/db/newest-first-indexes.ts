import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';
import { lowered } from './dialect.js';

/** An index serving `newestFirstPage` (paging.ts) over rows filtered by `leading` columns first. */
export interface NewestFirstIndex {
  name: string;
  table: string;
  leading?: string[];
  /** Columns after (created_at, id) that a filter reads, so its walk needs no table row (a covering index). */
  covering?: string[];
}

/**
 * A migration that (re)creates indexes ending in (created_at, id), the order of every newest-first page.
 * Without id the database sorts each filtered set again for the tie-break ("TEMP B-TREE FOR LAST TERM"),
 * which grows with the table; an index of the same name made before is replaced.
 */
export const newestFirstIndexes = (indexes: NewestFirstIndex[]): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const { name, table, leading = [], covering = [] } of indexes) {
      await db.schema.dropIndex(name).ifExists().execute();
      await db.schema
        .createIndex(name)
        .on(table)
        .columns([...leading, 'created_at', 'id', ...covering])
        .execute();
    }
  },
});

/** An index serving a list's order by `by` (paging.ts) over rows filtered by `leading` columns first. */
export interface OrderIndex {
  name: string;
  table: string;
  leading?: string[];
  by: string;
  /** Ordered as the lists order names: lower-cased (dialect.ts `lowered`), so the index holds the same key. */
  lowered?: boolean;
}

/**
 * A migration that creates indexes ending in (order key, id) for a list's orders other than its date: the
 * key as the list orders by it, the id that breaks its ties. Without one, every page of that order sorted
 * the whole filtered table: 90 ms-1.5 s a page at a million videos (0075).
 */
export const orderIndexes = (indexes: OrderIndex[]): Migration => ({
  async up(db: Kysely<unknown>) {
    const dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
    // SQLite with statistics (a database someone ran ANALYZE on): a new index without its own looked cheaper
    // than the date order's for `ads_story = ?` and the story list sorted the kind (4 -> 65 ms at 100,000).
    // ANALYZE of the index alone gives it its row; a database without statistics is left without.
    const analyzed =
      dialect === 'sqlite' &&
      (await sql`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(db)).rows.length > 0;
    for (const { name, table, leading = [], by, lowered: folded } of indexes) {
      const key = folded ? lowered(dialect, by) : sql.ref(by);
      const columns = [...leading.map((c) => sql.ref(c)), key, sql.ref('id')];
      await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.table(table)} (${sql.join(columns)})`.execute(db);
      if (analyzed) await sql`ANALYZE ${sql.raw(name)}`.execute(db);
    }
  },
});
