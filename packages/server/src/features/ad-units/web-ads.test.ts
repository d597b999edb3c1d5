import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMessages, type WebAd } from '@streamdesk/contract/ad-units';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { addWebAdClicks } from './ad-units.service.js';
import { adClient } from './ad-units.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = { status: boolean; message: string; data: WebAd[] };
type One = { status: boolean; message: string; data: WebAd };
const range = (startDate: string, endDate: string) => ({ startDate, endDate });

describe.each([
  ['android', 'webAd'],
  ['ios', 'iosWebAd'],
] as const)('%s website ads', (platform, entity) => {
  const client = () => adClient(t, platform);
  const list = async (query?: Record<string, string>) =>
    (await client().call<List>(client().routes.webList, query ? { query } : {})).body.data;
  const add = (body: unknown) => client().call<One>(client().routes.webAdd, { body });
  const clicks = (id: string, day: string, count: number) =>
    addWebAdClicks({ db: t.app.streamdesk.context.db }, { entity, id, day, count });
  let adId = '';

  it('starts with the protected WEB_URL_1', async () => {
    expect(await list()).toEqual([
      {
        _id: expect.any(String),
        a_name: 'WEB_URL_1',
        a_id: expect.any(String),
        a_description: expect.any(String),
        a_click: 0,
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    ]);
  });

  it('adds a website ad by URL, warning about a non-URL unless forced', async () => {
    const res = await add({
      a_name: ` Promo ${platform}`,
      a_id: ' https://example.org/promo ',
      a_description: 'Spring promo',
    });
    expect(res.body).toEqual({
      status: true,
      message: adMessages.added,
      data: {
        _id: expect.any(String),
        a_name: `Promo${platform}`,
        a_id: 'https://example.org/promo',
        a_description: 'Spring promo',
        a_click: 0,
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });
    adId = res.body.data._id;
    const warned = await add({ a_name: 'Bare', a_id: 'example.org', a_description: 'x' });
    expect(warned.status).toBe(400);
    expect(warned.res.json()).toEqual(errorBody(adMessages.urlFormat));
    expect((await add({ a_name: 'Bare', a_id: 'example.org', a_description: 'x', force: true })).status).toBe(
      200,
    );
    expect((await add({ a_name: 'Empty', a_id: '', a_description: 'x' })).res.json()).toEqual(
      errorBody(adMessages.fillAll),
    );
  });

  it('updates URL and description, refuses a new name', async () => {
    const up = (body: unknown) =>
      client().call<One>(client().routes.webUpdate, { params: { id: adId }, body });
    const res = await up({ a_id: 'https://example.org/summer', a_description: 'Summer promo' });
    expect(res.body.data).toMatchObject({
      a_name: `Promo${platform}`,
      a_id: 'https://example.org/summer',
      a_click: 0,
    });
    expect((await up({ a_name: 'WEB_URL_2', a_id: 'https://x.org', a_description: 'x' })).res.json()).toEqual(
      errorBody(adMessages.nameLocked),
    );
  });

  it('counts clicks per day and filters them by a day range', async () => {
    expect(await clicks(adId, '2026-03-01', 2)).toBe(true);
    expect(await clicks(adId, '2026-03-02', 3)).toBe(true);
    expect(await clicks(adId, '2026-03-02', 1)).toBe(true);
    expect(await clicks(adId, '2026-03-05', 10)).toBe(true);
    const of = (ads: WebAd[]) => ads.find((a) => a._id === adId)?.a_click;
    expect(of(await list())).toBe(16);
    expect(of(await list(range('2026-03-02', '2026-03-02')))).toBe(4);
    expect(of(await list(range('2026-03-01', '2026-03-04')))).toBe(6);
    expect(of(await list(range('2026-04-01', '2026-04-30')))).toBe(0);
    // An id of the other platform or of a simple kind is not counted.
    const otherEntity = entity === 'webAd' ? 'iosWebAd' : 'webAd';
    expect(
      await addWebAdClicks(
        { db: t.app.streamdesk.context.db },
        { entity: otherEntity, id: adId, day: '2026-03-01' },
      ),
    ).toBe(false);
    expect(of(await list())).toBe(16);
  });

  it('reads a range with one end left open as the dashboard does, and refuses an inverted range', async () => {
    const of = (ads: WebAd[]) => ads.find((a) => a._id === adId)?.a_click;
    expect(of(await list({ startDate: '2026-03-02' }))).toBe(14);
    expect(of(await list({ endDate: '2026-03-01' }))).toBe(2);
    expect(of(await list({ startDate: '2026-03-06' }))).toBe(0);
    const inverted = await client().call(client().routes.webList, {
      query: range('2026-03-05', '2026-03-01'),
    });
    expect(inverted.res.json()).toEqual(errorBody(`querystring ${adMessages.rangeOrder}`));
    const bad = await client().call(client().routes.webList, { query: range('2026-02-30', '2026-03-01') });
    expect(bad.res.json()).toEqual(errorBody(`querystring startDate: ${adMessages.dayFormat}`));
  });

  it('clears one ad within a range only', async () => {
    const res = await client().call(client().routes.webClearOne, {
      params: { id: adId },
      query: range('2026-03-02', '2026-03-02'),
    });
    expect(res.body).toEqual({ status: true, message: adMessages.cleared, cleared: 4 });
    const of = async (q?: Record<string, string>) => (await list(q)).find((a) => a._id === adId)?.a_click;
    expect(await of()).toBe(12);
    expect(await of(range('2026-03-01', '2026-03-01'))).toBe(2);
    expect(await of(range('2026-03-05', '2026-03-05'))).toBe(10);
    const missing = await client().call(client().routes.webClearOne, {
      params: { id: 'ffffffffffffffffffffffff' },
      query: range('2026-03-01', '2026-03-01'),
    });
    expect(missing.status).toBe(404);
    const noRange = await client().call(client().routes.webClearOne, { params: { id: adId } });
    expect(noRange.status).toBe(400);
  });

  it('clears the listed ads within a range, and says when there are none', async () => {
    const all = await list();
    const first = all.find((a) => a.a_name === 'WEB_URL_1')!;
    await clicks(first._id, '2026-03-01', 5);
    await clicks(first._id, '2026-06-01', 7);
    const res = await client().call(client().routes.webClearAll, {
      query: range('2026-03-01', '2026-03-31'),
      body: { id: all.map((a) => a._id) },
    });
    expect(res.body).toEqual({ status: true, message: adMessages.cleared, cleared: 17 });
    const after = await list();
    expect(after.find((a) => a._id === adId)?.a_click).toBe(0);
    expect(after.find((a) => a._id === first._id)?.a_click).toBe(7);
    const none = await client().call(client().routes.webClearAll, {
      query: range('2026-03-01', '2026-03-31'),
      body: { id: [] },
    });
    expect(none.status).toBe(404);
    expect(none.res.json()).toEqual(errorBody(adMessages.notAvailable));
    const stranger = await client().call(client().routes.webClearAll, {
      query: range('2026-03-01', '2026-03-31'),
      body: { id: ['ffffffffffffffffffffffff'] },
    });
    expect(stranger.status).toBe(404);
    // Without a body, every web ad of the platform is cleared.
    const everything = await client().call(client().routes.webClearAll, {
      query: range('2026-01-01', '2026-12-31'),
    });
    expect(everything.body).toEqual({ status: true, message: adMessages.cleared, cleared: 7 });
  });

  it('deletes a website ad with its clicks (to the trash: web-ads-trash.test.ts), but never WEB_URL_1', async () => {
    const all = await list();
    const protectedAd = all.find((a) => a.a_name === 'WEB_URL_1')!;
    const refused = await client().call(client().routes.webDelete, { params: { id: protectedAd._id } });
    expect(refused.status).toBe(400);
    expect(refused.res.json()).toEqual(errorBody(adMessages.webUrl1Locked));
    await clicks(adId, '2026-05-01', 3);
    const res = await client().call(client().routes.webDelete, { params: { id: adId } });
    expect(res.body).toEqual({ status: true, message: adMessages.deleted });
    expect((await list()).map((a) => a._id)).not.toContain(adId);
    const rows = await t.app.streamdesk.context.db
      .selectFrom('web_ad_clicks')
      .selectAll()
      .where('ad_id', '=', adId)
      .execute();
    expect(rows).toEqual([]);
    expect((await client().call(client().routes.webDelete, { params: { id: adId } })).status).toBe(404);
  });
});

describe('Android web ad envelope', () => {
  it('accepts a plain body and a sealed clear-all body', async () => {
    const c = adClient(t, 'android');
    const plain = await c.call<One>(c.routes.webAdd, {
      body: { a_name: 'PlainWeb', a_id: 'https://example.net', a_description: 'plain' },
      plain: true,
    });
    expect(plain.body.status).toBe(true);
    const sealed = await c.call(c.routes.webClearAll, {
      query: range('2026-01-01', '2026-01-02'),
      body: { id: [plain.body.data._id] },
    });
    expect(sealed.res.json()).toEqual({ encrypted: expect.any(String), iv: expect.any(String) });
    expect(sealed.body).toMatchObject({ status: true, cleared: 0 });
  });
});
