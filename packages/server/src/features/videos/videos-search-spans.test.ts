import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { writeVideoRows } from '../../test/library-videos.js';
import { spannedPage, spansAnswer } from '../../platform/db/search-spans.js';
import { countedSearchPage } from '../../platform/db/search-page.js';
import { statisticsOf } from '../../platform/db/search-lead.js';
import { videosSearch } from './videos.migrations.js';

/**
 * PostgreSQL reads a broad search in date order ten days and a day at a time (search-spans.ts, 0069): its
 * pages must be the hand count's in both date orders, with the web filter, across days, tens, a year's end
 * and a month without a match, with ties of date broken by id, case folded, and without a row that holds the text's
 * runs but not the text.
 */
let t: TestApp;
let category: string;
const ROWS = 6_000;
/**
 * Three rows a date (ties broken by id), a date every 20 minutes: 2034-12-20 to 2035-01-17, so that the
 * spans cross a month and a year (the late matches are on 2035-01-02, the oldest in December).
 */
const FROM = Date.UTC(2034, 11, 20);
const dateOf = (i: number) => FROM + Math.floor(i / 3) * 20 * 60_000;
/**
 * The oldest 1,500 hold `far x` (a seventh of them in capitals); three rows days later hold it too; every
 * 50th of the rest holds its runs in another order (`r xfar ar`), and the others none of them.
 */
const titleOf = (i: number) => {
  if (i < 1_500) return i % 7 === 0 ? `FAR X ${i}` : `Far x ${i}`;
  if (i >= 3_000 && i < 3_003) return `Far x late ${i}`;
  return i % 50 === 0 ? `R xfar ar ${i}` : `Near ${i}`;
};
const rows = Array.from({ length: ROWS }, (_, i) => ({
  title: titleOf(i),
  id: `spn${String(i).padStart(21, '0')}`,
  created_at: new Date(dateOf(i)).toISOString(),
  web: i % 2,
}));

async function setUp() {
  t = await createTestApp();
  category = await storedId(t, addCall.category('Spans'));
  await writeVideoRows(t, {
    prefix: 'spn',
    category,
    titles: rows.map((r) => r.title),
    from: FROM,
    date: dateOf,
  });
  await sql`ANALYZE videos`.execute(t.app.streamdesk.context.db);
}

/** The hand count: the rows holding `far x` (or `text`), in the order asked, ties by id. */
const expected = (desc: boolean, web?: boolean, text = 'far x') => {
  const way = desc ? -1 : 1;
  return rows
    .filter((r) => r.title.toLowerCase().includes(text) && (web === undefined || r.web === Number(web)))
    .sort((a, b) => way * (a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)))
    .map((r) => r.title);
};

