import { sql, SqliteAdapter, type Expression, type Kysely, type Migration, type SqlBool } from 'kysely';
import { FOLDED, foldedHolds } from './search-folded.js';
import { createGroupGrams, GROUP_GRAMS, groupSearchable, runsOf } from './search-groups.js';
import { GIN_STORAGE, type SearchIndex } from './search-index.js';
import { shareOf, statisticsOf } from './search-lead.js';
import type { SearchedList } from './search-page.js';

/**
 * PostgreSQL: a search read in date order ten days and then a day at a time, through the trigrams of each
 * row keyed by its ten days and its day of `created_at` (docs/decisions/0069-search-by-date-spans.md).
 *
 * Neither trigram index of 0048 hands out its matches in any order, so a search whose matches all lie far
 * from the order's start (`Video 1` newest first: 111,111 matches, all among the oldest fifth of a million
 * videos) read every match and sorted them: 160-235 ms. Keyed by the span, a trigram no video of the span
 * holds has no entry, so the spans without a match are passed in one short index read each; then the days
 * from the first span with a match are read one by one until the page's matches are found, and the page
 * sorts those days' matches only. Every row of a day is newer than every row of the days before it, so the
 * page is exact whatever the rows' ids or places in the table.
 *
 * The keys are search_group_grams (search-groups.ts) of `substr(created_at, 1, 9)` (a month's days 0-9,
 * 10-19, 20-29 or 30-31: "tens") and `(…, 1, 10)` (the day) of the ISO date the server writes. Tens rather
 * than months: the first span with a match is read whole as GIN hands it out (a bitmap), and `Video 1`'s
 * first month held 41,000 rows of its rarest run (3.5 ms of 4.3 for the eleven months' reads).
 */
export const spansIndex = (index: SearchIndex, span: Span) => `${index.table}_search_${span}`;

type Span = 'tens' | 'days';

/** The characters of `created_at` that name a row's span. */
const SPAN_LENGTH: Record<Span, number> = { tens: 9, days: 10 };

/** A walk reads up to this many rows a match the page needs: it finds a page where one row in ten matches. */
export const WALK_PER_MATCH = 10;

/**
 * A search expected in fewer rows than this reads its matches and sorts them (search-page.ts): 5,000 sort
 * in about 7 ms on this machine (111,111 in 160 ms), about what the spans' reads cost.
 */
export const SPANS_FROM = 5_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T/;

/** The keys of a span's column, as the index holds them. */
const keysOf = (index: SearchIndex, span: Span) =>
  sql`${sql.raw(GROUP_GRAMS)}(substr(${sql.ref('created_at')}, 1, ${sql.lit(SPAN_LENGTH[span])}), ${sql.ref(FOLDED)})`;

/** Whether a page of this search is read span by span; `byDate`: the order is the date order (walkable). */
export function spansAnswer(list: SearchedList<unknown, never>, byDate: boolean, broad: boolean): boolean {
  const { dialect, index, search } = list;
  return (
    dialect === 'postgres' &&
    !!index.spans &&
    byDate &&
    groupSearchable(search.text) &&
    foldedHolds(index, search.text) !== undefined &&
    (broad || (search.expected ?? 0) >= SPANS_FROM)
  );
}

interface SpanBounds {
  lo?: string | null;
  hi?: string | null;
}

/**
 * The table's first and last `created_at`, which the spans' statement starts from. search-page.ts asks for
 * them beside the walk that may find the page first: after a walk that found none (`Video 1`), the spans
 * need not wait for this read too (0088). Never left rejected unobserved: a caller whose walk found the
 * page drops it.
 */
export function spanBounds(list: SearchedList<unknown, never>): Promise<SpanBounds> {
  const db = list.db as unknown as Kysely<Record<string, object>>;
  const read = sql<SpanBounds>`SELECT min(created_at) AS lo, max(created_at) AS hi
    FROM ${sql.table(list.index.table)}`
    .execute(db)
    .then((r) => r.rows[0] ?? {});
  read.catch(() => {});
  return read;
}

/**
 * One page (`offset`, `limit`) of the search in date order, read span by span; undefined where the table's
 * dates are not the server's ISO dates (the caller then reads the matches and sorts them). `walk`: the most
 * rows the held days are walked for the page before their matches are read whole.
 */
