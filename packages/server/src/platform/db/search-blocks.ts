import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';
import type { SearchIndex } from './search-index.js';

/**
 * SQLite: the newest `created_at` among each block of BLOCK rowids of a searched table (`<table>_search_blocks`),
 * kept by triggers after every insert and every change of a row's date. A broad search's first pages
 * (search-seek.ts) then know, from a few hundred rows, that no row written before a rowid is newer than a
 * date: its page is then the newest of its matches with the highest rowids, however far from the order's
 * start they lie (`Video 1`: the oldest 111,111 of a million videos, whose walk gave way and read and
 * sorted every match, 70-115 ms).
 *
 * A delete leaves its block's date as it was: a block may say newer than its rows are, so the answer errs
 * only towards "not known", never the other way. Rowids must not be renumbered under it (`VACUUM` on a
 * table without an INTEGER PRIMARY KEY may: the FTS5 index has the same rule, 0048); whoever runs one fills
 * this table again as its migration does.
 */
export const BLOCK = 1024;
const BLOCK_SHIFT = Math.log2(BLOCK);

export const blocksTable = (index: SearchIndex) => `${index.table}_search_blocks`;

export const searchBlocksMigration = (index: SearchIndex): Migration => ({
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
    const table = sql.table(index.table);
    const blocks = sql.table(blocksTable(index));
    const block = sql.raw(`rowid >> ${BLOCK_SHIFT}`);
    await sql`CREATE TABLE ${blocks} (block INTEGER PRIMARY KEY, newest TEXT NOT NULL)`.execute(db);
    await sql`INSERT INTO ${blocks} (block, newest) SELECT ${block}, max(created_at) FROM ${table}
      GROUP BY ${block}`.execute(db);
    for (const [name, event] of [
      ['insert', sql`INSERT`],
      ['date', sql`UPDATE OF created_at`],
    ] as const)
      await sql`CREATE TRIGGER ${sql.raw(`${blocksTable(index)}_${name}`)} AFTER ${event} ON ${table} BEGIN
        INSERT INTO ${blocks} (block, newest) VALUES (new.rowid >> ${sql.raw(String(BLOCK_SHIFT))}, new.created_at)
        ON CONFLICT (block) DO UPDATE SET newest = max(newest, excluded.newest);
      END`.execute(db);
  },
});

/**
 * The newest `created_at` of the rows of `index.table` written before the rowid `before` (at most: a
 * deleted row's date may still count), or undefined if there are none. Reads the blocks below `before`'s
 * and the rows of its own block before it (under BLOCK).
 */
export async function newestBefore(
  db: Kysely<unknown>,
  index: SearchIndex,
  before: number,
): Promise<string | undefined> {
  const start = Math.floor(before / BLOCK) * BLOCK;
  const { rows } = await sql<{ newest: string | null }>`SELECT max(newest) AS newest FROM (
      SELECT max(newest) AS newest FROM ${sql.table(blocksTable(index))} WHERE block < ${start / BLOCK}
      UNION ALL
      SELECT max(created_at) FROM ${sql.table(index.table)} WHERE rowid >= ${start} AND rowid < ${before})`.execute(
    db,
  );
  return rows[0]?.newest ?? undefined;
}