const page = async (query: Record<string, string>) => {
  const res = await t.request({
    method: 'GET',
    url: videoRoutes.adminList.path.replace(':category', 'all'),
    query: { limit: '20', q: 'far x', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  const reply = await t.json<{ data: Video[]; totalRecord: number; totalCapped?: boolean }>(res);
  return { titles: reply.data.map((v) => v.title), total: reply.totalRecord };
};

/** The library's search of `far x`, as search-page.ts hands it to the spans. */
const farX = () => {
  const { db, dialect } = t.app.streamdesk.context;
  return { db, dialect, base: db.selectFrom('videos'), index: videosSearch, search: { text: 'far x' } };
};

describe.runIf(process.env.TEST_DATABASE_URL)('a broad search read by date spans (PostgreSQL)', () => {
  beforeAll(setUp, 60_000);
  afterAll(() => t?.close());

  it('takes the spans, and they give the hand count', async () => {
    const list = farX();
    expect(spansAnswer(list as never, true, true)).toBe(true);
    // Not in another order, nor for a text shorter than a run.
    expect(spansAnswer(list as never, false, true)).toBe(false);
    expect(spansAnswer({ ...list, search: { text: 'fa' } } as never, true, true)).toBe(false);
    const titles = async (desc: boolean, offset: number, limit: number) =>
      ((await spannedPage(list as never, desc, offset, limit)) as { title: string }[]).map((r) => r.title);
    expect(await titles(true, 0, 20)).toEqual(expected(true).slice(0, 20));
    expect(await titles(true, 990, 20)).toEqual(expected(true).slice(990, 1010));
    expect(await titles(false, 40, 25)).toEqual(expected(false).slice(40, 65));
    expect(await titles(true, 0, 20)).not.toContain('R xfar ar 1550');
    // No ten holds a match: no page. `xfar x`'s runs are all in `R xfar ar`, which does not hold it.
    for (const text of ['xfar x', 'far xq'])
      expect(await spannedPage({ ...list, search: { text } } as never, true, 0, 20)).toEqual([]);
  });

  it('walks the held days where they match densely, and reads them whole where the walk ends short', async () => {
    // `far x 1` newest first: its newest day holds 12 rows without it, then only matches (Far x 1499 down to
    // 1296); `far x` newest first: the three late ones, then 1,300 rows without it, past a walk of 200 rows.
    const titles = async (text: string, desc: boolean, offset: number, walk?: number) =>
      (
        (await spannedPage({ ...farX(), search: { text } } as never, desc, offset, 20, { walk })) as {
          title: string;
        }[]
      ).map((r) => r.title);
    for (const text of ['far x 1', 'far x'])
      for (const desc of [true, false])
        for (const offset of [0, 40])
          for (const walk of [undefined, 1, 5_000])
            expect(await titles(text, desc, offset, walk), `${text} ${desc} ${offset} ${walk}`).toEqual(
              expected(desc, undefined, text).slice(offset, offset + 20),
            );
  });

  it('serves every page of the newest first and oldest first orders as the hand count', async () => {
    const newest = expected(true);
    // The three late ones, then the oldest 1,500 from their newest, across a gap of days without a match.
    expect(newest.slice(0, 4)).toEqual([
      'Far x late 3002',
      'Far x late 3001',
      'Far x late 3000',
      'Far x 1499',
    ]);
    for (const p of [1, 2, 7, 50])
      expect(await page({ page: String(p) })).toEqual({
        titles: newest.slice((p - 1) * 20, p * 20),
        total: SEARCH_COUNT_MAX,
      });
    expect((await page({ page: '51' })).titles).toEqual([]);
    const oldest = expected(false);
    for (const p of [1, 3, 50])
      expect(await page({ page: String(p), sort: 'date' })).toEqual({
        titles: oldest.slice((p - 1) * 20, p * 20),
        total: SEARCH_COUNT_MAX,
      });
  });

  it('walks beside the count, and leaves a walk that ends short to the spans without walking again', async () => {
    // Statements counted through a plugin of the app's own connection pool.
    const statements: string[] = [];
    const { db } = t.app.streamdesk.context;
    const watched = db.withPlugin({
      transformQuery: ({ node }) => (statements.push(node.kind), node),
      transformResult: async ({ result }) => result,
    });
    // The table's statistics are read once per pool (search-lead.ts): not counted among a page's statements.
    await statisticsOf(watched, 'videos');
    const read = async (search: object, desc: boolean, page: number, limit: number, countMax: number) => {
      statements.length = 0;
      const list = { ...farX(), db: watched, search: { text: 'far x', ...search } };
      const { rows, counted } = await countedSearchPage<never, never, { title: string }>(
        list as never,
        { by: sql.ref('created_at'), desc },
        { page, limit, walkable: true, countMax },
      );
      return { titles: rows.map((r) => r.title), ...counted, statements: statements.length };
    };
    const broad = { expected: 1_500 };
    // Oldest first the walk finds the page: the walk, the spans' bounds beside it, and the count.
    expect(await read(broad, false, 3, 20, 1_000)).toEqual({
      titles: expected(false).slice(40, 60),
      total: 1_000,
      capped: true,
      statements: 3,
    });
    // Newest first the first 2,000 rows hold none but the three late ones: the spans read the page (one
    // statement more), and the walk is not read again after the count.
    expect(await read(broad, true, 2, 20, 1_000)).toEqual({
      titles: expected(true).slice(20, 40),
      total: 1_000,
      capped: true,
      statements: 4,
    });
    // A page across the count's cap ends at it, one past it is empty.
    expect((await read(broad, false, 2, 20, 30)).titles).toEqual(expected(false).slice(20, 30));
    expect((await read(broad, false, 3, 20, 30)).titles).toEqual([]);
    // Uncapped, a whole page walked is the same page the sorted matches give.
    expect((await read(broad, false, 1, 20, 5_000)).titles).toEqual(expected(false).slice(0, 20));
    // Expected in fewer rows than the cap: the count first, then the walk, the bounds and the spans.
    expect(await read({ expected: 900 }, true, 1, 20, 1_000)).toEqual({
      titles: expected(true).slice(0, 20),
      total: 1_000,
      capped: true,
      statements: 4,
    });
  });

  it("leaves a table whose dates are not the server's ISO dates to the sorted read", async () => {
    const { db } = t.app.streamdesk.context;
    const list = farX();
    const newest = rows[ROWS - 1]!;
    await db
      .updateTable('videos')
      .set({ created_at: '2035/01/18 00:00' })
      .where('id', '=', newest.id)
      .execute();
    try {
      expect(await spannedPage(list as never, true, 0, 20)).toBeUndefined();
      expect((await page({ page: '2' })).titles).toEqual(expected(true).slice(20, 40));
    } finally {
      await db
        .updateTable('videos')
        .set({ created_at: newest.created_at })
        .where('id', '=', newest.id)
        .execute();
    }
  });

  it('keeps the web filter', async () => {
    const web = expected(true, true);
    expect(web.length).toBe(751);
    for (const p of [1, 20, 38])
      expect(await page({ page: String(p), web: 'true' })).toEqual({
        titles: web.slice((p - 1) * 20, p * 20),
        total: 751,
      });
  });
});

/**
 * Both databases keep a search's first match and count from its first page until the next write of the
 * videos (search-starts.ts, 0091): on PostgreSQL the spans' statement, on SQLite the index's count and a
 * walk, are then paid once per text rather than per page (`Video 1` at a million videos on SQLite: 8.5-10.9
 * ms median a read, 3.8-4.2 ms from the kept match).
 */
describe("a search's kept first match", () => {
  beforeAll(setUp, 60_000);
  afterAll(() => t?.close());

  it("walks from a search's first match kept from its first page, until a write of the videos", async () => {
    const { cache, db } = t.app.streamdesk.context;
    const newest = expected(true);
    cache.invalidate('videos');
    expect((await page({ page: '1' })).titles).toEqual(newest.slice(0, 20));
    // A match newer than every other, written straight into the table (no write of the app, so nothing is
    // forgotten): the pages walked from the kept first match do not see it, which shows they were walked so.
    await writeVideoRows(t, {
      prefix: 'spk',
      category,
      titles: ['Far x newest'],
      from: Date.UTC(2035, 0, 20),
    });
    try {
      expect((await page({ page: '1', limit: '10' })).titles).toEqual(newest.slice(0, 10));
      expect((await page({ page: '3' })).titles).toEqual(newest.slice(40, 60));
      expect(await page({ page: '50' })).toEqual({
        titles: newest.slice(980, 1000),
        total: SEARCH_COUNT_MAX,
      });
      expect((await page({ page: '51' })).titles).toEqual([]);
      // Every write of the videos invalidates their cache tag, which forgets the kept starts.
      cache.invalidate('videos');
      expect((await page({ page: '1' })).titles).toEqual(['Far x newest', ...newest.slice(0, 19)]);
      // A rename through the API: the newest video of all now holds the text.
      const renamed = await t.request({
        method: 'PUT',
        url: videoRoutes.rename.path,
        payload: { id: rows[ROWS - 1]!.id, title: 'Far x renamed' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await page({ page: '1', limit: '3' })).titles).toEqual([
        'Far x newest',
        'Far x renamed',
        newest[0],
      ]);
      // Oldest first keeps a start of its own.
      expect((await page({ page: '2', sort: 'date' })).titles).toEqual(expected(false).slice(20, 40));
    } finally {
      await db.deleteFrom('videos').where('id', 'like', 'spk%').execute();
      await t.request({
        method: 'PUT',
        url: videoRoutes.rename.path,
        payload: { id: rows[ROWS - 1]!.id, title: rows[ROWS - 1]!.title },
      });
    }
  });
});
