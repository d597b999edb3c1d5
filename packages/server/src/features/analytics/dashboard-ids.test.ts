import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adUnitRoutes } from '@streamdesk/contract/ad-units';
import { analyticsMessages, analyticsRoutes } from '@streamdesk/contract/analytics';
import { buildPath } from '@streamdesk/contract/http';
import { addCall, send, storedId } from '../../test/api-calls.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { trashCalls } from '../../test/trash-calls.js';

/** Which ids the dashboard answers for, and the 404 of one that names nothing counted (0093). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { restore, purge } = trashCalls(() => t);
const dashboard = (id: string) => t.request({ method: 'GET', url: `/api/admin/view/dashbord/${id}` });
const zeros = {
  status: true,
  message: analyticsMessages.dashboard,
  views_data: [],
  clicks_data: [],
  totalViews: 0,
  totalClicks: 0,
};

const routes = adUnitRoutes.android;
/** An Android website ad, added as the back office adds one (a plain body, which the server takes too). */
const addWebAd = (a_name: string) =>
  storedId(t, {
    method: 'POST',
    url: routes.webAdd.path,
    json: { a_name, a_id: `https://example.org/${a_name}`, a_description: 'ad' },
  });
const deleteWebAd = async (id: string) =>
  (await send(t, { method: 'DELETE', url: buildPath(routes.webDelete.path, { id }) })).statusCode;

/** A click on the web ad, counted. */
async function click(id: string) {
  const res = await t.request({
    method: 'POST',
    url: analyticsRoutes.events.path,
    admin: false,
    payload: { events: [{ type: 'click', entity: 'webAd', id, clientId: 'phone-1' }] },
  });
  expect(res.json()).toMatchObject({ accepted: 1 });
  await t.app.streamdesk.analytics.counter.flush();
}

describe('GET /api/admin/view/dashbord/{id}', () => {
  it('answers 404 with a message naming the problem for an id that names nothing', async () => {
    for (const id of ['doesnotexist123', '000000000000000000000000']) {
      const res = await dashboard(`${id}?startDate=2026-01-01&endDate=2026-01-31`);
      expect([res.statusCode, res.json()]).toEqual([404, errorBody(analyticsMessages.notFound)]);
    }
  });

  it('answers a real ad nobody has seen yet with zeros, as before', async () => {
    const res = await dashboard(await addWebAd('Unseen'));
    expect([res.statusCode, res.json()]).toEqual([200, zeros]);
    // Any counted item, not only a web ad: an in-house ad too.
    const inhouse = await storedId(t, addCall.inhouseAd());
    expect((await dashboard(inhouse)).json()).toEqual(zeros);
  });

  it('answers an ad in the trash with the counts kept for its restore, and 404 once it is deleted for good', async () => {
    const ad = await addWebAd('Trashed');
    await click(ad);
    expect(await deleteWebAd(ad)).toBe(200);
    const kept = await dashboard(ad);
    expect([kept.statusCode, kept.json()]).toEqual([200, expect.objectContaining({ totalClicks: 1 })]);

    expect((await restore(ad)).statusCode).toBe(200);
    expect((await dashboard(ad)).json()).toMatchObject({ totalClicks: 1 });
    expect(await deleteWebAd(ad)).toBe(200);
    expect((await purge(ad)).statusCode).toBe(200);
    const gone = await dashboard(ad);
    expect([gone.statusCode, gone.json()]).toEqual([404, errorBody(analyticsMessages.notFound)]);
  });

  it('answers 404 for an ad unit whose views and clicks the app does not report (a banner)', async () => {
    const unit = await storedId(t, {
      method: 'POST',
      url: buildPath(routes.add.path, { kind: 'banner' }),
      json: { a_name: 'Banner', a_id: 'ca-app-pub-3940256099942544/6300978111', a_description: 'x' },
    });
    expect((await dashboard(unit)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/view/dashbord/{id}', () => {
  const clear = (id: string) => t.request({ method: 'DELETE', url: `/api/admin/view/dashbord/${id}` });
  /** The activity log's entries naming `id`, through its list (its search finds an item's id). */
  const logged = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/admin/activity?q=${id}&limit=10` })).json().total as number;

  it('answers 404 for an id that names nothing, and logs no clear', async () => {
    const before = await logged('doesnotexist123');
    const res = await clear('doesnotexist123');
    expect([res.statusCode, res.json()]).toEqual([404, errorBody(analyticsMessages.notFound)]);
    expect(await logged('doesnotexist123')).toBe(before);
  });

  it("clears a real ad's counts, and answers a real ad with none as nothing to clear", async () => {
    const ad = await addWebAd('Cleared');
    await click(ad);
    const before = await logged(ad);
    const done = await clear(ad);
    expect([done.statusCode, done.json().message]).toEqual([200, analyticsMessages.cleared]);
    expect(await logged(ad)).toBe(before + 1);
    const again = await clear(ad);
    expect([again.statusCode, again.json().message]).toEqual([200, analyticsMessages.nothingToClear]);
  });
});
