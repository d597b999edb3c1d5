import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_STORIES_PAGE, type Story } from '@streamdesk/contract/stories';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { form, PNG } from '../../test/media-fixtures.js';
import { readLaunchList } from '../../test/launch-lists.js';
import { cloneRows } from '../../test/cloned-rows.js';

/** The app's story list is bounded: a page of stories and of ads at a time, the rest paged (0048). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = { data: Story[]; ads: Story[]; nextPage: number | null; version: string };
const added = async (adsStory: boolean) => {
  const insertData = JSON.stringify({ btnName: 'Watch', btnUrl: 'https://example.com/x', adsStory });
  const res = await t.request({
    method: 'POST',
    url: '/api/App/Add/Story/Video',
    payload: form({ insertData }, [{ field: 'image', name: 'pic.png', data: PNG }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Story }).data._id;
};
const ids = (stories: Story[]) => stories.map((s) => s._id);

describe('GET /api/App/stories, a page at a time', () => {
  it('names page 1 of stories and ads in the launch reply, newest first, and pages through the rest', async () => {
    const { db, cache } = t.app.streamdesk.context;
    const story = await added(false);
    const ad = await added(true);
    const stories = [story, ...(await cloneRows(db, 'stories', story, APP_STORIES_PAGE + 1))];
    const ads = [ad, ...(await cloneRows(db, 'stories', ad, 3))];
    // An inactive story is not shown and takes no place on a page.
    await db.updateTable('stories').set({ status: 0 }).where('id', '=', stories[1]!).execute();
    const active = stories.filter((_, i) => i !== 1);
    cache.invalidate('stories');

    const first = await readLaunchList<Page>(t, 'stories', '/api/App/stories');
    expect([ids(first.data), ids(first.ads), first.nextPage]).toEqual([
      active.slice(0, APP_STORIES_PAGE),
      ads,
      2,
    ]);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/App/stories?page=2',
      headers: { 'api-key': TEST_API_KEY },
    });
    const body = second.json<Page>();
    expect([ids(body.data), body.ads, body.nextPage]).toEqual([active.slice(APP_STORIES_PAGE), [], null]);
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/App/stories?page=2&limit=2',
      headers: { 'api-key': TEST_API_KEY },
    });
    const smallBody = small.json<Page>();
    expect([ids(smallBody.data), ids(smallBody.ads), smallBody.nextPage]).toEqual([
      active.slice(2, 4),
      ads.slice(2, 4),
      3,
    ]);
  });
});
