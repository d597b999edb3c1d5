import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_INHOUSE_PAGE, inHouseRoutes, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { createInHouseAd } from '../../test/inhouse-ads.js';
import { readLaunchList } from '../../test/launch-lists.js';
import { cloneRows } from '../../test/cloned-rows.js';

/** The app's in-house ad list is bounded: a page of what it shows at once, the rest paged (0048). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { data: InHouseAd[]; nextPage: number | null; version: string };
const read = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${inHouseRoutes.active.path}${query}`,
    headers: { 'api-key': TEST_API_KEY },
  });
  return { status: res.statusCode, body: res.json<Page>() };
};

describe('GET /api/App/inhouse/ads/active, a page at a time', () => {
  it('names page 1 in the launch reply, newest first, and pages through the rest', async () => {
    const newest = (await createInHouseAd(t, { mainTitle: 'Newest' }))._id;
    const older = await cloneRows(t.app.streamdesk.context.db, 'inhouse_ads', newest, APP_INHOUSE_PAGE + 2);
    t.app.streamdesk.context.cache.invalidate('inhouse-ads');
    const all = [newest, ...older];

    const first = await readLaunchList<Page>(t, 'inHouseAds', inHouseRoutes.active.path);
    expect(first.data.map((a) => a._id)).toEqual(all.slice(0, APP_INHOUSE_PAGE));
    expect(first.nextPage).toBe(2);
    const second = await read('?page=2');
    expect([second.status, second.body.data.map((a) => a._id), second.body.nextPage]).toEqual([
      200,
      all.slice(APP_INHOUSE_PAGE),
      null,
    ]);
    const small = await read('?page=3&limit=10');
    expect(small.body.data.map((a) => a._id)).toEqual(all.slice(20, 30));
    expect(small.body.nextPage).toBe(4);
    expect((await read('?page=99')).body).toMatchObject({ data: [], nextPage: null });
  });

  it('refuses a page or limit out of range with a 400 naming it', async () => {
    expect(await read('?limit=101')).toEqual({
      status: 400,
      body: errorBody('querystring limit: limit must be 100 or less'),
    });
    expect(await read('?page=0')).toEqual({
      status: 400,
      body: errorBody('querystring page: page must be 1 or more'),
    });
  });
});
