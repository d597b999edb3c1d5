import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { inHouseRoutes, type InHouseListReply } from '@streamdesk/contract/inhouse-ads';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { writeTitledAds } from './inhouse-ads-search-rows.js';

/**
 * The in-house ads' search counts at most SEARCH_COUNT_MAX ads, as the library's (0063): past it the
 * reply says `totalCapped` and its pages stay the matches' slices, newest first; under it, with the
 * active ones only, and without a search, the count is exact and `totalCapped` false.
 */
let t: TestApp;
const LIMIT = 20;
const COUNT = SEARCH_COUNT_MAX + 10;
// Oldest first; every third one inactive.
const titles = Array.from({ length: COUNT }, (_, i) => `Capped ${i}`);

beforeAll(async () => {
  t = await createTestApp();
  for (let at = 0; at < COUNT; at += 200)
    await writeTitledAds(t, `cap${at}x`, titles.slice(at, at + 200), Date.UTC(2035, 0, 1) + at * 1000);
  await t.app.streamdesk.context.db
    .updateTable('inhouse_ads')
    .set({ status: 0 })
    .where(sql`cast(substr(main_title, 8) as integer) % 3 = 0` as never)
    .execute();
});
afterAll(() => t.close());

const list = async (query: Record<string, string>) => {
  const res = await t.request({
    method: 'GET',
    url: inHouseRoutes.list.path,
    query: { a: 'true', limit: String(LIMIT), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<InHouseListReply>(res);
};

/** The titles holding `q` (case folded) in a searched column, newest first, by hand. */
const byHand = (q: string, activeOnly = false) =>
  titles
    .filter((title, i) => (!activeOnly || i % 3 !== 0) && `${title} about ${title}`.toLowerCase().includes(q))
    .reverse();

describe('the in-house ads search count, bounded', () => {
  it('stops at the cap for a search most ads match, and each page is its slice', async () => {
    const expected = byHand('capped');
    for (const page of [1, 2, 50]) {
      const reply = await list({ q: 'CAPPED', page: String(page) });
      expect(reply.data.map((a) => a.mainTitle)).toEqual(expected.slice((page - 1) * LIMIT, page * LIMIT));
      expect([reply.total, reply.totalPages, reply.totalCapped]).toEqual([
        SEARCH_COUNT_MAX,
        SEARCH_COUNT_MAX / LIMIT,
        true,
      ]);
    }
    // The pages end with the count (0066): page 51 is past the cap's 1,000 matches, though 10 more match.
    expect((await list({ q: 'capped', page: '51' })).data).toEqual([]);
  });

  it('is exact under the cap, for the active ones and without a search', async () => {
    const few = await list({ q: 'capped 100' });
    expect(few.data.map((a) => a.mainTitle)).toEqual(byHand('capped 100'));
    expect([few.total, few.totalPages, few.totalCapped]).toEqual([11, 1, false]);
    const active = byHand('capped', true);
    const on = await list({ a: 'false', q: 'capped', page: '30' });
    expect(on.data.map((a) => a.mainTitle)).toEqual(active.slice(29 * LIMIT, 30 * LIMIT));
    expect([on.total, on.totalCapped]).toEqual([active.length, false]);
    const all = await list({});
    expect([all.total, all.totalCapped]).toEqual([COUNT, false]);
  });
});
