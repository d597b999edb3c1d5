import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMessages, type AdConfig, type WebAd } from '@streamdesk/contract/ad-units';
import { analyticsMessages, analyticsRoutes } from '@streamdesk/contract/analytics';
import { istDay } from '@streamdesk/contract/format';
import { trashMessages, type TrashListReply } from '@streamdesk/contract/trash';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { trashCalls } from '../../test/trash-calls.js';
import { adClient, ADMOB } from './ad-units.test-helpers.js';

/** Website ads' delete goes to the trash (issue 34, docs/decisions/0053-last-deletes-to-trash.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { db, get, restore, purge, rollups } = trashCalls(() => t);
const DAY_MS = 24 * 3600 * 1000;
const flush = () => t.app.streamdesk.analytics.counter.flush();
const dashboard = async (id: string) =>
  (await get<{ totalClicks: number }>(`/api/admin/view/dashbord/${id}`)).totalClicks;
const clicksRows = (id: string) =>
  db().selectFrom('web_ad_clicks').select(['day', 'count']).where('ad_id', '=', id).orderBy('day').execute();

describe.each([
  ['android', 'webAd', 'Android'],
  ['ios', 'iosWebAd', 'Apple'],
] as const)('%s website ads in the trash', (platform, entity, shown) => {
  const client = () => adClient(t, platform);
  const list = async (query?: Record<string, string>) =>
    (await client().call<{ data: WebAd[] }>(client().routes.webList, query ? { query } : {})).body.data;
  const add = async (a_name: string) =>
    (
      await client().call<{ data: WebAd }>(client().routes.webAdd, {
        body: { a_name, a_id: `https://example.org/${a_name}`, a_description: `${a_name} ad` },
      })
    ).body.data;
  const remove = (id: string) => client().call(client().routes.webDelete, { params: { id } });
  const appWebAds = async () =>
    (
      (
        await t.request({ method: 'GET', url: `/api/App/ads/config?platform=${platform}`, admin: false })
      ).json<{
        data: AdConfig;
      }>().data.web ?? []
    ).map((a) => a._id);
  /** Clicks on the ad as the app sends them: today twice, two days ago once. */
  const click = async (id: string) => {
    const event = (daysAgo: number) => ({
      type: 'click',
      entity,
      id,
      clientId: 'phone-1',
      at: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    });
    const sent = await t.request({
      method: 'POST',
      url: analyticsRoutes.events.path,
      admin: false,
      payload: { events: [event(0), event(0), event(2)] },
    });
    expect(sent.json()).toMatchObject({ accepted: 3 });
    await flush();
  };

  it('is gone at once from the list, the app config and the clears; restored as it was, counts and all', async () => {
    const ad = await add(`Promo${platform}`);
    await click(ad._id);
    const [before] = (await list()).filter((a) => a._id === ad._id);
    expect(before?.a_click).toBe(3);
    const today = istDay(Date.now());
    const todays = (await list({ startDate: today, endDate: today })).find((a) => a._id === ad._id)!.a_click;
    const days = await clicksRows(ad._id);
    expect(days).toHaveLength(2);
    expect(await appWebAds()).toContain(ad._id);

    const res = await remove(ad._id);
    expect(res.body).toEqual({ status: true, message: adMessages.deleted });
    expect((await list()).map((a) => a._id)).not.toContain(ad._id);
    expect(await appWebAds()).not.toContain(ad._id);
    expect(await clicksRows(ad._id)).toEqual([]);
    expect((await remove(ad._id)).status).toBe(404);
    const entry = (await get<TrashListReply>('/api/admin/trash?feature=ad-units')).data.find(
      (e) => e._id === ad._id,
    );
    expect(entry).toMatchObject({ feature: 'ad-units', label: `${shown} website ad "Promo${platform}"` });
    // The count routes work on what is not trashed: this ad is unknown to them.
    const range = { startDate: '2026-01-01', endDate: '2099-12-31' };
    expect(
      (await client().call(client().routes.webClearOne, { params: { id: ad._id }, query: range })).status,
    ).toBe(404);
    const named = await client().call(client().routes.webClearAll, { query: range, body: { id: [ad._id] } });
    expect(named.status).toBe(404);
    const all = await client().call<{ cleared: number }>(client().routes.webClearAll, { query: range });
    expect(all.body).toMatchObject({ status: true, cleared: 0 });
    // Nor does the dashboard's clear take them: they are what the restore brings back.
    const cleared = await t.request({ method: 'DELETE', url: `/api/admin/view/dashbord/${ad._id}` });
    expect([cleared.statusCode, cleared.json()]).toEqual([409, errorBody(analyticsMessages.inTrash)]);
    // Its counted days stay while it is in the trash, even past the orphan sweep.
    await t.app.streamdesk.analytics.sweepOrphans();
    expect(await rollups(ad._id)).toBe(2);
    // A click on it meanwhile is dropped: it is no known item.
    const late = await t.request({
      method: 'POST',
      url: analyticsRoutes.events.path,
      admin: false,
      payload: { events: [{ type: 'click', entity, id: ad._id, clientId: 'phone-2' }] },
    });
    expect(late.json()).toMatchObject({ accepted: 0, dropped: 1 });

    expect((await restore(ad._id)).json()).toEqual({
      status: true,
      message: trashMessages.restored(1),
      count: 1,
    });
    expect((await list()).find((a) => a._id === ad._id)).toEqual(before);
    expect((await list({ startDate: today, endDate: today })).find((a) => a._id === ad._id)!.a_click).toBe(
      todays,
    );
    expect(await clicksRows(ad._id)).toEqual(days);
    expect(await dashboard(ad._id)).toBe(3);
    expect(await appWebAds()).toContain(ad._id);
    // Counted again once back.
    await click(ad._id);
    expect((await list()).find((a) => a._id === ad._id)?.a_click).toBe(6);
  });

  it('refuses a restore under a name another website ad of the platform took since, restoring nothing of it', async () => {
    const name = `Taken${platform}`;
    const ad = await add(name);
    const unit = (
      await client().call<{ data: { _id: string } }>(client().routes.add, {
        params: { kind: 'banner' },
        body: { a_name: `Unit${platform}`, a_id: ADMOB, a_description: 'x' },
      })
    ).body.data;
    expect((await remove(ad._id)).status).toBe(200);
    expect(
      (await client().call(client().routes.remove, { params: { kind: 'banner', id: unit._id } })).status,
    ).toBe(200);
    const taker = await add(name);

    // The unit first in the same restore: all or none.
    const refused = await restore(unit._id, ad._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(trashMessages.websiteAdNameTaken(name, platform)));
    const trashed = (await get<TrashListReply>('/api/admin/trash?feature=ad-units&limit=200')).data.map(
      (e) => e._id,
    );
    expect(trashed).toEqual(expect.arrayContaining([ad._id, unit._id]));
    expect((await list()).filter((a) => a.a_name === name).map((a) => a._id)).toEqual([taker._id]);
    const units = (
      await client().call<{ data: { _id: string }[] }>(client().routes.list, { params: { kind: 'banner' } })
    ).body.data;
    expect(units.map((u) => u._id)).not.toContain(unit._id);

    // Once the taker is gone, both come back.
    expect((await remove(taker._id)).status).toBe(200);
    expect((await restore(unit._id, ad._id)).statusCode).toBe(200);
    expect((await list()).filter((a) => a.a_name === name).map((a) => a._id)).toEqual([ad._id]);
  });

  it('never trashes WEB_URL_1; deleting forever forgets the counted days', async () => {
    const protectedAd = (await list()).find((a) => a.a_name === 'WEB_URL_1')!;
    const refused = await remove(protectedAd._id);
    expect(refused.status).toBe(400);
    expect(refused.res.json()).toEqual(errorBody(adMessages.webUrl1Locked));

    const ad = await add(`Gone${platform}`);
    await click(ad._id);
    expect((await remove(ad._id)).status).toBe(200);
    expect(await rollups(ad._id)).toBe(2);
    expect((await purge(ad._id)).statusCode).toBe(200);
    expect(await rollups(ad._id)).toBe(0);
    // Nothing names it now: its dashboard is a 404, not zeros (0093).
    const gone = await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${ad._id}` });
    expect([gone.statusCode, gone.json()]).toEqual([404, errorBody(analyticsMessages.notFound)]);
    expect((await restore(ad._id)).statusCode).toBe(404);
  });
});