export async function spannedPage<DB, TB extends keyof DB, R>(
  list: SearchedList<DB, TB>,
  desc: boolean,
  offset: number,
  limit: number,
  {
    walk = WALK_PER_MATCH * (offset + limit),
    bounds = spanBounds(list as never),
  }: { walk?: number; bounds?: Promise<SpanBounds> } = {},
): Promise<R[] | undefined> {
  const db = list.db as unknown as Kysely<Record<string, object>>;
  const { base, index, search } = list;
  const holds = foldedHolds(index, search.text)!;
  const { lo, hi } = await bounds;
  if (!lo || !hi) return [];
  if (!ISO_DATE.test(lo) || !ISO_DATE.test(hi)) return undefined;
  const direction = sql.raw(desc ? 'DESC' : 'ASC');

  // The first ten days with a match, asked for the text's rarest run (an empty run is read in ~0.01 ms,
  // `vid`'s 80,000 entries of a month in ~9 ms): of PostgreSQL's runs of the text, the one JavaScript
  // chose, or all of them if JavaScript folds it otherwise. LATERAL with a LIMIT keeps it a loop over the
  // spans in order, each a read of the index, where a semi-join could read the whole table once.
  const rare = await rarestRun(list as never);
  const runs = sql`(SELECT runs FROM runs)`;
  const rareRuns = sql`(SELECT CASE WHEN ${rare} = ANY(runs) THEN ARRAY[${rare}] ELSE runs END FROM runs)`;
  const tenHolds = sql<SqlBool>`${keysOf(index, 'tens')} @> ${spanKeys(sql.ref('t.span'), rareRuns)}`;
  const tenWithMatch = sql`SELECT t.span FROM unnest(ARRAY(SELECT DISTINCT substr(day, 1, ${sql.lit(SPAN_LENGTH.tens)})
      FROM span ORDER BY 1 ${direction})) AS t(span)
    CROSS JOIN LATERAL (${base
      .select(sql`1`.as('one'))
      .where(tenHolds)
      .where(holds)
      .limit(1)}) AS x
    LIMIT 1`;

  // From those ten days on, the days one by one (w) until the page's matches are counted, then the page
  // from the days that hold any, sorted.
  const need = offset + limit;
  const onDay = (day: Expression<unknown>) =>
    sql<SqlBool>`${keysOf(index, 'days')} @> ${spanKeys(day, runs)}`;
  const counted = base
    .select(sql`1`.as('one'))
    .where(onDay(sql`d.days[w.n + 1]`))
    .where(holds)
    .limit(need);
  // Behind a fence (OFFSET 0) each day's rows are read through the day index: pulled up, the planner walked
  // the date order's index past every row newer than the matches (650 ms). The days' matches are sorted by
  // their keys and row addresses, and only the page's rows are read whole (as search-page.ts's sorted read).
  const at = sql.ref(`${index.table}.ctid`);
  const keys = [sql.ref('created_at').as('created_at'), sql.ref('id').as('id'), at.as('row_at')] as const;
  const dayKeys = base
    .select(keys)
    .where(onDay(sql.ref('held.day')))
    .where(holds)
    .offset(0);
  // The held days are first walked in the order, from the newest held day on (oldest first: the oldest),
  // at most `walk` rows, keeping the first `need` matches: the rows before them in the order lie in days
  // without a match (w counted them), so these are the page's as the bitmaps' would be. Where the held days
  // match densely the walk finds the page in a few hundred rows, where the day index hands out every match
  // of the days as a bitmap, read and sorted whole: `Video 1`'s newest held day holds 1,804 matches of its
  // 2,740 rows (2.1 of the statement's 7 ms). A walk that ends short leaves the page to the bitmaps.
  const heldFrom = desc
    ? sql`(SELECT to_char(max(day)::date + 1, 'YYYY-MM-DD') FROM held)`
    : sql`(SELECT min(day) FROM held)`;
  const walked = base
    .select([...keys, sql.ref(FOLDED).as(FOLDED)])
    .where(sql.ref('created_at'), desc ? '<' : '>=', heldFrom)
    .orderBy(sql.ref('created_at'), desc ? 'desc' : 'asc')
    .orderBy(sql.ref('id'), desc ? 'desc' : 'asc')
    .limit(walk);
  const walkFound = sql`(SELECT count(*) FROM in_held)`;
  // One statement from the table's first and last days: the days between them (span), the ten with a match
  // and the days from it (d) are made by PostgreSQL. Built in JavaScript and sent as arrays, a year of days
  // cost 0.5 ms a read, and the ten's read its own round trip.
  // Dates and whole days only (a date plus a number of days): no time zone can move a day.
  const first = sql`${lo.slice(0, 10)}::date`;
  const { rows } = await sql<R>`WITH RECURSIVE runs AS (${runsOnce(search.text)}),
    span AS (SELECT to_char(${first} + i, 'YYYY-MM-DD') AS day
      FROM generate_series(0, ${hi.slice(0, 10)}::date - ${first}) AS i),
    d AS (SELECT ARRAY(SELECT day FROM span WHERE substr(day, 1, ${sql.lit(SPAN_LENGTH.tens)})
      ${sql.raw(desc ? '<=' : '>=')} (${tenWithMatch}) ORDER BY day ${direction}) AS days),
    w(n, found, here) AS (
      SELECT 0, 0, 0
      UNION ALL
      SELECT w.n + 1, w.found + c.here, c.here FROM w, d,
        LATERAL (SELECT count(*)::int AS here FROM (${counted}) AS f) AS c
      WHERE w.found < ${need} AND w.n < cardinality(d.days)),
    held AS (SELECT d.days[w.n] AS day FROM w, d WHERE w.here > 0),
    in_held AS (SELECT v.row_at, v.created_at, v.id FROM (${walked}) AS v WHERE ${holds} LIMIT ${need}),
    page AS (SELECT x.row_at FROM (SELECT * FROM in_held
        ORDER BY created_at ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}) AS x
      WHERE ${walkFound} >= ${need}
      UNION ALL
      SELECT y.row_at FROM (SELECT s.row_at FROM held CROSS JOIN LATERAL (${dayKeys}) AS s
        ORDER BY s.created_at ${direction}, s.id ${direction} LIMIT ${limit} OFFSET ${offset}) AS y
      WHERE ${walkFound} < ${need})
    ${base.selectAll().where(sql<SqlBool>`${at} = ANY(ARRAY(SELECT row_at FROM page))`)}
    ORDER BY created_at ${direction}, id ${direction}`.execute(db);
  return rows;
}

