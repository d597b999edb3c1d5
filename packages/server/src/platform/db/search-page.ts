import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DialectName } from './database.js';
import { containsInsensitive } from './dialect.js';
import type { RowKey } from './page-boundaries.js';
import { seekRows, type ListOrder } from './paging.js';
import { ftsPhrase, matchesSearch } from './search.js';
import { foldedContains } from './search-folded.js';
import type { SearchIndex } from './search-index.js';
import type { Search } from './search-lead.js';
import { amongRowids, SEEK, seekedPage } from './search-seek.js';
import { countOnSqlite, SCAN_ROWS, type SearchCount } from './search-count.js';
import { groupContains, groupIsRare, groupSearchable } from './search-groups.js';
import { spanBounds, spannedPage, spansAnswer, WALK_PER_MATCH } from './search-spans.js';
import type { SearchStart } from './search-starts.js';

export type { SearchCount };

/**
 * A searched list's page and its bounded count, flat whatever share of the rows the search matches
 * (docs/decisions/0063-bounded-search-counts.md). A search's count stops at `countMax` matches; under it
 * the page reads its few matches and sorts them, over it the page walks the list's order and checks each
 * row's text until a page of matches is found. Every page holds what the whole ordered match set holds.
 */
export interface SearchedList<DB, TB extends keyof DB> {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The list before its search: its table, with the list's other filters. */
  base: SelectQueryBuilder<DB, TB, object>;
  index: SearchIndex;
  /** The search as leadSearch answered it (a lead and an estimate on PostgreSQL). */
  search: Search;
  /** The rows the list's filters keep, where the list knows it without counting (its kept counts). */
  rows?: number;
  /** The one value of `index.group` the list's filters keep (the library's category), if any. */
  group?: string;
}

/** Whether the list's own rows are checked for the text (SQLite, a small category: SCAN_ROWS). */
const scans = ({ dialect, rows }: SearchedList<unknown, never>) =>
  dialect === 'sqlite' && rows !== undefined && rows <= SCAN_ROWS;

/**
 * The rows holding the text in any searched column, checked row by row (the scan of 0048); on PostgreSQL
 * by the folded column where the table has one (search-folded.ts: one LIKE a row, not an ILIKE a column).
 */
const holdsText = ({ dialect, index, search }: SearchedList<unknown, never>) =>
  (dialect === 'postgres' ? foldedContains(index, search.text) : undefined) ??
  sql<SqlBool>`(${sql.join(
    index.columns.map((c) => containsInsensitive(dialect, c, search.text)),
    sql` OR `,
  )})`;

/** SQLite's FTS5 phrase of the search, where the index answers it: not where the list scans its rows. */
const indexPhrase = (list: SearchedList<unknown, never>) =>
  list.dialect === 'sqlite' && !scans(list) ? ftsPhrase(list.search.text) : undefined;

/** The search's predicate: the index's (search.ts), or the row's text where the list scans. */
const matching = <DB, TB extends keyof DB>(list: SearchedList<DB, TB>, search: Search) =>
  scans(list as never) ? holdsText(list as never) : matchesSearch(list.dialect, list.index, search);

/** The fewest and the most rows a walk reads before it gives way to reading the matches and sorting. */
export const WALK = { min: 2_000, max: 20_000 };
/**
 * PostgreSQL, after a walk found too few matches: a search expected in fewer rows than this reads its
 * matches and sorts them (0.25-0.4 s at 111,111); one expected in more is left to the planner's walk.
 */
const SORTED_AFTER_WALK = 250_000;

/**
 * The number of rows matching the search, counted up to `countMax` (and `capped` when more match). On
 * SQLite the index's matches drive it, or the list's own rows (search-count.ts), so it stops after
 * `countMax + 1` of them; `rowid IN (matches)` would read all of them first (466 ms for `video` at a
 * million videos). On PostgreSQL the search's own predicate under a LIMIT.
 */
