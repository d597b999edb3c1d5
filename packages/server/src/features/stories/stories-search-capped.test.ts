import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { storyRoutes, type StoryListReply } from '@streamdesk/contract/stories';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { storyRow } from '../../test/story-rows.js';
import {
  DATE_AND_VIEWS,
  expectCappedPages,
  expectExactCounts,
  withNames,
  namedRows,
  newestHolding,
  rowDate,
  type NamedRow,
} from '../../test/capped-search-rows.js';

/**
 * The story lists' search counts at most SEARCH_COUNT_MAX stories, as the library's and the in-house
 * ads' (0063): past it the reply says `totalCapped` and each page stays the matches' slice in the order
 * asked (walked in the date orders, read and sorted by views); under it, in the other kind's list and
 * without a search, the count is exact and `totalCapped` false.
 */
let t: TestApp;
const LIMIT = 20;
const COUNT = SEARCH_COUNT_MAX + 10;
const ADS = 30;

const stories = namedRows(COUNT, '5a', (i) => `Capped ${i}`);
const ads = namedRows(ADS, '5b', (i) => `Capped ad ${i}`);

async function write(rows: NamedRow[], adsStory: number) {
  const { db } = t.app.streamdesk.context;
  for (let at = 0; at < rows.length; at += 200)
    await db
      .insertInto('stories')
      .values(
        rows.slice(at, at + 200).map((s, i) =>
          storyRow({
            id: s.id,
            ads_story: adsStory,
            btn_name: s.name,
            btn_url: `https://example.com/${s.name.length}`,
            view: s.view,
            created_at: rowDate(at + i),
          }),
        ),
      )
      .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await write(stories, 0);
  await write(ads, 1);
  const { db, dialect } = t.app.streamdesk.context;
  // A search's lead and narrowness come from the table's statistics (search-lead.ts).
  if (dialect === 'postgres') await sql`ANALYZE stories`.execute(db);
});
afterAll(() => t.close());

const list = async (query: Record<string, string>, path: string = storyRoutes.listVideo.path) => {
  const res = await t.request({ method: 'GET', url: path, query: { limit: String(LIMIT), ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<StoryListReply>(res);
};

const read = withNames(list, (s) => s.btnName);
const readAds = withNames(
  (query) => list(query, storyRoutes.listAds.path),
  (s) => s.btnName,
);

describe('the story lists search count, bounded', () => {
  it('stops at the cap for a search most stories match, and each page is its slice in its order', async () => {
    await expectCappedPages(read, { rows: stories, limit: LIMIT, sort: DATE_AND_VIEWS });
    expect((await list({ q: 'capped', sort: '-view' })).totalCapped).toBe(true);
  });

  it('is exact under the cap, in the ads list and without a search', async () => {
    await expectExactCounts(read, { rows: stories, all: COUNT });
    const inAds = await readAds({ q: 'capped', page: '2' });
    const adNames = newestHolding(ads, 'capped').map((s) => s.name);
    expect(inAds.names).toEqual(adNames.slice(LIMIT, 2 * LIMIT));
    expect([inAds.total, inAds.totalCapped]).toEqual([ADS, false]);
  });
});
