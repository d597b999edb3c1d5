import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { containsInsensitive } from './dialect.js';
import type { ListOrder } from './paging.js';
import { searchTable } from './search-index.js';
import type { SearchedList } from './search-page.js';

/**
 * SQLite, a broad search in a date order: a walk of the order's index that tells a match by its rowid
 * rather than by its text (0063, "The walk on SQLite").
 *
 * FTS5 hands its matches out in rowid order at once, and rowids follow the order the rows were written in,
 * nearly always the list's date order. S is the first `offset + limit + slack` matches in rowid order (the
 * highest rowids, newest first) that the list's filters keep. Every other match lies beyond S's last rowid
 * (FTS5 gave all those first), so a row is a match exactly when it is in S, or beyond that rowid and holds
 * the text (checked as the scan checks it). The walk reads the order's covering index, each row looked up
 * in S (an index of a few thousand rowids), and checks the text only of rows beyond S: when rowids follow
 * the order, it finds the page among S's own rows. It gives way (`far`) when `span` rows hold too few
 * matches, as the text walk does; a row out of rowid order (a video restored from the trash: a new rowid,
 * its old date) costs one text check.
 */

/**
 * `slack`: matches read past the page's own, so that a few rows out of rowid order do not leave S short.
 * `span`: the fewest and most rows walked (ten a match the page needs): a row costs ~0.3 µs, a tenth of a
 * text check of two columns.
 */
export const SEEK = { slack: 100, span: { min: 2_000, max: 50_000 } };
/** The most matches the walk reads from the index (page 1,000 of 25). */
const MOST_MATCHES = 25_000;

export async function seekedPage<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  { phrase, page, limit, seek = SEEK }: { phrase: string; page: number; limit: number; seek?: typeof SEEK },
): Promise<R[] | 'far'> {
  const { db, base, index, search } = list;
  const any = db as unknown as Kysely<Record<string, object>>;
  const offset = (page - 1) * limit;
  const take = offset + limit + seek.slack;
  if (take > MOST_MATCHES) return 'far';
  const span = Math.min(seek.span.max, Math.max(seek.span.min, 10 * (offset + limit)));
  const way = order.desc ? 'desc' : 'asc';
  const rowid = sql.ref(`${index.table}.rowid`);
  const one = sql<number>`1`.as('one');
  // S, driven by the index (as countSearch: a join would let the planner probe the index per row).
  const matches = any
    .selectFrom(sql`${sql.table(searchTable(index))}(${phrase})`.as('m'))
    .select(sql.ref('m.rowid').as('r'))
    .where(({ exists }) =>
      exists(base.select(one).where(sql<SqlBool>`${rowid} = ${sql.ref('m.rowid')}`) as never),
    )
    .orderBy(sql.ref('m.rowid'), way)
    .limit(take);
  // Read once, then handed to the walk as a list: the index's matches in descending rowid order cost a few
  // ms for a text of many trigrams (`Video 10`).
  const found = ((await matches.execute()) as { r: number }[]).map((m) => Number(m.r));
  const last = found.at(-1);
  // The order's first `span` rows, from its covering index: their rowids and the order's key.
  const walked = base
    .select([rowid.as('r'), sql`${order.by}`.as('k'), sql.ref('id').as('i')])
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .limit(span);
  const inS = sql<SqlBool>`${sql.ref('w.r')} IN (SELECT value FROM json_each(${JSON.stringify(found)}))`;
  // Fewer than `take`: S is every match the filters keep.
  let isMatch: Expression<SqlBool> = inS;
  if (found.length >= take) {
    const beyond = order.desc ? sql`<` : sql`>`;
    const table = sql.table(index.table);
    const holds = index.columns.map((c) => containsInsensitive('sqlite', c, search.text));
    isMatch = sql<SqlBool>`(${inS} OR (${sql.ref('w.r')} ${beyond} ${last} AND EXISTS (SELECT 1 FROM ${table}
      WHERE ${rowid} = ${sql.ref('w.r')} AND (${sql.join(holds, sql` OR `)}))))`;
  }
  const pageRowids = any
    .selectFrom(walked.as('w'))
    .select('w.r' as never)
    .where(isMatch)
    .orderBy(sql.ref('w.k'), way)
    .orderBy(sql.ref('w.i'), way)
    .limit(limit)
    .offset(offset);
  const rows = (await base
    .selectAll()
    .where(sql<SqlBool>`${rowid} IN (${pageRowids})`)
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .execute()) as R[];
  if (rows.length === limit) return rows;
  // Short: the last page, or a walk that stopped at `span` rows before it found the page.
  const read = (await any
    .selectFrom(walked.as('w'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()) as { n: number };
  return Number(read.n) < span ? rows : 'far';
}
