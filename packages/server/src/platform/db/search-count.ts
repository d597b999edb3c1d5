import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { containsInsensitive } from './dialect.js';
import { ftsPhrase } from './search.js';
import { searchTable } from './search-index.js';
import { groupQuery, groupSearchable, groupsTable } from './search-groups.js';
import type { SearchedList } from './search-page.js';

/**
 * SQLite: a searched list's bounded count (0063), and with it the rowids of its matches when it found them
 * all: the page then sorts those few instead of asking the index a second time.
 *
 * The count's matches come from one of four places. Where the list's filters keep more than SCAN_ROWS
 * rows (`rows`, its kept counts):
 * - `group`: where they keep one value of the index's group column (one category of the library), the
 *   rows of that value holding every run of the text, from the group index (search-groups.ts), each
 *   checked for the text: `1.mp4` in a category of 50,000 none of which holds it, 44 -> 0.2 ms.
 * Otherwise the index's first SAMPLE matches tell how many it holds and what share of them the filters
 * keep (SAMPLE lookups, 1-4 ms):
 * - `probe`: the index's matches, each looked up in the table by rowid, stopping after `countMax + 1` that
 *   the filters keep: the whole list, a filter of more than SET_MOST rows, or one expected to keep more
 *   than twice the cap (it stops early), or one the index holds few matches for.
 * - `scan`: the filters' own rows, each checked for the text (the scan of 0048): at most SCAN_ROWS, or at
 *   most SET_MOST when the index holds more than SCAN_RATIO matches a kept row and few of them are kept.
 *   `video` in a category of 5,000 clips none of which holds it (a million matches): 2.8 s through the
 *   server, the index streamed twice, against 51 ms.
 * - `set`: the index's matches, each looked up among the filters' rowids, read once from the filters'
 *   index: `7.mp4` in a category of 50,000 none of which holds it (100,000 matches): 1,049 -> 199 ms.
 */
export type CountWay = 'scan' | 'set' | 'probe' | 'group';

export interface SearchCount {
  total: number;
  /** More than `countMax` match. */
  capped: boolean;
  /** SQLite, under the cap: the rowids of every match. */
  matches?: number[];
  /** PostgreSQL: counted through the group index (search-groups.ts), which the page then asks too. */
  inGroup?: boolean;
}

/** A list whose filters keep at most this many rows checks their text, whatever the index holds. */
export const SCAN_ROWS = 2_000;
/** The most rows a filter may keep for the count to read them (`scan` or `set`) rather than probe. */
export const SET_MOST = 50_000;
/**
 * Scan where the index is expected to hold more than this many matches a row the filters keep: a row's
 * text check costs ~4 µs (its table row read), a match of the index 0.3-0.8 µs.
 */
const SCAN_RATIO = 4;
/** The index's first matches (in rowid order) read to estimate how many it holds and the filters keep. */
const SAMPLE = 1_000;

/**
 * The matches the index holds, from the rowids its first SAMPLE lie between (exact under SAMPLE), as
 * dense from the first to the table's largest rowid (0.3-0.6 ms). Matches bunched among the oldest rows
 * are overestimated.
 */
async function indexHolds(list: SearchedList<unknown, never>, phrase: string) {
  const { db, index } = list;
  const { rows } = await sql<{ n: number; first: number; last: number; top: number }>`SELECT count(*) AS n,
      min(r) AS first, max(r) AS last, (SELECT max(rowid) FROM ${sql.table(index.table)}) AS top
    FROM (SELECT rowid AS r FROM ${sql.table(searchTable(index))}(${phrase}) LIMIT ${SAMPLE})`.execute(db);
  const { n, first, last, top } = rows[0]!;
  return Number(n) < SAMPLE ? Number(n) : (Number(n) * (top - first + 1)) / (last - first + 1);
}

/** The share of the index's first SAMPLE matches that the filters keep (a lookup each: 1-4 ms). */
async function keptShare(list: SearchedList<unknown, never>, phrase: string) {
  const { db, base, index } = list;
  const rowid = sql.ref(`${index.table}.rowid`);
  const kept = base.select(sql<number>`1`.as('one')).where(sql<SqlBool>`${rowid} = ${sql.ref('s.r')}`);
  const { rows } = await sql<{ share: number }>`SELECT avg(EXISTS ${kept}) AS share
    FROM (SELECT rowid AS r FROM ${sql.table(searchTable(index))}(${phrase}) LIMIT ${SAMPLE}) AS s`.execute(
    db,
  );
  return Number(rows[0]?.share ?? 0);
}

