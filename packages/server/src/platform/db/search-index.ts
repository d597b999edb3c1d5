import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';
import { UNICODE_LOWER } from './dialect.js';

/**
 * A list's search (`q`: rows where any of `columns` contains the text, case folded as dialect.ts folds
 * it) answered through an index instead of a scan (docs/decisions/0048-search-indexes.md).
 *
 * SQLite: a contentless FTS5 table `<table>_search` with the trigram tokenizer, keyed by the row's
 * rowid, holding each column already lower-cased by `unicode_lower` (so it folds exactly as the scan did,
 * accents kept) and kept in step by triggers. A phrase of three or more characters is then a substring
 * match; shorter text has no trigram, so it keeps the scan.
 * PostgreSQL: a pg_trgm GIN index on each column, which its ILIKE uses as it is.
 * The lists' queries ask it through search.ts.
 */
export interface SearchIndex {
  table: string;
  columns: readonly string[];
  /**
   * PostgreSQL: the table has the columns' folded text in one column, with the trigram index
   * (search-folded.ts; its migration replaces the columns' own indexes).
   */
  folded?: boolean;
  /** SQLite: the table keeps the newest date of each block of rowids (search-blocks.ts). */
  blocks?: boolean;
  /**
   * A column the list filters by one value of (the library's category): a second index keys each row's
   * trigrams by its value, so a search within one value reads only that value's matches (search-groups.ts).
   */
  group?: string;
  /**
   * PostgreSQL: two more indexes key each row's trigrams by its ten days and its day of `created_at`, so a
   * search in date order reads its matches a span at a time from the order's start (search-spans.ts).
   */
  spans?: boolean;
}

/**
 * PostgreSQL: the storage of every GIN index the search makes. A GIN index takes the entries of a row's
 * insert or update into a pending list that every search of the index reads whole, merged into the index
 * only when the list passes `gin_pending_list_limit` (4 MB by default) or at a vacuum. An app's views
 * rewrite a video's row (views is an order's key, 0075), so its entries come all day: after 1,000 views
 * (50-100 of 512 pages a list) the planner costed the date spans' probe (0069) above a sequential scan and
 * `Video 1` ran 98.8 s. At 64 kB (the least PostgreSQL takes) it stays at 14-21 ms through 8,000 views; the
 * views' update of 500 videos costs 350-486 ms rather than 152-164 (docs/decisions/0076-gin-pending-lists.md).
 */
export const GIN_STORAGE = sql.raw('gin_pending_list_limit = 64');

/** The SQLite FTS5 table of a search index. */
export const searchTable = (index: SearchIndex) => `${index.table}_search`;

/** Each of `columns` (names, or `row.name`) lower-cased by `unicode_lower`, as the FTS5 table holds them. */
export const foldedColumns = (columns: readonly string[]) =>
  sql.join(columns.map((c) => sql`${sql.raw(UNICODE_LOWER)}(${sql.ref(c)})`));

/**
 * A migration that makes the search index of `index.table` and fills it from the rows already there.
 * The SQLite triggers call `unicode_lower`, which every connection of the server registers (database.ts):
 * a tool writing these tables through another connection must register it too.
 */
export const searchIndexMigration = (index: SearchIndex): Migration => ({
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteIndex(db, index);
    else await postgresIndexes(db, index);
  },
});

async function sqliteIndex(db: Kysely<unknown>, index: SearchIndex): Promise<void> {
  const name = searchTable(index);
  const fts = sql.table(name);
  const table = sql.table(index.table);
  const columns = sql.join(index.columns.map((c) => sql.ref(c)));
  const trigger = (suffix: string) => sql.raw(`${name}_${suffix}`);
  const addNew = sql`INSERT INTO ${fts}(rowid, ${columns}) VALUES (new.rowid, ${foldedColumns(index.columns.map((c) => `new.${c}`))})`;
  const dropOld = sql`DELETE FROM ${fts} WHERE rowid = old.rowid`;
  await createSearchTable(db, index);
  await sql`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${table} BEGIN ${addNew}; END`.execute(db);
  await sql`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${table} BEGIN ${dropOld}; END`.execute(db);
  await sql`CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${columns} ON ${table}
    BEGIN ${dropOld}; ${addNew}; END`.execute(db);
  await sql`INSERT INTO ${fts}(rowid, ${columns}) SELECT rowid, ${foldedColumns(index.columns)} FROM ${table}`.execute(
    db,
  );
}

/**
 * SQLite: the FTS5 table of `index`, empty. Contentless (the text stays only in its table) and
 * contentless_delete, so a trigger removes a row by rowid without the old values; case_sensitive 1 as the
 * columns are folded already.
 */
export async function createSearchTable(db: Kysely<unknown>, index: SearchIndex): Promise<void> {
  const columns = sql.join(index.columns.map((c) => sql.ref(c)));
  await sql`CREATE VIRTUAL TABLE ${sql.table(searchTable(index))} USING fts5(${columns}, content='',
    contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
}

async function postgresIndexes(db: Kysely<unknown>, index: SearchIndex): Promise<void> {
  // pg_trgm ships with PostgreSQL (Debian's postgresql-15 package) and is a trusted extension: the
  // database's owner may create it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const column of index.columns) {
    const name = sql.raw(`${index.table}_${column}_trgm`);
    await sql`CREATE INDEX ${name} ON ${sql.table(index.table)} USING gin (${sql.ref(column)} gin_trgm_ops) WITH (${GIN_STORAGE})`.execute(
      db,
    );
  }
}

/**
 * PostgreSQL: every GIN index of the schema with GIN_STORAGE's pending list; those made before it took the
 * default. SQLite: nothing (FTS5 writes its index at once).
 */
export const ginStorageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    const { rows } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c
      JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'i' AND a.amname = 'gin' AND n.nspname = current_schema()`.execute(db);
    for (const { name } of rows) await sql`ALTER INDEX ${sql.table(name)} SET (${GIN_STORAGE})`.execute(db);
  },
};

/**
 * Whether a table of the schema belongs to a search index (its FTS5 tables and FTS5's own, its rowid
 * blocks: search-blocks.ts, its group index: search-groups.ts, or the rows waiting for it: the activity
 * log's, 0065).
 */
export const isSearchIndexTable = (name: string) =>
  /_search(_groups)?(_(data|idx|content|docsize|config|blocks|pending))?$/.test(name);
