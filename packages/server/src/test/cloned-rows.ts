import type { AppDb } from '../platform/db/database.js';

/**
 * Inserts `count` copies of the row `id` of `table` (made through the API first), each a millisecond
 * older than the one before, with ids that sort the same way: many rows of a list without an upload
 * each. Answers the copies' ids, newest first.
 */
export async function cloneRows(
  db: AppDb,
  table: 'stories' | 'inhouse_ads' | 'videos',
  id: string,
  count: number,
) {
  const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const start = Date.parse(row.created_at) - 1000;
  const copies = Array.from({ length: count }, (_, i) => ({
    ...row,
    id: `${id.slice(0, 16)}${(count - i).toString(16).padStart(8, '0')}`,
    created_at: new Date(start - i).toISOString(),
  }));
  await db
    .insertInto(table)
    // The row as read, of any of the tables (each carries the processing queue's columns, typed as defaults).
    .values(copies as never)
    .execute();
  return copies.map((c) => c.id);
}
