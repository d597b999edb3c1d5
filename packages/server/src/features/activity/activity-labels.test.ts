import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages, type ActivityListReply } from '@streamdesk/contract/activity';
import { send } from '../../test/api-calls.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

/**
 * Controller entries name their settings as the Controller screen labels them (0094): the new ones as
 * written, those written before by key as read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A controller save through its route, which must succeed. */
async function save(url: string, json: unknown) {
  const res = await send(t, { method: 'PUT', url, json });
  expect(res.statusCode, res.body).toBe(200);
}

async function entries(query: string) {
  const res = await t.request({ method: 'GET', url: `/api/admin/activity${query}` });
  return (await t.json<ActivityListReply>(res)).data;
}

/** An entry as one was written before 0094, straight into the table. */
async function storedEntry(id: string, feature: string, label: string, changes: unknown[] = []) {
  await t.app.streamdesk.context.db
    .insertInto('activity_log')
    .values({
      id,
      created_at: new Date().toISOString(),
      person_id: null,
      person_name: 'admin',
      role: 'owner',
      action: 'update',
      feature,
      item_id: feature === 'controller' ? 'settings' : 'x',
      label,
      changes: JSON.stringify(changes),
      ip: '',
      user_agent: '',
    })
    .execute();
}

describe("the activity log's controller entries", () => {
  it('name the settings saved as the Controller screen labels them', async () => {
    const position = '/api/App/Controler/Edit/storyAdsPosition';
    await save(position, { name: 'storyAdsPosition', value: 4 });
    await save(position, { name: 'ntvTiming', value: 7 });
    await save('/api/App/Controler/Edit/storyVideo', { name: 'hidden_module', status: true });
    await save('/api/App/Controler/Edit/facebook/data', {
      facebook_app_id: '1234567890',
      facebook_client_token: 'token-1',
    });
    await save('/api/App/controler/admin/afterIntro/change', { field: 'afterSplaceAds', name: 'FS' });
    const labels = (await entries('?feature=controller')).map((e) => e.label);
    expect(labels).toEqual([
      'controller: After Splash Ads',
      'controller: Facebook App ID, Facebook Client Token',
      'controller: X Player',
      'controller: NTV Timer',
      'controller: Story Ads Position',
    ]);
    // Stored so: a search for what the screen shows finds it.
    expect((await entries('?q=NTV%20Timer')).map((e) => e.label)).toEqual(['controller: NTV Timer']);
    // The changed fields keep the settings' names, which the screen labels (0031).
    expect((await entries('?feature=controller&limit=1'))[0]!.changes).toEqual([
      { field: 'afterSplaceAds', before: 'OFF', after: 'FS' },
    ]);
  });

  it('written before by key read in words, and a revert refused names the setting so', async () => {
    await storedEntry('old-1', 'controller', 'controller: storyAdsPosition');
    await storedEntry(
      'old-2',
      'controller',
      'controller: by schedule, end, back to before: maintenance, webPosition; controller: by schedule, end, left alone (changed since the start): searchText',
    );
    // Reels is on now: the entry's after value (off) is not, so its revert is refused by name.
    await storedEntry('old-3', 'controller', 'controller: reels', [
      { field: 'reels', before: true, after: false },
    ]);
    await storedEntry('old-4', 'controller', 'controller: rolled back to version 3');
    // Another feature's label is read as it was written.
    await storedEntry('old-5', 'stories', 'story "reels"');
    const labels = Object.fromEntries((await entries('?limit=200')).map((e) => [e._id, e.label]));
    expect([1, 2, 3, 4, 5].map((n) => labels[`old-${n}`])).toEqual([
      'controller: Story Ads Position',
      'controller: by schedule, end, back to before: Maintenance Mode, Web Position; controller: by schedule, end, left alone (changed since the start): Search Text',
      'controller: Reels',
      'controller: rolled back to version 3',
      'story "reels"',
    ]);

    const res = await t.request({ method: 'POST', url: '/api/admin/activity/old-3/revert' });
    expect([res.statusCode, await t.json(res)]).toEqual([
      409,
      errorBody(activityMessages.changedSince('controller: Reels')),
    ]);
  });
});
