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
    for (const index of indexes) {
      await createOrderIndex(db, dialect, index);
      if (analyzed) await sql`ANALYZE ${sql.raw(index.name)}`.execute(db);
    }
  },
});

/**
 * PostgreSQL: the lower-cased orders' indexes of `indexes` made again as orderIndexes makes them now, with
 * the column included (made before 0077 without it). SQLite: nothing.
 */
export const loweredOrderIndexesAgain = (indexes: OrderIndex[]): Migration => ({
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    for (const index of indexes.filter((i) => i.lowered)) {
      await sql`DROP INDEX IF EXISTS ${sql.raw(index.name)}`.execute(db);
      await createOrderIndex(db, 'postgres', index);
    }
  },
});

async function createOrderIndex(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres', index: OrderIndex) {
  const { name, table, leading = [], by, lowered: folded } = index;
  const key = folded ? lowered(dialect, by) : sql.ref(by);
  const columns = [...leading.map((c) => sql.ref(c)), key, sql.ref('id')];
  // PostgreSQL reads an index alone (an index-only scan) only if it holds every column the statement
  // names, and a key of lower(title) names title: included, page 5000 by title's walk of 100,000 entries
  // at a million videos read 2,526 pages in 16 ms rather than 22,564 of the table's and the index's in
  // 85 ms (0077). SQLite reads its expression indexes alone already.
  const included = folded && dialect === 'postgres' ? sql` INCLUDE (${sql.ref(by)})` : sql``;
  await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.table(table)} (${sql.join(columns)})${included}`.execute(
    db,
  );
}
