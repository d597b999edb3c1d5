import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adConfigReply, type AdConfigReply } from '@streamdesk/contract/ad-units';
import { controllerRoutes, loadCheckReply } from '@streamdesk/contract/controller';
import { appInHouseReply } from '@streamdesk/contract/inhouse-ads';
import { launchLists } from '@streamdesk/contract/launch-lists';
import { appLiveMatchListReply } from '@streamdesk/contract/live-matches';
import { shortcutAppReply, type ShortcutAppReply } from '@streamdesk/contract/shortcut-stories';
import { appStoriesReply, type AppStoriesReply } from '@streamdesk/contract/stories';
import { addCall, HTTPS_URL, send, storedId } from './test/api-calls.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The composition in features.ts: the controller's switches drive the Running badges and flags other
 * features show, in admin lists and in cached app reads alike (a controller write must not leave a
 * stale cached flag behind).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setFlag = async (name: string, status: boolean) => {
  const res = await t.request({
    method: 'PUT',
    url: '/api/App/Controler/Edit/storyVideo',
    payload: { name, status },
  });
  expect([name, res.statusCode]).toEqual([name, 200]);
};
const get = async (url: string, admin = true) => (await t.request({ method: 'GET', url, admin })).json();

describe('controller flags reach the features', () => {
  it.each([
    ['storyBrand', '/api/sortcut?page=1&limit=100&q=&a=true', 'secondStoryBrand', true],
    ['storyBrand', '/api/App/sortcut', 'secondStoryBrand', false],
    ['reels', '/api/App/reels?page=1&limit=20&a=true', 'reels', false],
    ['liveMatch', '/api/App/liveMatch/admin?page=1&limit=100', 'liveMatch', true],
    ['inHouseAds', '/api/App/inhouse/ads?a=true&page=1&limit=100', 'InHouseAdsStatus', true],
  ])('%s drives %s (%s)', async (flag, url, field, admin) => {
    await setFlag(flag, true);
    expect((await get(url, admin))[field]).toBe(true);
    await setFlag(flag, false);
    expect((await get(url, admin))[field]).toBe(false);
    await setFlag(flag, true);
    expect((await get(url, admin))[field]).toBe(true);
  });

  it('webPosition reaches the public feed', async () => {
    const position = await t.request({
      method: 'PUT',
      url: '/api/App/Controler/Edit/storyAdsPosition',
      payload: { name: 'webPosition', value: 42 },
    });
    expect(position.statusCode).toBe(200);
    expect((await get('/api/App/video/category/client?page=1&limit=10', false)).webPosition).toBe(42);
  });

  it('the launch reply names every launch list, and the shortcut list carries the storyBrand flag', async () => {
    const launch = await get('/api/App/Controler/app/loadCheck', false);
    expect(launch.status).toBe(true);
    expect(Object.keys(launch.data.lists)).toEqual(Object.keys(launchLists.shape));
    expect(launch.data.controller).toHaveProperty('storyBrand');
    const shortcuts = await get(launch.data.lists.shortcuts.path, false);
    expect(shortcuts).toHaveProperty('secondStoryBrand');
  });

  it('the launch reply is the published schema, field for field, with every section filled', async () => {
    await storedId(t, addCall.story(JSON.stringify({ btnName: 'Go', btnUrl: HTTPS_URL })));
    await storedId(t, addCall.story(JSON.stringify({ adsStory: true, btnName: 'Go', btnUrl: HTTPS_URL })));
    await storedId(t, addCall.shortcut());
    await storedId(t, addCall.liveMatch());
    await storedId(t, addCall.inhouseAd());
    for (const call of [
      {
        url: '/api/App/ads/native/add',
        json: { a_name: 'Home', a_id: 'ca-app-pub-1/2', a_description: 'd' },
      },
      { url: '/api/ios/ads/banner/add', json: { a_name: 'Top', a_id: 'ca-app-pub-3/4', a_description: 'd' } },
      { url: '/api/App/ads/webads/add', json: { a_name: 'Sponsor', a_id: HTTPS_URL, a_description: 'd' } },
    ] as const)
      expect(
        (await send(t, { method: 'POST', ...call, json: { ...call.json, force: true } })).statusCode,
      ).toBe(200);
    expect(
      (await send(t, { method: 'PUT', url: '/api/App/liveMatch/liveAds', json: { banner_id: 'b-1' } }))
        .statusCode,
    ).toBe(200);

    const launch = (await get(controllerRoutes.loadCheck.path, false)) as { data: Record<string, unknown> };
    // Parsing drops what the schema does not name: equal means the description misses no field.
    expect(loadCheckReply.parse(launch)).toEqual(launch);
    const { data } = loadCheckReply.parse(launch);
    expect(Object.keys(data.liveAds)).toEqual(['banner_id']);
    // Each list is read where the launch reply says, at the version it names, in its published shape.
    const lists: Record<keyof typeof data.lists, [z.ZodType, (reply: never) => number[]]> = {
      stories: [appStoriesReply, (r: AppStoriesReply) => [r.data.length, r.ads.length]],
      shortcuts: [shortcutAppReply, (r: ShortcutAppReply) => [r.data.length]],
      liveMatches: [appLiveMatchListReply, (r: z.infer<typeof appLiveMatchListReply>) => [r.data.length]],
      inHouseAds: [appInHouseReply, (r: z.infer<typeof appInHouseReply>) => [r.data.length]],
      androidAdUnits: [adConfigReply, (r: AdConfigReply) => [r.data.native.length, r.data.web.length]],
      iosAdUnits: [adConfigReply, (r: AdConfigReply) => [r.data.banner.length, r.data.web.length]],
    };
    const counts: Record<string, number[]> = {};
    for (const [name, [schema, count]] of Object.entries(lists)) {
      const { path, version } = data.lists[name as keyof typeof data.lists];
      const reply = (await get(path, false)) as Record<string, unknown>;
      expect([name, reply.version]).toEqual([name, version]);
      expect(schema.parse(reply)).toEqual(reply);
      counts[name] = count(reply as never);
    }
    // Android web: WEB_URL_1, which is always there, and Sponsor.
    expect(counts).toEqual({
      stories: [1, 1],
      shortcuts: [1],
      liveMatches: [1],
      inHouseAds: [1],
      androidAdUnits: [1, 2],
      iosAdUnits: [1, 1],
    });

    // What an app's model generator reads: the OpenAPI description names the lists' fields.
    const doc = await get('/api/docs/json');
    const ok =
      doc.paths[controllerRoutes.loadCheck.path].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties.data.properties.lists.properties)).toEqual(Object.keys(lists));
    expect(Object.keys(ok.properties.data.properties.lists.properties.stories.properties)).toEqual([
      'path',
      'version',
    ]);
  });
});