/**
 * The text's runs as PostgreSQL folds them (the keys search_group_grams makes of it, without their span): the
 * statement's `runs`, computed once. A span's keys are then `span:run` strings: made by search_group_grams
 * for each span, they cost ~0.04 ms a span (39 tens: 1.5 of the tens' 2.9 ms). One CTE rather than a
 * subquery in each of the three places that read them: PostgreSQL inlines search_group_grams' SQL at each
 * call it plans, and the statement planned in 0.80 rather than 1.06 ms (0069).
 */
const runsOnce = (text: string) =>
  sql`SELECT ARRAY(SELECT substr(k, 2) FROM unnest(${sql.raw(GROUP_GRAMS)}('', lower(${text}))) AS k) AS runs`;

/** The keys of `runs` in a span, as search_group_grams makes them (`span:run`). */
const spanKeys = (span: Expression<unknown>, runs: Expression<unknown>) =>
  sql`ARRAY(SELECT ${span} || ':' || run FROM unnest(${runs}) AS run)`;

/** The run of the text the table's statistics expect in the fewest rows (the first before ANALYZE). */
async function rarestRun(list: SearchedList<unknown, never>): Promise<string> {
  const runs = [...runsOf([list.search.text])];
  const table = await statisticsOf(list.db, list.index.table);
  const shares = runs.map((run) => shareOf(table, list.index, run) ?? 1);
  return runs[shares.indexOf(Math.min(...shares))]!;
}

/** PostgreSQL: the ten days' and the day's indexes of `index.table`'s trigrams (SQLite: nothing; its FTS5 index hands
 * out matches by rowid, search-seek.ts). */
export const searchSpansMigration = (index: SearchIndex): Migration => ({
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return;
    await createGroupGrams(db);
    for (const span of ['tens', 'days'] as const)
      await sql`CREATE INDEX ${sql.raw(spansIndex(index, span))} ON ${sql.table(index.table)}
        USING gin ((${keysOf(index, span)})) WITH (${GIN_STORAGE})`.execute(db);
    await sql`ANALYZE ${sql.table(index.table)}`.execute(db);
  },
});
