import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveMatchRoutes as routes,
  type HistoryReply,
  type LiveMatchListReply,
} from '@streamdesk/contract/live-matches';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { insertFire, insertLiveMatch, type FireRow, type LiveMatchRow } from './live-matches.repository.js';

/** The live match list's and the fire history's search (`q`) and order (`sort`), issue 36 (decision 0052). */

let t: TestApp;

const match = (n: number, title: string, view: number): LiveMatchRow => ({
  id: `5f000000000000000000000${n}`,
  title,
  url: `https://live.example.com/${n}`,
  thumbnail: '/media/live-matches/x.png',
  view,
  status: 1,
  created_at: `2026-11-0${n}T10:00:00.000Z`,
  planned_start: null,
  planned_end: null,
  start_job: null,
  end_job: null,
  planned_note: '',
});
// Ids rise with the dates, as real ids do; M1 and M3 tie on views.
const M1 = match(1, 'India v Australia', 5);
const M2 = match(2, 'england v INDIA', 9);
const M3 = match(3, 'Brazil v Chile', 5);

const fire = (n: number, a_name: string, url: string, a_view: number, a_click: number): FireRow => ({
  id: `6f000000000000000000000${n}`,
  ads_type: url ? 'Url_Ads_Fire' : 'Open_Ads_Fire',
  a_name,
  url,
  a_view,
  a_click,
  created_at: `2026-11-0${n}T10:00:00.000Z`,
  web_ad_id: null,
});
// F1 and F3 tie on views.
const F1 = fire(1, 'WEB_URL_1', 'https://ads.example/one', 10, 1);
const F2 = fire(2, 'Open_Ads_Fire', '', 3, 7);
const F3 = fire(3, 'web_url_2', 'https://ads.example/two', 10, 0);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.app.streamdesk.context;
  for (const row of [M1, M2, M3]) await insertLiveMatch(db, row);
  for (const row of [F1, F2, F3]) await insertFire(db, row);
});
afterAll(() => t.close());

const get =
  <T>(path: string) =>
  async (query: string) => {
    const res = await t.request({ method: 'GET', url: `${path}?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
const matches = get<LiveMatchListReply>(routes.list.path);
const fires = get<HistoryReply>(routes.history.path);
const ids = (reply: { data: { _id: string }[] }) => reply.data.map((row) => row._id);
const refused = async (path: string, query: string) => {
  const res = await t.request({ method: 'GET', url: `${path}?${query}` });
  expect(res.statusCode).toBe(400);
  return res.json() as unknown;
};

describe('the live match list', () => {
  it('finds matches by title, any case, newest first, with pages that follow the search', async () => {
    expect(ids(await matches('q=india'))).toEqual([M2.id, M1.id]);
    // Two letters have no trigram: the scan answers, the same way.
    expect(ids(await matches('q=IN'))).toEqual([M2.id, M1.id]);
    expect(ids(await matches('q=%20chile%20'))).toEqual([M3.id]);
    const paged = await matches('q=india&limit=1&page=2');
    expect(ids(paged)).toEqual([M1.id]);
    expect(paged.totalPage).toBe(2);
    const none = await matches('q=pakistan');
    expect(none).toMatchObject({ status: true, data: [], totalPage: 0 });
  });

  it('keeps its order without sort, and orders by each column both ways, ties by id', async () => {
    expect(ids(await matches(''))).toEqual([M3.id, M2.id, M1.id]);
    expect(ids(await matches('sort=-date'))).toEqual([M3.id, M2.id, M1.id]);
    expect(ids(await matches('sort=date'))).toEqual([M1.id, M2.id, M3.id]);
    // Titles as people read them: 'england' between 'Brazil' and 'India'.
    expect(ids(await matches('sort=title'))).toEqual([M3.id, M2.id, M1.id]);
    expect(ids(await matches('sort=-title'))).toEqual([M1.id, M2.id, M3.id]);
    expect(ids(await matches('sort=-views'))).toEqual([M2.id, M3.id, M1.id]);
    expect(ids(await matches('sort=views'))).toEqual([M1.id, M3.id, M2.id]);
    expect(ids(await matches('q=india&sort=views'))).toEqual([M1.id, M2.id]);
    expect(ids(await matches('sort=title&limit=2&page=2'))).toEqual([M1.id]);
  });

  it('refuses an unknown order and an over-long search, naming them', async () => {
    expect(await refused(routes.list.path, 'sort=url')).toMatchObject(
      errorBody('querystring sort: sort must be one of date, -date, title, -title, views, -views'),
    );
    expect(await refused(routes.list.path, `q=${'x'.repeat(201)}`)).toMatchObject(
      errorBody(/q must be at most 200 characters/),
    );
  });
});

describe('the fire history', () => {
  it('finds fires by the ad name or the URL, with the count and totals of the fires found', async () => {
    expect(await fires('')).toMatchObject({ total: 3, totalViews: 23, totalClicks: 8, totalPage: 1 });
    const found = await fires('q=Web_URL');
    expect(ids(found)).toEqual([F3.id, F1.id]);
    expect(found).toMatchObject({ total: 2, totalViews: 20, totalClicks: 1, totalPage: 1 });
    expect(ids(await fires('q=ads.example/two'))).toEqual([F3.id]);
    // '_' is a letter of the search, not a wildcard.
    expect(ids(await fires('q=_2'))).toEqual([F3.id]);
    const paged = await fires('q=web&limit=1&page=2');
    expect(ids(paged)).toEqual([F1.id]);
    expect(paged).toMatchObject({ total: 2, totalViews: 20, totalClicks: 1, totalPage: 2 });
    expect(await fires('q=nothing')).toMatchObject({
      data: [],
      total: 0,
      totalViews: 0,
      totalClicks: 0,
      totalPage: 0,
    });
  });

  it('keeps its order without sort, and orders by each column both ways, ties by id', async () => {
    expect(ids(await fires(''))).toEqual([F3.id, F2.id, F1.id]);
    expect(ids(await fires('sort=date'))).toEqual([F1.id, F2.id, F3.id]);
    expect(ids(await fires('sort=name'))).toEqual([F2.id, F1.id, F3.id]);
    expect(ids(await fires('sort=-name'))).toEqual([F3.id, F1.id, F2.id]);
    expect(ids(await fires('sort=-views'))).toEqual([F3.id, F1.id, F2.id]);
    expect(ids(await fires('sort=views'))).toEqual([F2.id, F1.id, F3.id]);
    expect(ids(await fires('sort=-clicks'))).toEqual([F2.id, F1.id, F3.id]);
    expect(ids(await fires('sort=clicks'))).toEqual([F3.id, F1.id, F2.id]);
    // Totals are of the list, not of the page: the order does not change them.
    expect(await fires('sort=views&limit=1')).toMatchObject({ total: 3, totalViews: 23, totalClicks: 8 });
  });

  it('refuses an unknown order, naming the orders it takes', async () => {
    expect(await refused(routes.history.path, 'sort=type')).toMatchObject(
      errorBody(
        'querystring sort: sort must be one of date, -date, name, -name, views, -views, clicks, -clicks',
      ),
    );
  });
});