export async function countSearch<DB, TB extends keyof DB>(
  list: SearchedList<DB, TB>,
  countMax: number,
): Promise<SearchCount> {
  if (list.dialect === 'sqlite') return countOnSqlite(list, countMax);
  const { db, base, search } = list;
  const one = sql<number>`1`.as('one');
  // Within one category, a text few of its rows are expected to hold: through the group index.
  const inGroup = await groupMatching(list as never);
  const counted = base.select(one).where(inGroup ?? matching(list, { text: search.text, lead: search.lead }));
  const n = await (db as unknown as Kysely<Record<string, object>>)
    .selectFrom(counted.limit(countMax + 1).as('c'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
    .then((c) => Number((c as { n: unknown }).n ?? 0));
  return { total: Math.min(n, countMax), capped: n > countMax, ...(inGroup ? { inGroup: true } : {}) };
}

/** PostgreSQL: the group index's predicate (search-groups.ts) where it answers the list's search. */
async function groupMatching({ db, index, search, group }: SearchedList<unknown, never>) {
  if (group === undefined || !index.group || !groupSearchable(search.text)) return undefined;
  return (await groupIsRare(db, index, group, search.text))
    ? groupContains(index, group, search.text)
    : undefined;
}

/**
 * One page of the searched list in `order`. `walkable`: an index serves the order (with the list's
 * filters), so a walk reads rows in order without sorting. A search that matches more than the count's
 * cap (`broad`) walks it, at most WALK.max rows, each row's columns checked for the text: `video` finds
 * its page in the first 20 rows instead of reading and sorting a million matches. On SQLite, with a text
 * the index can answer, the walk tells a match by its rowid instead (search-seek.ts), 2,000-50,000 rows.
 * If the walk ends short of
 * a page (the matches are rarer than one in WALK_PER_MATCH near the order's start), or the search is not
 * broad, or the order has no index, the page is read from the matches, sorted.
 *
 * A search's pages end where its count does (docs/decisions/0066): a capped search serves its first
 * `countMax` matches, as its `totalPage` says, and a page past them is empty. No page then walks more
 * than the cap's matches, and the count found every match of an uncapped one.
 */
export async function searchedPage<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  options: PageOptions,
): Promise<R[]> {
  const { page, limit, counted } = options;
  const offset = (page - 1) * limit;
  // Past the count: nothing to read (a category of 50,000 that none of `1.mp4`'s 100,000 matches falls in
  // read them again for an empty page: 230 ms).
  if (counted && offset >= counted.total) return [];
  const rows = await pageOfMatches<DB, TB, R>(list, order, options);
  // A page across the cap ends at it.
  return counted?.capped ? rows.slice(0, counted.total - offset) : rows;
}

interface PageOptions {
  page: number;
  limit: number;
  broad: boolean;
  walkable: boolean;
  walk?: typeof WALK;
  seek?: typeof SEEK;
  /** The search's count (countSearch): with every match's rowid (SQLite, under the cap), the page sorts those. */
  counted?: SearchCount;
  /** The walk was read beside the count and ended short of a page (countedSearchPage): not read again. */
  walkedShort?: boolean;
  /** The spans' bounds, where they were asked for beside the count (countedSearchPage). */
  bounds?: ReturnType<typeof spanBounds>;
}

/** A walk's length: WALK_PER_MATCH rows a match the page needs (`need`), within `walk`. */
const walkLength = (walk: typeof WALK, need: number) =>
  Math.min(walk.max, Math.max(walk.min, WALK_PER_MATCH * need));

/**
 * PostgreSQL: the page among the first `span` rows of the order (from the row `from`, where given), each
 * row's columns checked for the text. A whole page found so is the page whatever the search's count: its
 * rows are the order's first matches.
 */
function walkedPage<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  offset: number,
  limit: number,
  span: number,
  from?: RowKey,
): Promise<R[]> {
  const way = order.desc ? 'desc' : 'asc';
  const walked = seekRows(
    list.base.selectAll(),
    order,
    from ? { from: 'at', key: from, skip: 0, take: span } : { from: 'start', skip: 0, take: span },
  );
  return (list.db as unknown as Kysely<Record<string, object>>)
    .selectFrom(walked.as('w'))
    .selectAll()
    .where(holdsText(list as never))
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .limit(limit)
    .offset(offset)
    .execute() as Promise<R[]>;
}

