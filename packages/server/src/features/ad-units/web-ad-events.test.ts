import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { istDay } from '@streamdesk/contract/format';
import type { WebAd } from '@streamdesk/contract/ad-units';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { adClient } from './ad-units.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 3600 * 1000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
const send = (events: unknown[]) =>
  t.request({ method: 'POST', url: analyticsRoutes.events.path, admin: false, payload: { events } });
const flush = () => t.app.streamdesk.analytics.counter.flush();
const dashboard = async (id: string, startDate: string, endDate: string) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/admin/view/dashbord/${id}?startDate=${startDate}&endDate=${endDate}`,
    })
  ).json<{ totalClicks: number }>().totalClicks;

describe('web ad clicks from app events', () => {
  it('counts iosWebAd clicks per day, and a range clear also clears the dashboard', async () => {
    const c = adClient(t, 'ios');
    const ad = (await c.call<{ data: WebAd[] }>(c.routes.webList)).body.data[0]!;
    const click = (daysAgo: number) => ({
      type: 'click',
      entity: 'iosWebAd',
      id: ad._id,
      clientId: 'phone-1',
      at: at(daysAgo),
    });
    const sent = await send([click(0), click(0), click(2), click(0)]);
    expect(sent.json()).toMatchObject({ accepted: 4, dropped: 0 });
    // An Android entity with an Apple id is no Android web ad: dropped.
    expect((await send([{ ...click(0), entity: 'webAd' }])).json()).toMatchObject({
      accepted: 0,
      dropped: 1,
    });
    await flush();

    const today = istDay(Date.now());
    const twoAgo = istDay(Date.now() - 2 * DAY_MS);
    const count = async (startDate: string, endDate: string) =>
      (await c.call<{ data: WebAd[] }>(c.routes.webList, { query: { startDate, endDate } })).body.data[0]!
        .a_click;
    expect(await count(today, today)).toBe(3);
    expect(await count(twoAgo, today)).toBe(4);
    expect(await dashboard(ad._id, twoAgo, today)).toBe(4);

    const cleared = await c.call(c.routes.webClearOne, {
      params: { id: ad._id },
      query: { startDate: today, endDate: today },
    });
    expect(cleared.body).toMatchObject({ status: true, cleared: 3 });
    expect(await count(today, today)).toBe(0);
    expect(await count(twoAgo, today)).toBe(1);
    expect(await dashboard(ad._id, twoAgo, today)).toBe(1);
    const row = await t.app.streamdesk.context.db
      .selectFrom('ad_units')
      .select('a_click')
      .where('id', '=', ad._id)
      .executeTakeFirst();
    expect(row?.a_click).toBe(1);

    // The analytics clear reaches the per-day rows too.
    await t.request({
      method: 'DELETE',
      url: `/api/admin/view/dashbord/${ad._id}?startDate=${twoAgo}&endDate=${today}`,
    });
    expect(await count(twoAgo, today)).toBe(0);
  });

  it('counts clicks of a web ad added after the first events', async () => {
    await send([{ type: 'click', entity: 'webAd', id: 'ffffffffffffffffffffffff', clientId: 'phone-2' }]);
    const c = adClient(t, 'android');
    const added = await c.call<{ data: WebAd }>(c.routes.webAdd, {
      body: { a_name: 'Fresh', a_id: 'https://example.org/fresh', a_description: 'new' },
    });
    const sent = await send([
      { type: 'click', entity: 'webAd', id: added.body.data._id, clientId: 'phone-2' },
    ]);
    expect(sent.json()).toMatchObject({ accepted: 1 });
    await flush();
    const list = (await c.call<{ data: WebAd[] }>(c.routes.webList)).body.data;
    expect(list.find((a) => a._id === added.body.data._id)?.a_click).toBe(1);
    // Its dashboard counts stay while it is in the trash, and go with it when it is deleted forever.
    const today = istDay(Date.now());
    expect(await dashboard(added.body.data._id, today, today)).toBe(1);
    await c.call(c.routes.webDelete, { params: { id: added.body.data._id } });
    expect(await dashboard(added.body.data._id, today, today)).toBe(1);
    await t.request({ method: 'DELETE', url: '/api/admin/trash', payload: { id: [added.body.data._id] } });
    // Nothing names it now: its dashboard is a 404, not zeros (0093).
    const gone = await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${added.body.data._id}` });
    expect(gone.statusCode).toBe(404);
  });
});
