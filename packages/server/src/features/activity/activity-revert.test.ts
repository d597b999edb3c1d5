import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages, type ActivityEntry, type ActivityListReply } from '@streamdesk/contract/activity';
import type { LoadCheckReply } from '@streamdesk/contract/controller';
import { addCall, HTTPS_URL, INHOUSE_AD_FIELDS, send, storedId, type ApiCall } from '../../test/api-calls.js';
import { bearer, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { storyData } from '../../test/walk-records.js';
import { storyEdit } from './activity-test-helpers.js';

/** Revert (0031): an update entry's before values written back through the feature's service, or a 4xx. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ok = async (call: ApiCall) => {
  const res = await send(t, call);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const put = (url: string, json: unknown): ApiCall => ({ method: 'PUT', url, json });
const setText = (url: string) => put('/api/App/Controler/Edit/weburl', { field: 'webRedirectUrl', url });

/** The newest entry of an item. */
async function latest(item: string): Promise<ActivityEntry> {
  const res = await t.request({ method: 'GET', url: `/api/admin/activity?item=${item}&limit=1` });
  return (await t.json<ActivityListReply>(res)).data[0]!;
}
const revert = (id: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/admin/activity/${id}/revert`, headers });
const appSettings = async () =>
  (
    await t.json<LoadCheckReply>(
      await t.request({ method: 'GET', url: '/api/App/Controler/app/loadCheck', admin: false }),
    )
  ).data.controller;

describe('POST /api/admin/activity/{id}/revert', () => {
  it('writes a controller change back, logs the revert, and the app reads the old value at once', async () => {
    await ok(setText('https://example.com/first'));
    await ok(setText('https://example.com/second'));
    expect((await appSettings()).webRedirectUrl).toBe('https://example.com/second');
    const entry = await latest('settings');
    expect(entry.revertable).toBe(true);
    const res = await revert(entry._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.json(res)).toEqual({ status: true, message: activityMessages.reverted });
    // Through the service: its cache invalidated, so the app's launch reply has the old value now.
    expect((await appSettings()).webRedirectUrl).toBe('https://example.com/first');
    expect(await latest('settings')).toMatchObject({
      action: 'revert',
      feature: 'controller',
      itemId: 'settings',
      label: entry.label,
      personName: 'admin',
      changes: [
        { field: 'webRedirectUrl', before: 'https://example.com/second', after: 'https://example.com/first' },
      ],
      revertable: false,
    });
  });

  it('refuses (409) when the item changed since the entry, and writes nothing', async () => {
    await ok(put('/api/App/Controler/Edit/storyVideo', { name: 'reels', status: false }));
    const entry = await latest('settings');
    await ok(put('/api/App/Controler/Edit/storyVideo', { name: 'reels', status: true }));
    await ok(put('/api/App/Controler/Edit/storyVideo', { name: 'reels', status: false }));
    // Changed and changed back: the fields are the entry's after values again, and (like an edit version,
    // which is of values) the check lets the revert through.
    expect((await revert(entry._id)).statusCode).toBe(200);
    expect((await appSettings()).reels).toBe(true);

    await ok(setText('https://example.com/third'));
    const text = await latest('settings');
    await ok(setText('https://example.com/fourth'));
    const before = (await latest('settings'))._id;
    const res = await revert(text._id);
    expect(res.statusCode).toBe(409);
    expect(await t.json(res)).toEqual(errorBody(activityMessages.changedSince(text.label)));
    expect((await appSettings()).webRedirectUrl).toBe('https://example.com/fourth');
    expect((await latest('settings'))._id).toBe(before);
  });

  it('reverts ad units, in-house ad fields, live match fields, web live ads, live call ads and the policy', async () => {
    const unit = await storedId(t, {
      method: 'POST',
      url: '/api/App/ads/banner/add',
      json: { a_name: 'Home banner', a_id: 'ca-app-pub-3940256099942544/6300978111', a_description: 'Home' },
    });
    await ok(
      put(`/api/App/ads/banner/update/${unit}`, {
        a_id: 'ca-app-pub-3940256099942544/6300978112',
        a_description: 'Home 2',
      }),
    );
    const inhouse = await storedId(t, addCall.inhouseAd());
    await ok({
      method: 'PUT',
      url: '/api/App/inhouse/ads',
      fields: { id: inhouse, ...INHOUSE_AD_FIELDS, mainTitle: 'Changed title' },
    });
    const match = await storedId(t, addCall.liveMatch());
    await ok({
      method: 'PUT',
      url: '/api/App/liveMatch/admin',
      fields: { _id: match, title: 'Final 2', url: 'https://example.org/y' },
    });
    const webAd = await storedId(t, {
      method: 'POST',
      url: '/api/App/liveMatch/liveAdsWeb',
      json: { a_name: 'Sponsor', a_url: HTTPS_URL },
    });
    await ok(put('/api/App/liveMatch/liveAdsWeb', { _id: webAd, a_name: 'Sponsor 2', a_url: HTTPS_URL }));
    await ok(put('/api/App/liveMatch/liveAds', { banner_id: 'ca-app-pub-1/2' }));
    await ok(put('/api/App/liveMatch/liveAds', { banner_id: 'ca-app-pub-1/9', native_id: 'ca-app-pub-1/3' }));
    await ok(
      put('/api/App/policy/admin/update', { policy_title: 'Policy', policy_description: '<p>One</p>' }),
    );
    await ok(
      put('/api/App/policy/admin/update', { policy_title: 'Policy', policy_description: '<p>Two</p>' }),
    );

    for (const item of [unit, inhouse, match, webAd, 'live-ads', 'privacy']) {
      const entry = await latest(item);
      expect(entry, item).toMatchObject({ action: 'update', revertable: true });
      const res = await revert(entry._id);
      expect(res.statusCode, `${item}: ${res.body}`).toBe(200);
      expect((await latest(item)).action).toBe('revert');
    }
    const db = t.app.streamdesk.context.db;
    const row = (table: 'ad_units' | 'inhouse_ads' | 'live_matches' | 'live_web_ads', id: string) =>
      db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row('ad_units', unit)).toMatchObject({
      a_id: 'ca-app-pub-3940256099942544/6300978111',
      a_description: 'Home',
    });
    expect((await row('inhouse_ads', inhouse)).main_title).toBe(INHOUSE_AD_FIELDS.mainTitle);
    expect((await row('live_matches', match)).title).toBe('Final');
    expect((await row('live_web_ads', webAd)).a_name).toBe('Sponsor');
    const liveAds = await t.request({ method: 'GET', url: '/api/App/liveMatch/liveAds' });
    expect((await t.json<{ data: unknown }>(liveAds)).data).toEqual({ banner_id: 'ca-app-pub-1/2' });
    const policy = await t.request({ method: 'GET', url: '/api/App/policy/admin/get' });
    expect((await t.json<{ data: { policy_description: string } }>(policy)).data.policy_description).toBe(
      '<p>One</p>',
    );
  });

  it('refuses other entries, unknown entries, and people who may not revert', async () => {
    const story = await storedId(t, addCall.story(storyData({ btnName: 'First' })));
    await ok(storyEdit(story, { btnName: 'Second' }));
    const storyEntry = await latest(story);
    expect(storyEntry.revertable).toBe(false);
    expect(await t.json(await revert(storyEntry._id))).toEqual(errorBody(activityMessages.notRevertable));
    expect((await revert(storyEntry._id)).statusCode).toBe(400);
    const add = (
      await t.json<ActivityListReply>(
        await t.request({ method: 'GET', url: `/api/admin/activity?item=${story}&action=create` }),
      )
    ).data[0]!;
    expect((await revert(add._id)).statusCode).toBe(400);
    expect(await t.json(await revert('nothing-here'))).toEqual(errorBody(activityMessages.notFound));

    await ok(setText('https://example.com/roles'));
    const entry = await latest('settings');
    for (const role of ['editor', 'analyst'] as const) {
      const { token } = await signInAs(t, role);
      const res = await revert(entry._id, bearer(token));
      expect(res.statusCode).toBe(403);
    }
    const admin = await signInAs(t, 'admin');
    expect((await revert(entry._id, bearer(admin.token))).statusCode).toBe(200);
  });
});