/**
 * A page of a search whose first match and count are known (search-starts.ts), walked from
 * that match: the page, cut where the count ends, or undefined when the walk ends short of it (the
 * matches sparse after the first), for the search's own way.
 */
export async function pageFromFirstMatch<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  { first, counted }: SearchStart,
  { page, limit }: { page: number; limit: number },
): Promise<R[] | undefined> {
  const offset = (page - 1) * limit;
  // A search's pages end where its count does (0066), capped or not.
  const wanted = Math.min(limit, counted.total - offset);
  if (wanted <= 0) return [];
  const rows = await walkedPage<DB, TB, R>(
    list,
    order,
    offset,
    wanted,
    walkLength(WALK, offset + limit),
    first,
  );
  return rows.length === wanted ? rows : undefined;
}

/**
 * A search's bounded count (countSearch) and its page (searchedPage), side by side where they can be
 * (docs/decisions/0089-search-walk-beside-count.md). On PostgreSQL a search its statistics expect in more
 * rows than the count's cap, in an order an index serves, is walked beside its count, and the spans'
 * bounds are asked for too, rather than after the count: `Video 1` waited 0.7-0.9 ms for a count whose
 * answer (over the cap: walk) its statistics already gave. A walk that finds a whole page is the page;
 * one that ends short leaves the page to the count's way, as before, without walking again.
 */
export async function countedSearchPage<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  { page, limit, walkable, countMax }: { page: number; limit: number; walkable: boolean; countMax: number },
): Promise<{ rows: R[]; counted: SearchCount }> {
  const { dialect, search } = list;
  const offset = (page - 1) * limit;
  const beside =
    dialect === 'postgres' && walkable && !search.narrow && (search.expected ?? 0) > countMax && !list.group;
  const walked = beside
    ? walkedPage<DB, TB, R>(list, order, offset, limit, walkLength(WALK, offset + limit))
    : undefined;
  const bounds = beside && spansAnswer(list as never, walkable, true) ? spanBounds(list as never) : undefined;
  // Never left rejected unobserved: the count's failure is thrown below.
  walked?.catch(() => {});
  const counted = await countSearch(list, countMax);
  const options = { page, limit, broad: counted.capped, walkable, counted };
  const found = await walked;
  if (found && found.length === limit) {
    if (offset >= counted.total) return { rows: [], counted };
    return { rows: counted.capped ? found.slice(0, counted.total - offset) : found, counted };
  }
  const rows = await searchedPage<DB, TB, R>(list, order, {
    ...options,
    walkedShort: !!found,
    ...(bounds ? { bounds } : {}),
  });
  return { rows, counted };
}

