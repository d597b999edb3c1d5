import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { storyRoutes, type StoryListReply } from '@streamdesk/contract/stories';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { storyRow } from '../../test/story-rows.js';

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

interface Written {
  id: string;
  name: string;
  view: number;
}
// Oldest first, ids rising with the dates as real ids do; views repeat so that the views order has ties.
const written = (count: number, prefix: string, name: (i: number) => string): Written[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${String(i).padStart(22, '0')}`,
    name: name(i),
    view: (i * 7) % 13,
  }));
const stories = written(COUNT, '5a', (i) => `Capped ${i}`);
const ads = written(ADS, '5b', (i) => `Capped ad ${i}`);

async function write(rows: Written[], adsStory: number) {
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
            created_at: new Date(Date.UTC(2035, 0, 1) + (at + i) * 1000).toISOString(),
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
const names = (reply: StoryListReply) => reply.data.map((s) => s.btnName);

/** The names holding `q` (case folded), newest first, by hand. */
const byHand = (rows: Written[], q: string) => rows.filter((s) => s.name.toLowerCase().includes(q)).reverse();

describe('the story lists search count, bounded', () => {
  it('stops at the cap for a search most stories match, and each page is its slice', async () => {
    const expected = byHand(stories, 'capped').map((s) => s.name);
    for (const page of [1, 2, 50, 51]) {
      const reply = await list({ q: 'CAPPED', page: String(page) });
      expect(names(reply)).toEqual(expected.slice((page - 1) * LIMIT, page * LIMIT));
      expect([reply.total, reply.totalPage, reply.totalCapped]).toEqual([
        SEARCH_COUNT_MAX,
        SEARCH_COUNT_MAX / LIMIT,
        true,
      ]);
    }
  });

  it('pages a capped search oldest first and by views as the whole match set', async () => {
    const oldest = byHand(stories, 'capped').reverse();
    expect(names(await list({ q: 'capped', sort: 'date', page: '3' }))).toEqual(
      oldest.slice(2 * LIMIT, 3 * LIMIT).map((s) => s.name),
    );
    const byViews = byHand(stories, 'capped').sort((a, b) => b.view - a.view || (a.id < b.id ? 1 : -1));
    const viewed = await list({ q: 'capped', sort: '-view', page: '2' });
    expect(names(viewed)).toEqual(byViews.slice(LIMIT, 2 * LIMIT).map((s) => s.name));
    expect(viewed.totalCapped).toBe(true);
  });

  it('is exact under the cap, in the ads list and without a search', async () => {
    const few = await list({ q: 'capped 100' });
    expect(names(few)).toEqual(byHand(stories, 'capped 100').map((s) => s.name));
    expect([few.total, few.totalPage, few.totalCapped]).toEqual([11, 1, false]);
    const inAds = await list({ q: 'capped', page: '2' }, storyRoutes.listAds.path);
    expect(names(inAds)).toEqual(
      byHand(ads, 'capped')
        .slice(LIMIT, 2 * LIMIT)
        .map((s) => s.name),
    );
    expect([inAds.total, inAds.totalCapped]).toEqual([ADS, false]);
    const all = await list({});
    expect([all.total, all.totalCapped]).toEqual([COUNT, false]);
  });
});
