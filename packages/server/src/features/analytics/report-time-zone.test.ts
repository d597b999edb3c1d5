import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoutes, type DashboardReply } from '@streamdesk/contract/analytics';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addTestItems } from '../../test/test-items.js';

/** A deployment whose REPORT_TIME_ZONE is not the default: its days are New York's, not Kolkata's. */
let newYork: TestApp;
let byDefault: TestApp;
const ITEM = 'a0a0a0a0a0a0a0a0a0a0a0a0';
/** A day two days back (within the accepted age), and the calendar day before it. */
const DAY = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const DAY_BEFORE = new Date(Date.parse(DAY) - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  newYork = await createTestApp({ REPORT_TIME_ZONE: 'America/New_York' });
  byDefault = await createTestApp();
  await addTestItems(newYork.app, [ITEM]);
});
afterAll(async () => {
  await newYork.close();
  await byDefault.close();
});

const runtimeConfig = async (t: TestApp) => {
  const res = await t.request({ method: 'GET', url: '/runtime-config.js', admin: false });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('REPORT_TIME_ZONE', () => {
  it("counts an event on its day in that zone: 03:00 UTC is the evening before in New York (Kolkata's morning)", async () => {
    const res = await newYork.request({
      method: 'POST',
      url: analyticsRoutes.events.path,
      admin: false,
      payload: {
        events: [{ type: 'view', entity: 'reel', id: ITEM, clientId: 'c1', at: `${DAY}T03:00:00Z` }],
      },
    });
    expect(res.json()).toMatchObject({ accepted: 1 });
    await newYork.app.streamdesk.analytics.counter.flush();
    const dash = await newYork.request({ method: 'GET', url: `/api/admin/view/dashbord/${ITEM}` });
    expect(dash.json<DashboardReply>().views_data).toEqual([{ createdAt: DAY_BEFORE, count: 1 }]);
  });

  it('is handed to the back office in /runtime-config.js, Asia/Kolkata by default', async () => {
    expect(await runtimeConfig(newYork)).toContain('"reportTimeZone":"America/New_York"');
    expect(await runtimeConfig(byDefault)).toContain('"reportTimeZone":"Asia/Kolkata"');
  });
});