async function pageOfMatches<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  order: ListOrder,
  { page, limit, broad, walkable, walk = WALK, seek = SEEK, counted, walkedShort, bounds: read }: PageOptions,
): Promise<R[]> {
  const { db, dialect, base, index, search } = list;
  const way = order.desc ? 'desc' : 'asc';
  const offset = (page - 1) * limit;
  const ordered = <Q extends SelectQueryBuilder<DB, TB, object>>(qb: Q) =>
    qb.orderBy(order.by, way).orderBy(sql.ref('id'), way);
  const rowid = sql.ref(`${index.table}.rowid`);
  // The count found every match: the page is theirs, without the index again (a category of 50,000 that
  // few of 100,000 matches fall in streamed the index twice).
  if (counted?.matches) {
    return (await ordered(base.selectAll().where(amongRowids(rowid, counted.matches)))
      .limit(limit)
      .offset(offset)
      .execute()) as R[];
  }
  // PostgreSQL's statistics may expect few matches (`narrow`) where the count stopped: a walk would not
  // find them near the start (`Video 10`: the oldest 11,111 of a million).
  // SQLite: the walk tells a match by its rowid (search-seek.ts); a text too short for the index checks text.
  const phrase = indexPhrase(list as never);
  const span = walkLength(walk, offset + limit);
  // PostgreSQL in date order (the orders a walk serves), not within one category's group index: ten days
  // and then a day at a time, where the walk does not find the page. Their bounds are read beside the walk.
  const spans = !counted?.inGroup && spansAnswer(list as never, walkable, broad);
  const bounds = spans ? (read ?? spanBounds(list as never)) : undefined;
  if (broad && walkable && phrase) {
    const rows = await seekedPage<DB, TB, R>(list, order, { phrase, page, limit, seek });
    if (rows !== 'far') return rows;
  } else if (broad && walkable && !search.narrow && !walkedShort) {
    const rows = await walkedPage<DB, TB, R>(list, order, offset, limit, span);
    if (rows.length === limit) return rows;
  }
  // The spans after the walk, not in its stead: where the newest rows match (`video`), their first probes
  // read every entry of a ten and a day of the rarest run (10-11 ms a page against 5-7).
  if (bounds) {
    const rows = await spannedPage<DB, TB, R>(list, order.desc, offset, limit, { walk: span, bounds });
    if (rows) return rows;
  }
  // Few matches (or a walk that found too few): read them and sort them. A broad search PostgreSQL expects
  // in most rows keeps the planner's own plan (a walk, where most rows match).
  const sorted = !broad || (search.expected ?? Infinity) < SORTED_AFTER_WALK;
  if (dialect === 'postgres' && sorted) {
    // Behind a fence (OFFSET 0) the planner cannot walk the order for them: it reads the matches by a
    // bitmap of the index, then sorts. 150-165 ms for `Video 1`'s 111,111 against 197-201 ms through the
    // `narrow` form's TID scan, 16 against 19-21 ms for `Video 10`'s 11,111. It sorts the matches' row
    // addresses and keys (the planner drops the fenced rows' other columns), then reads the page's rows
    // by address: `Video 1` 117 -> 90 ms, `Ad 1` 13.5 -> 11.1 ms (0063).
    const at = sql.ref(`${index.table}.ctid`);
    const matches = base
      .selectAll()
      .select(at.as('row_at'))
      .where(
        (counted?.inGroup ? groupContains(index, list.group!, search.text) : undefined) ??
          matchesSearch(dialect, index, { text: search.text, lead: search.lead }),
      )
      .offset(0);
    const pageAt = (db as unknown as Kysely<Record<string, object>>)
      .selectFrom(matches.as('s'))
      .select(sql.ref('row_at').as('row_at'))
      .orderBy(order.by, way)
      .orderBy(sql.ref('id'), way)
      .limit(limit)
      .offset(offset);
    return (await ordered(
      base.selectAll().where(sql<SqlBool>`${at} = ANY(ARRAY(${pageAt}))`),
    ).execute()) as R[];
  }
  if (dialect === 'postgres')
    return (await ordered(base.selectAll().where(matching(list, search)))
      .limit(limit)
      .offset(offset)
      .execute()) as R[];
  // SQLite sorts the matches' rowids and keys, then reads the page's rows: whole rows in its sorter made
  // `Video 1`'s 111,111 matches cost 90 ms against 62 ms (in the bench's process, load 12).
  const pageRowids = ordered(base.select(rowid.as('r')).where(matching(list, search)))
    .limit(limit)
    .offset(offset);
  return (await ordered(base.selectAll().where(sql<SqlBool>`${rowid} IN (${pageRowids})`)).execute()) as R[];
}
