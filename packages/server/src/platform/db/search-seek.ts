import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { containsInsensitive } from './dialect.js';
import type { ListOrder } from './paging.js';
import { newestBefore } from './search-blocks.js';
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
 * text check of two columns. A search's pages end at its count's cap (searchedPage), so a page needs at
 * most the cap's matches.
 */
export const SEEK = { slack: 100, span: { min: 2_000, max: 50_000 } };
/**
 * A walk gives way at once when the rows it would pass before S's last match are more than this many times
 * its span: rows written after their date (restored videos, or the bench's clips: rowids after the
 * library's, dates through the year) make that estimate high, so only a far one is trusted.
 */
const FAR = 10;

/**
 * About how many rows a walk passes before it reaches the rowid `last`, if rowids follow the order: the
 * table's rowids from its end (newest or oldest) to `last`, times the share the filters keep (`rows`,
 * where the list knows it). A search whose matches are all far from the order's start (`Video 1`: the
 * oldest 111,111 of a million, oldest first past the first pages) gives way at once rather than after a
 * walk of `span` rows before the sort.
 */
async function walkPast<DB, TB extends keyof DB>(list: SearchedList<DB, TB>, order: ListOrder, last: number) {
  const table = sql.table(list.index.table);
  // Apart: SQLite reads a lone min() or max() of the rowid from the tree's edge, both together by a scan.
  const { rows } = await sql<{ low: number; high: number }>`SELECT (SELECT min(rowid) FROM ${table}) AS low,
    (SELECT max(rowid) FROM ${table}) AS high`.execute(list.db);
  const { low, high } = rows[0]!;
  const between = order.desc ? Number(high) - last : last - Number(low);
  const share =
    list.rows === undefined ? 1 : Math.min(1, list.rows / Math.max(1, Number(high) - Number(low) + 1));
  return between * share;
}

/** SQLite: `ref` is one of `rowids`, handed over as one JSON parameter (a list of thousands). */
export const amongRowids = (ref: Expression<unknown>, rowids: readonly number[]) =>
  sql<SqlBool>`${ref} IN (SELECT value FROM json_each(${JSON.stringify(rowids)}))`;

/** The most matches a page needs for S itself to be sorted for it (newestOfS): S's keys are read whole. */
const SORTED_S_MOST = 2_000;

/**
 * The page from S alone, sorted, where that is exact: S holds every match the filters keep (`complete`),
 * or, newest first by date in a table that keeps its rowid blocks, no row written before S's last match
 * (the lowest rowid) is newer than the page's last row (search-blocks.ts: every match outside S is then
 * older than the page). Undefined where neither is known: the walk decides. `Video 1`'s first page then
 * reads its 120 newest rowids' rows, where the walk passed 2,000 rows, gave way, and its 111,111 matches
 * were read and sorted (70-115 ms). The list's order is by date (the orders the walk serves).
 */
async function newestOfS<DB, TB extends keyof DB, R>(
  { db, base, index }: SearchedList<DB, TB>,
  order: ListOrder,
  found: number[],
  { offset, limit, complete }: { offset: number; limit: number; complete: boolean },
): Promise<R[] | undefined> {
  if (!complete && !(order.desc && index.blocks)) return undefined;
  const way = order.desc ? 'desc' : 'asc';
  const rowid = sql.ref(`${index.table}.rowid`);
  const sorted = base.where(amongRowids(rowid, found)).orderBy(order.by, way).orderBy(sql.ref('id'), way);
  // The page's keys and rowids, S sorted once; then its rows by rowid (sorting S's whole rows again cost a
  // second sort of up to 2,100 rows for the broad search's last page).
  const keyed = (await sorted
    .select([rowid.as('r'), sql<string>`${order.by}`.as('k')])
    .limit(limit)
    .offset(offset)
    .execute()) as { r: number; k: string }[];
  if (!complete) {
    const pageLast = keyed.length === limit ? keyed.at(-1) : undefined;
    const newest = await newestBefore(db as unknown as Kysely<unknown>, index, found.at(-1)!);
    if (!pageLast || (newest !== undefined && !(newest < pageLast.k))) return undefined;
  }
  if (!keyed.length) return [];
  return (await base
    .selectAll()
    .where(
      amongRowids(
        rowid,
        keyed.map((k) => k.r),
      ),
    )
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .execute()) as R[];
}

export async function seekedPage<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  { phrase, page, limit, seek = SEEK }: { phrase: string; page: number; limit: number; seek?: typeof SEEK },
): Promise<R[] | 'far'> {
  const { db, base, index, search } = list;
  const any = db as unknown as Kysely<Record<string, object>>;
  const offset = (page - 1) * limit;
  const take = offset + limit + seek.slack;
  const need = offset + limit;
  const span = Math.max(seek.span.min, Math.min(10 * need, seek.span.max));
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
  // A long walk (a deep page) checks first that it can reach its matches: the first match alone before S is
  // read (matches that all lie far from the order's start give way at once), S's last one after (sparse
  // matches). A short one walks at once: the checks cost ~1 ms, a walk of 2,000 rows that ends short 1-3.
  const long = span > seek.span.min;
  // A page of up to SORTED_S_MOST matches reads S first: S alone may be the page (newestOfS).
  const fromS = need <= SORTED_S_MOST;
  if (long && !fromS) {
    const [first] = (await matches.limit(1).execute()) as { r: number }[];
    if (first && (await walkPast(list, order, Number(first.r))) > FAR * span) return 'far';
  }
  // Read once, then handed to the walk as a list: the index's matches in descending rowid order cost a few
  // ms for a text of many trigrams (`Video 10`).
  const found = ((await matches.execute()) as { r: number }[]).map((m) => Number(m.r));
  if (fromS) {
    const rows = await newestOfS<DB, TB, R>(list, order, found, {
      offset,
      limit,
      complete: found.length < take,
    });
    if (rows) return rows;
  }
  const last = found.at(-1);
  if (long && last !== undefined && found.length >= take && (await walkPast(list, order, last)) > FAR * span)
    return 'far';
  // The order's first `span` rows, from its covering index: their rowids and the order's key.
  const walked = base
    .select([rowid.as('r'), sql`${order.by}`.as('k'), sql.ref('id').as('i')])
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .limit(span);
  const inS = amongRowids(sql.ref('w.r'), found);
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
