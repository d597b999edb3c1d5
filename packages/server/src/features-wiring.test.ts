import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('the launch reply carries every feature section', async () => {
    const launch = await get('/api/App/Controler/app/loadCheck', false);
    expect(launch.status).toBe(true);
    const text = JSON.stringify(launch);
    for (const section of [
      'adUnits',
      'stories',
      'inHouseAds',
      'shortcuts',
      'liveMatches',
      'liveAds',
      'storyBrand',
    ]) {
      expect([section, text.includes(`"${section}"`)]).toEqual([section, true]);
    }
  });
});