export async function countWay<DB, TB extends keyof DB>(
  list: SearchedList<DB, TB>,
  countMax: number,
): Promise<CountWay> {
  const { rows, search, index, group } = list;
  const phrase = ftsPhrase(search.text);
  // A text too short for a trigram has no index to ask.
  if (!phrase || (rows !== undefined && rows <= SCAN_ROWS)) return 'scan';
  // Within one category: its own matches, whatever the other categories hold.
  if (group !== undefined && index.group && groupSearchable(search.text)) return 'group';
  if (rows === undefined || rows > SET_MOST) return 'probe';
  // Few matches in the whole index: a lookup each is cheaper than reading the filters' rowids (~0.3 µs each).
  const held = await indexHolds(list as never, phrase);
  if (held <= rows / SCAN_RATIO) return 'probe';
  // Expected to keep more than twice the cap: the probe stops early, after `cap / share` of the index's
  // matches; unless the filters' own rows, checked until the cap's matches are found, are fewer still (a
  // cost of SCAN_RATIO a row): `open` among one person's 50,000 activity entries, a twentieth of the million
  // the index holds, probed 200,000 matches (112 ms) where 10,001 of the person's rows hold it (0065).
  const share = await keptShare(list as never, phrase);
  const kept = Math.min(rows, held * share);
  if (kept > 2 * (countMax + 1)) {
    const scanned = Math.min(rows, ((countMax + 1) * rows) / kept);
    return SCAN_RATIO * scanned < Math.min(held, (countMax + 1) / share) ? 'scan' : 'probe';
  }
  return held > SCAN_RATIO * rows ? 'scan' : 'set';
}

/** The rows holding the text in any searched column, checked row by row (the scan of 0048). */
const holdsText = ({ index, search }: SearchedList<unknown, never>) =>
  sql<SqlBool>`(${sql.join(
    index.columns.map((c) => containsInsensitive('sqlite', c, search.text)),
    sql` OR `,
  )})`;

export async function countOnSqlite<DB, TB extends keyof DB>(
  list: SearchedList<DB, TB>,
  countMax: number,
): Promise<SearchCount> {
  const { db, base, index, search } = list;
  const way = await countWay(list, countMax);
  const any = db as unknown as Kysely<Record<string, object>>;
  const rowid = sql.ref(`${index.table}.rowid`);
  const fromIndex = () =>
    any
      .selectFrom(sql`${sql.table(searchTable(index))}(${ftsPhrase(search.text)})`.as('m'))
      .select(sql.ref('m.rowid').as('r'));
  let found: SelectQueryBuilder<Record<string, object>, never, { r: number }>;
  // The rows of the group holding every run of the text, each checked for the text itself.
  if (way === 'group')
    found = any
      .selectFrom(sql`${sql.table(groupsTable(index))}(${groupQuery(list.group!, search.text)})`.as('m'))
      .select(sql.ref('m.rowid').as('r'))
      .where(({ exists }) =>
        exists(
          base
            .select(sql<number>`1`.as('one'))
            .where(sql<SqlBool>`${rowid} = ${sql.ref('m.rowid')}`)
            .where(holdsText(list as never)),
        ),
      ) as never;
  else if (way === 'scan') found = base.select(rowid.as('r')).where(holdsText(list as never)) as never;
  // `+` keeps the planner from handing each of the filters' rowids to the index as a lookup (0.45 ms each).
  else if (way === 'set')
    found = fromIndex().where(
      sql<SqlBool>`+${sql.ref('m.rowid')} IN (${base.select(rowid.as('r'))})`,
    ) as never;
  // EXISTS from the index's side: as a plain join SQLite's planner put a category filter outside and
  // probed the index per row.
  else
    found = fromIndex().where(({ exists }) =>
      exists(base.select(sql<number>`1`.as('one')).where(sql<SqlBool>`${rowid} = ${sql.ref('m.rowid')}`)),
    ) as never;
  const matches = ((await found.limit(countMax + 1).execute()) as { r: number }[]).map((m) => Number(m.r));
  const capped = matches.length > countMax;
  return {
    total: Math.min(matches.length, countMax),
    capped,
    ...(capped ? {} : { matches }),
  };
}
