import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import type { AppTables } from '../platform/db/database.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A row a capped-search test writes (0063): its id, its searched name, and views that repeat for ties. */
export interface NamedRow {
  id: string;
  name: string;
  view: number;
}

/** `count` rows, oldest first, ids `<prefix>0…0<i>` (24 characters) rising with their dates. */
export const namedRows = (count: number, prefix: string, name: (i: number) => string): NamedRow[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${String(i).padStart(24 - prefix.length, '0')}`,
    name: name(i),
    view: (i * 7) % 13,
  }));

/** A capped-search test's page size, and its rows: 10 more than the count's cap, named `Capped n`. */
export const CAPPED_LIMIT = 20;
export const CAPPED_COUNT = SEARCH_COUNT_MAX + 10;
export const cappedRows = (prefix: string) => namedRows(CAPPED_COUNT, prefix, (i) => `Capped ${i}`);

/** Row `i`'s date: a second apart from 2035-01-01 (after any a test's other rows hold). */
export const rowDate = (i: number) => new Date(Date.UTC(2035, 0, 1) + i * 1000).toISOString();

/** The rows whose name holds `q` (case folded), newest first, by hand. */
export const newestHolding = (rows: readonly NamedRow[], q: string) =>
  rows.filter((r) => r.name.toLowerCase().includes(q.toLowerCase())).reverse();

/** The rows whose name holds `q`, most viewed first, ties newest (highest id) first. */
export const mostViewedHolding = (rows: readonly NamedRow[], q: string) =>
  newestHolding(rows, q).sort((a, b) => b.view - a.view || (a.id < b.id ? 1 : -1));

/** A page of a list as a capped-search test reads it: its rows' names and its count. */
export interface ReadPage {
  names: string[];
  total: number;
  totalPage: number;
  totalCapped: boolean | undefined;
}

/** A list's read with its rows' names, for expectCappedPages. */
export const withNames =
  <R extends { data: unknown[] }>(
    list: (query: Record<string, string>) => Promise<R>,
    nameOf: (row: R['data'][number]) => string,
  ) =>
  async (query: Record<string, string>) => {
    const reply = await list(query);
    return { ...reply, names: reply.data.map(nameOf) };
  };

/** The orders most lists offer: `date` (oldest first) and `-view` (most viewed first). */
export const DATE_AND_VIEWS = { oldest: 'date', mostViewed: '-view' };

/**
 * A search of `q` (default `capped`) that more than SEARCH_COUNT_MAX of `rows` match, read through `read`:
 * its count stops at the cap (`totalCapped`), and every page is the slice of its first SEARCH_COUNT_MAX
 * matches (0066), newest first (pages 1, 2, 50, and 51, past the cap, empty), oldest first (`sort: oldest`)
 * and most viewed first (`sort: mostViewed`), where the list has those orders.
 */
export async function expectCappedPages(
  read: (query: Record<string, string>) => Promise<ReadPage>,
  {
    rows,
    q = 'capped',
    limit,
    sort,
  }: { rows: readonly NamedRow[]; q?: string; limit: number; sort?: { oldest: string; mostViewed?: string } },
) {
  const names = (found: NamedRow[]) => found.map((r) => r.name);
  const slice = (all: string[], page: number) => all.slice((page - 1) * limit, page * limit);
  const newest = names(newestHolding(rows, q));
  for (const page of [1, 2, 50, 51]) {
    const reply = await read({ q: q.toUpperCase(), page: String(page) });
    expect(reply.names).toEqual(slice(newest.slice(0, SEARCH_COUNT_MAX), page));
    expect([reply.total, reply.totalPage, reply.totalCapped]).toEqual([
      SEARCH_COUNT_MAX,
      SEARCH_COUNT_MAX / limit,
      true,
    ]);
  }
  if (!sort) return;
  const oldest = await read({ q, sort: sort.oldest, page: '3' });
  expect(oldest.names).toEqual(slice([...newest].reverse(), 3));
  if (!sort.mostViewed) return;
  const viewed = await read({ q, sort: sort.mostViewed, page: '2' });
  expect(viewed.names).toEqual(slice(names(mostViewedHolding(rows, q)), 2));
}

/**
 * Under the cap the count is exact: `capped 100` (11 of the rows `namedRows` names `Capped n`), and the
 * list without a search holds `all` rows; `totalCapped` false for both.
 */
export async function expectExactCounts(
  read: (query: Record<string, string>) => Promise<ReadPage>,
  { rows, all }: { rows: readonly NamedRow[]; all: number },
) {
  const few = await read({ q: 'capped 100' });
  expect(few.names).toEqual(newestHolding(rows, 'capped 100').map((r) => r.name));
  expect([few.total, few.totalPage, few.totalCapped]).toEqual([11, 1, false]);
  const unsearched = await read({});
  expect([unsearched.total, unsearched.totalCapped]).toEqual([all, false]);
}

/**
 * Writes `rows` into `table`, 200 to a statement, and on PostgreSQL analyzes it: a search's lead and its
 * narrowness come from the table's statistics (search-lead.ts).
 */
export async function writeAnalyzed(t: TestApp, table: keyof AppTables, rows: readonly object[]) {
  const { db, dialect } = t.app.streamdesk.context;
  for (let at = 0; at < rows.length; at += 200)
    await db
      .insertInto(table)
      .values(rows.slice(at, at + 200) as never)
      .execute();
  if (dialect === 'postgres') await sql`ANALYZE ${sql.table(table)}`.execute(db);
}

/** A list's reply: its rows and its count. */
type Listed = { data: unknown[] } & Omit<ReadPage, 'names'>;

/** An admin list's read of CAPPED_LIMIT rows a page at `path`, with its rows' names (`nameOf`). */
const readAdminList = <R extends Listed>(
  app: () => TestApp,
  path: string,
  nameOf: (row: R['data'][number]) => string,
) =>
  withNames(async (query: Record<string, string>) => {
    const res = await app().request({
      method: 'GET',
      url: path,
      query: { limit: String(CAPPED_LIMIT), ...query },
    });
    return app().json<R>(res);
  }, nameOf);

/**
 * The capped-search tests of an admin list (0063) whose rows `rowOf` makes of cappedRows(`prefix`) (row
 * `i`'s name and views, dated rowDate(i)): over the cap (expectCappedPages, in `sort`'s orders) and
 * under it (expectExactCounts).
 */
export function cappedSearchTests<R extends Listed>(list: {
  table: keyof AppTables;
  path: string;
  prefix: string;
  rowOf: (row: NamedRow, i: number) => object;
  nameOf: (row: R['data'][number]) => string;
  sort: { oldest: string; mostViewed?: string };
}) {
  let t: TestApp;
  const rows = cappedRows(list.prefix);
  beforeAll(async () => {
    t = await createTestApp();
    await writeAnalyzed(t, list.table, rows.map(list.rowOf));
  });
  afterAll(() => t.close());
  const read = readAdminList<R>(() => t, list.path, list.nameOf);

  it('stops at the cap for a search most rows match, and each page is its slice in its order', async () => {
    await expectCappedPages(read, { rows, limit: CAPPED_LIMIT, sort: list.sort });
  });

  it('is exact under the cap and without a search', async () => {
    await expectExactCounts(read, { rows, all: CAPPED_COUNT });
  });
}
