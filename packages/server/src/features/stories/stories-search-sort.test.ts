import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyRoutes, type StoryListReply } from '@streamdesk/contract/stories';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { insertStory, type NewStory } from './stories.repository.js';
import { storyRow } from '../../test/story-rows.js';

/** The admin story lists' search (`q`) and order (`sort`), issue 36 (docs/decisions/0051). */

let t: TestApp;

const row = (id: string, at: string, fields: Partial<NewStory>): NewStory =>
  storyRow({ id, created_at: `2026-11-0${at}T10:00:00.000Z`, ...fields });

// Ids rise with the dates, as real ids do; A and C tie on views, A and B on clicks.
const A = row('5f0000000000000000000001', '1', {
  btn_name: 'Diwali Sale',
  btn_url: 'https://shop.example/diwali',
  view: 5,
  click_btn_count: 1,
});
const B = row('5f0000000000000000000002', '2', {
  btn_name: 'Watch now',
  btn_url: 'https://example.com/%C3%89quipe_100%25',
  view: 9,
  click_btn_count: 1,
});
const C = row('5f0000000000000000000003', '3', {
  btn_name: 'WATCH LATER',
  btn_url: 'https://example.com/later',
  view: 5,
  click_btn_count: 7,
});
const NTV_AD = row('5f0000000000000000000004', '4', {
  ads_story: 1,
  ntv: 1,
  ntv_id: 'ca-app-pub-123/NATIVE',
  image: '',
});
const AD = row('5f0000000000000000000005', '5', {
  ads_story: 1,
  btn_name: 'Buy Watch',
  btn_url: 'https://shop.example/buy',
});

beforeAll(async () => {
  t = await createTestApp();
  for (const story of [A, B, C, NTV_AD, AD]) await insertStory(t.app.streamdesk.context.db, story);
});
afterAll(() => t.close());

const list = async (query: string, path: string = storyRoutes.listVideo.path) => {
  const res = await t.request({ method: 'GET', url: `${path}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StoryListReply;
};
const ids = (reply: StoryListReply) => reply.data.map((s) => s._id);

describe('the story lists search', () => {
  it('finds stories by button name, any case, with totals that follow the search', async () => {
    const found = await list('q=watch');
    expect(ids(found)).toEqual([C.id, B.id]);
    expect(found).toMatchObject({ total: 2, totalPage: 1 });
    expect(await list('q=watch&limit=1')).toMatchObject({ total: 2, totalPage: 2 });
    expect(ids(await list('q=watch&limit=1&page=2'))).toEqual([B.id]);
  });

  it('finds stories by button URL, and searches of one or two letters too', async () => {
    expect(ids(await list('q=SHOP.EXAMPLE'))).toEqual([A.id]);
    expect(ids(await list('q=ch'))).toEqual([C.id, B.id]);
    expect(ids(await list('q=a'))).toHaveLength(3);
  });

  it('takes % and _ literally and trims the text (spaces alone are no search)', async () => {
    expect(ids(await list(`q=${encodeURIComponent('100%')}`))).toEqual([B.id]);
    expect(ids(await list('q=_1'))).toEqual([B.id]);
    expect(ids(await list('q=%25'))).toEqual([B.id]);
    expect(ids(await list('q=%20%20sale%20'))).toEqual([A.id]);
    expect(await list('q=%20%20')).toMatchObject({ total: 3 });
  });

  it('searches each list apart: an ad by its Native Ad ID or button, never a story video', async () => {
    const ads = storyRoutes.listAds.path;
    expect(ids(await list('q=native', ads))).toEqual([NTV_AD.id]);
    expect(ids(await list('q=watch', ads))).toEqual([AD.id]);
    const none = await list('q=native');
    expect(none).toMatchObject({ data: [], total: 0, totalPage: 0 });
  });

  it('refuses a search of more than 200 characters', async () => {
    const res = await t.request({ method: 'GET', url: `${storyRoutes.listVideo.path}?q=${'x'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(/q must be at most 200 characters/));
  });
});

describe('the story lists order', () => {
  it('is newest first by default, as before', async () => {
    expect(ids(await list(''))).toEqual([C.id, B.id, A.id]);
    expect(ids(await list('sort=-date'))).toEqual([C.id, B.id, A.id]);
  });

  it('sorts by date, view and click count each way, equal counts by id the same way', async () => {
    expect(ids(await list('sort=date'))).toEqual([A.id, B.id, C.id]);
    expect(ids(await list('sort=-view'))).toEqual([B.id, C.id, A.id]);
    expect(ids(await list('sort=view'))).toEqual([A.id, C.id, B.id]);
    expect(ids(await list('sort=-click'))).toEqual([C.id, B.id, A.id]);
    expect(ids(await list('sort=click'))).toEqual([A.id, B.id, C.id]);
  });

  it('sorts what a search found and pages through it in that order', async () => {
    expect(ids(await list('q=watch&sort=-view'))).toEqual([B.id, C.id]);
    expect(ids(await list('q=watch&sort=view&limit=1&page=2'))).toEqual([B.id]);
  });

  it('refuses an order it does not know, naming those it does', async () => {
    for (const sort of ['name', 'views', '--date', ''])
      for (const path of [storyRoutes.listVideo.path, storyRoutes.listAds.path]) {
        const res = await t.request({ method: 'GET', url: `${path}?sort=${sort}` });
        expect(res.statusCode, sort).toBe(400);
        expect(res.json()).toEqual(errorBody(/sort must be one of date, -date, view, -view, click, -click/));
      }
  });
});
