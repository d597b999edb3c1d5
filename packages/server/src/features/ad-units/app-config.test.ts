import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adUnitRoutes, type AdConfig } from '@streamdesk/contract/ad-units';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { adClient, ADMOB } from './ad-units.test-helpers.js';
import { readLaunchList } from '../../test/launch-lists.js';
import { webAdCounters } from './ad-units.counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = (platform: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'GET',
    url: `${adUnitRoutes.config.path}?platform=${platform}`,
    admin: false,
    headers,
  });

describe('GET /api/App/ads/config', () => {
  it('serves each platform with the api-key only, with an ETag and 304', async () => {
    const res = await config('ios');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: boolean; platform: string; data: AdConfig }>();
    expect(body).toMatchObject({ status: true, platform: 'ios' });
    expect(body.data.web.map((a) => a.a_name)).toEqual(['WEB_URL_1']);
    expect(body.data.native).toEqual([]);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await config('ios', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await config('android')).headers.etag).not.toBe(etag);
  });

  it('is invalidated by an ad write', async () => {
    const before = await config('android');
    const c = adClient(t, 'android');
    const added = await c.call<{ data: { _id: string } }>(c.routes.add, {
      params: { kind: 'banner' },
      body: { a_name: 'Bottom', a_id: ADMOB, a_description: 'bottom banner' },
    });
    const after = await config('android', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ data: AdConfig }>().data.banner).toEqual([
      { _id: added.body.data._id, a_name: 'Bottom', a_id: ADMOB },
    ]);
    // The other platform's reply is unchanged.
    expect((await config('ios')).json<{ data: AdConfig }>().data.banner).toEqual([]);
  });

  it('names a missing or unknown platform', async () => {
    const res = await config('windows');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('querystring platform: platform must be android or ios'));
  });

  it('names each platform config as a launch list, and adds the web ad click counters', async () => {
    const path = '/api/App/ads/config?platform=';
    const android = await readLaunchList<{ data: AdConfig }>(t, 'androidAdUnits', `${path}android`);
    const ios = await readLaunchList<{ data: AdConfig }>(t, 'iosAdUnits', `${path}ios`);
    expect(android.data.banner.map((a) => a.a_name)).toEqual(['Bottom']);
    expect(ios.data.web.map((a) => a.a_name)).toEqual(['WEB_URL_1']);
    const { counters } = t.app.streamdesk.analytics;
    expect(counters.get('webAd')).toBe(webAdCounters.webAd);
    expect(counters.get('iosWebAd')).toBe(webAdCounters.iosWebAd);
  });
});
