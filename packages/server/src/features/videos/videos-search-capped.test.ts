import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';

/**
 * The library's search counts at most SEARCH_COUNT_MAX videos (0063): past it the reply says
 * `totalCapped` and its pages are the slices of its first SEARCH_COUNT_MAX matches in the order asked
 * (0066); under it, and without a search, the count is exact and `totalCapped` false.
 */
let t: TestApp;
let category: string;
const LIMIT = 20;
const COUNT = SEARCH_COUNT_MAX + 10;
// Oldest first; every fifth a web video.
const titles = Array.from({ length: COUNT }, (_, i) => `Capped ${i}`);

beforeAll(async () => {
  t = await createTestApp();
  category = await storedId(t, addCall.category('Capped'));
  const rows = titles.map((title, i) => ({
    id: `cap${String(i).padStart(21, '0')}`,
    category_id: category,
    title,
    file_name: `c${i}.mp4`,
    web: i % 5 === 0 ? 1 : 0,
    video: `videos/cap${i}.mp4`,
    thumbnail: `videos/cap${i}.jpg`,
    created_at: new Date(Date.UTC(2035, 0, 1) + i * 1000).toISOString(),
  }));
  for (let at = 0; at < rows.length; at += 200)
    await t.app.streamdesk.context.db
      .insertInto('videos')
      .values(rows.slice(at, at + 200) as never)
      .execute();
});
afterAll(() => t.close());

/** A small category beside the big one: its rows are checked for the text (search-page.ts, SCAN_ROWS). */
const smallTitles = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `Plain ${i}` : `Capped small ${i}`));
async function writeSmall() {
  const small = await storedId(t, addCall.category('Small'));
  const rows = smallTitles.map((title, i) => ({
    id: `sml${String(i).padStart(21, '0')}`,
    category_id: small,
    title,
    file_name: `s${i}.mp4`,
    web: i % 2,
    video: `videos/sml${i}.mp4`,
    thumbnail: `videos/sml${i}.jpg`,
    created_at: new Date(Date.UTC(2036, 0, 1) + i * 1000).toISOString(),
  }));
  await t.app.streamdesk.context.db
    .insertInto('videos')
    .values(rows as never)
    .execute();
  return small;
}

const list = async (query: Record<string, string>) => {
  const res = await t.request({
    method: 'GET',
    url: videoRoutes.adminList.path.replace(':category', category),
    query: { limit: String(LIMIT), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<{ data: Video[]; totalRecord: number; totalPage: number; totalCapped: boolean }>(res);
};

/** The titles holding `q` (case folded), in the order asked, by hand. */
const byHand = (q: string, newestFirst = true, webOnly = false) => {
  const held = titles.filter((title, i) => (!webOnly || i % 5 === 0) && title.toLowerCase().includes(q));
  return newestFirst ? held.reverse() : held;
};

describe('the library search count, bounded', () => {
  it('stops at the cap for a search most videos match, and each page is its slice', async () => {
    const expected = byHand('capped');
    for (const page of [1, 2, 50]) {
      const reply = await list({ q: 'CAPPED', page: String(page) });
      expect(reply.data.map((v) => v.title)).toEqual(expected.slice((page - 1) * LIMIT, page * LIMIT));
      expect([reply.totalRecord, reply.totalPage, reply.totalCapped]).toEqual([
        SEARCH_COUNT_MAX,
        SEARCH_COUNT_MAX / LIMIT,
        true,
      ]);
    }
    // The pages end with the count (0066): page 51 is past the cap's 1,000 matches, though 10 more match;
    // a page across the cap ends at it (page 34 of 30: matches 991-1,000).
    const past = await list({ q: 'capped', page: '51' });
    expect([past.data, past.totalRecord, past.totalCapped]).toEqual([[], SEARCH_COUNT_MAX, true]);
    const across = await list({ q: 'capped', page: '34', limit: '30' });
    expect(across.data.map((v) => v.title)).toEqual(expected.slice(990, SEARCH_COUNT_MAX));
    expect(across.totalPage).toBe(34);
    // Oldest first, and web videos only.
    expect((await list({ q: 'capped', sort: 'date', page: '3' })).data.map((v) => v.title)).toEqual(
      byHand('capped', false).slice(2 * LIMIT, 3 * LIMIT),
    );
    const web = await list({ q: 'capped', web: 'true', page: '10' });
    expect(web.data.map((v) => v.title)).toEqual(byHand('capped', true, true).slice(9 * LIMIT, 10 * LIMIT));
    expect([web.totalRecord, web.totalCapped]).toEqual([byHand('capped', true, true).length, false]);
  });

  it('pages a small category by its own rows, exact, as a hand count', async () => {
    const small = await writeSmall();
    const inSmall = async (query: Record<string, string>) => {
      const res = await t.request({
        method: 'GET',
        url: videoRoutes.adminList.path.replace(':category', small),
        query: { limit: '4', ...query },
      });
      expect(res.statusCode, res.body).toBe(200);
      return t.json<{ data: Video[]; totalRecord: number; totalCapped: boolean }>(res);
    };
    const byHandSmall = (q: string, web = false) =>
      smallTitles.filter((title, i) => (!web || i % 2 === 1) && title.toLowerCase().includes(q)).reverse();
    for (const [q, web] of [
      ['capped', false],
      ['CAPPED SMALL 2', false],
      ['capped', true],
      ['pl', false],
    ] as const) {
      const expected = byHandSmall(q.toLowerCase(), web);
      const found: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
        const reply = await inSmall({ q, page: String(page), ...(web ? { web: 'true' } : {}) });
        found.push(...reply.data.map((v) => v.title));
        expect([reply.totalRecord, reply.totalCapped]).toEqual([expected.length, false]);
      }
      expect(found, `${q} ${web}`).toEqual(expected);
    }
  });

  it('is exact under the cap and without a search', async () => {
    const few = await list({ q: 'capped 100' });
    expect(few.data.map((v) => v.title)).toEqual(byHand('capped 100').slice(0, LIMIT));
    expect([few.totalRecord, few.totalPage, few.totalCapped]).toEqual([11, 1, false]);
    const all = await list({});
    expect([all.totalRecord, all.totalCapped]).toEqual([COUNT, false]);
  });
});
