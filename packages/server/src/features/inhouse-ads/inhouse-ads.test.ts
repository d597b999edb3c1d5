import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inHouseLimits,
  inHouseMessages,
  inHouseRoutes,
  type InHouseAd,
} from '@streamdesk/contract/inhouse-ads';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { BROKEN_MP4, form, GIF, JPEG, mp4, ofSize, PNG, truncatedMp4 } from '../../test/media-fixtures.js';
import { readLaunchList } from '../../test/launch-lists.js';
import { inHouseAdCounter } from './inhouse-ads.counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = inHouseRoutes.list.path;
const files = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', 'inhouse-ads')).sort();
  } catch {
    return [];
  }
};
const fields = (over: Record<string, string> = {}) => ({
  mainTitle: 'Ad-1',
  subTitle: 'Ad-1',
  medType: 'image',
  description: 'Ad-1',
  callToAction: 'https://example.com/app',
  btnName: 'Install',
  web_stay_time: '5',
  adType: 'fs_web',
  ...over,
});
type Upload = { field: string; name: string; data: Buffer };
const icon = (data: Buffer = PNG): Upload => ({ field: 'icon', name: 'icon.png', data });
const image = (data: Buffer = PNG): Upload => ({ field: 'image', name: 'image.png', data });

const post = (f: Record<string, string>, up: Upload[]) =>
  t.request({ method: 'POST', url: PATH, payload: form(f, up) });
const put = (f: Record<string, string>, up: Upload[]) =>
  t.request({ method: 'PUT', url: PATH, payload: form(f, up) });
async function create(over: Record<string, string> = {}, up: Upload[] = [icon(), image()]) {
  const res = await post(fields(over), up);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: InHouseAd }).data;
}
const list = async (query = 'a=true') =>
  (await t.request({ method: 'GET', url: `${PATH}?${query}` })).json() as {
    status: boolean;
    data: InHouseAd[];
    totalPages: number;
    total: number;
    InHouseAdsStatus: boolean;
  };
const remove = (payload: object) => t.request({ method: 'DELETE', url: PATH, payload });

describe('POST /api/App/inhouse/ads', () => {
  it('creates an image ad with its icon, active, with zero counts', async () => {
    const before = files().length;
    const res = await post(fields({ web_stay_time: '7' }), [icon(GIF), image(JPEG)]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: boolean; message: string; data: InHouseAd };
    expect(body).toMatchObject({ status: true, message: 'Upload successful!' });
    expect(body.data).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      mainTitle: 'Ad-1',
      medType: 'image',
      callToAction: 'https://example.com/app',
      btnName: 'Install',
      web_stay_time: 7,
      adType: 'fs_web',
      icon: expect.stringMatching(/^\/media\/inhouse-ads\/[0-9a-f]{24}\.gif$/),
      medView: expect.stringMatching(/^\/media\/inhouse-ads\/[0-9a-f]{24}\.jpg$/),
      thumbnail: null,
      view: 0,
      clickCount: 0,
      status: true,
    });
    expect(files().length).toBe(before + 2);
    const served = await t.request({ method: 'GET', url: body.data.icon, admin: false });
    expect(served.statusCode).toBe(200);
  });

  it('defaults btnName to Install, web_stay_time to 1 and empty titles to Ad-{n}', async () => {
    const count = (await list()).total;
    const ad = await create({
      mainTitle: '',
      subTitle: ' ',
      description: '',
      btnName: '',
      web_stay_time: '',
    });
    expect(ad).toMatchObject({
      mainTitle: `Ad-${count + 1}`,
      subTitle: `Ad-${count + 1}`,
      description: `Ad-${count + 1}`,
      btnName: 'Install',
      web_stay_time: 1,
    });
  });

  it('stores an mp4 as a video ad with a thumbnail', async () => {
    const ad = await create({ medType: 'video' }, [icon(), { field: 'video', name: 'v.mp4', data: mp4(2) }]);
    expect(ad).toMatchObject({
      medType: 'video',
      medView: expect.stringMatching(/\.mp4$/),
      thumbnail: expect.stringMatching(/\.jpg$/),
    });
  });

  const refused: [string, Record<string, string>, Upload[], number, string][] = [
    ['web_stay_time 0', { web_stay_time: '0' }, [icon(), image()], 400, inHouseMessages.stayTime],
    ['a negative web_stay_time', { web_stay_time: '-3' }, [icon(), image()], 400, inHouseMessages.stayTime],
    ['a text web_stay_time', { web_stay_time: 'abc' }, [icon(), image()], 400, inHouseMessages.stayTime],
    ['a hex web_stay_time', { web_stay_time: '0x5' }, [icon(), image()], 400, inHouseMessages.stayTime],
    ['an exponent web_stay_time', { web_stay_time: '1e1' }, [icon(), image()], 400, inHouseMessages.stayTime],
    [
      'a fractional web_stay_time',
      { web_stay_time: '1.5' },
      [icon(), image()],
      400,
      inHouseMessages.stayTimeWhole,
    ],
    [
      'a missing callToAction',
      { callToAction: '' },
      [icon(), image()],
      400,
      inHouseMessages.callToActionRequired,
    ],
    [
      'a blank callToAction',
      { callToAction: '   ' },
      [icon(), image()],
      400,
      inHouseMessages.callToActionRequired,
    ],
    [
      'a callToAction that is no URL',
      { callToAction: 'example' },
      [icon(), image()],
      400,
      inHouseMessages.callToActionUrl,
    ],
    [
      'a javascript: callToAction',
      { callToAction: 'javascript:alert(1)' },
      [icon(), image()],
      400,
      inHouseMessages.callToActionUrl,
    ],
    ['an adType other than fs_web', { adType: 'banner' }, [icon(), image()], 400, inHouseMessages.adType],
    ['no files', {}, [], 400, inHouseMessages.selectFiles],
    ['no icon', {}, [image()], 400, inHouseMessages.selectFiles],
    ['no image', {}, [icon()], 400, inHouseMessages.selectFiles],
    [
      'an image and a video',
      {},
      [icon(), image(), { field: 'video', name: 'v.mp4', data: mp4(1) }],
      400,
      inHouseMessages.imageOrVideo,
    ],
    [
      'a text file as image',
      {},
      [icon(), image(Buffer.from('<?php echo 1; ?>'.repeat(20)))],
      400,
      inHouseMessages.imageType,
    ],
    [
      'a text file as icon',
      {},
      [icon(Buffer.from('not an image at all, really'.repeat(5))), image()],
      400,
      inHouseMessages.imageType,
    ],
    ['an mp4 as image', {}, [icon(), image(mp4(1))], 400, inHouseMessages.imageType],
    [
      'a PNG as video',
      {},
      [icon(), { field: 'video', name: 'v.mp4', data: PNG }],
      400,
      inHouseMessages.videoType,
    ],
    [
      'an unplayable mp4',
      {},
      [icon(), { field: 'video', name: 'v.mp4', data: BROKEN_MP4 }],
      400,
      'The video could not be read. Please upload a playable MP4 file.',
    ],
    [
      'an mp4 cut short after its index',
      {},
      [icon(), { field: 'video', name: 'v.mp4', data: truncatedMp4() }],
      400,
      'The video could not be read. Please upload a playable MP4 file.',
    ],
    [
      'an image over 1 MB',
      {},
      [icon(), image(ofSize(PNG, inHouseLimits.imageBytes + 1))],
      413,
      'Image size should not exceed 1MB',
    ],
    [
      'an icon over 1 MB',
      {},
      [icon(ofSize(GIF, inHouseLimits.imageBytes + 1)), image()],
      413,
      'Image size should not exceed 1MB',
    ],
  ];
  it.each(refused)('refuses %s and leaves nothing behind', async (_name, over, up, code, message) => {
    const before = files();
    const total = (await list()).total;
    const res = await post(fields(over), up);
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual(errorBody(message));
    expect(files()).toEqual(before);
    expect((await list()).total).toBe(total);
  });

  it('refuses a video over 30 MB', async () => {
    const before = files();
    const res = await post(fields(), [
      icon(),
      { field: 'video', name: 'v.mp4', data: ofSize(mp4(1), inHouseLimits.videoBytes + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody(inHouseMessages.videoSize));
    expect(files()).toEqual(before);
  });
});

describe('GET /api/App/inhouse/ads', () => {
  it('pages 100 at a time, newest first, with totalPages and InHouseAdsStatus', async () => {
    const first = await list('a=true&page=1&limit=2');
    expect(first).toMatchObject({ status: true, InHouseAdsStatus: true });
    expect(first.data).toHaveLength(2);
    expect(first.totalPages).toBe(Math.ceil(first.total / 2));
    const second = await list('a=true&page=2&limit=2');
    expect(second.data[0]!.createdAt <= first.data[1]!.createdAt).toBe(true);
    expect(second.data.map((a) => a._id)).not.toContain(first.data[0]!._id);
    const all = await list('a=true');
    expect(all.data.length).toBe(Math.min(all.total, 100));
    const beyond = await list(`a=true&page=${all.totalPages + 1}`);
    expect(beyond.data).toEqual([]);
  });

  it('searches titles, subtitle, description and URL case-insensitively, % taken literally', async () => {
    const ad = await create({ mainTitle: 'Summer SALE 50%', callToAction: 'https://shop.example.org/x' });
    expect((await list('a=true&q=summer sale')).data.map((a) => a._id)).toEqual([ad._id]);
    expect((await list('a=true&q=SHOP.EXAMPLE.ORG')).data.map((a) => a._id)).toEqual([ad._id]);
    expect((await list('a=true&q=50%25')).data.map((a) => a._id)).toEqual([ad._id]);
    expect((await list('a=true&q=%25%25')).data).toEqual([]);
    expect((await list('a=true&q=nothing-like-this')).totalPages).toBe(0);
  });

  it('without a=true lists only active ads', async () => {
    const ad = await create({ mainTitle: 'Soon inactive' });
    await t.request({
      method: 'POST',
      url: inHouseRoutes.status.path,
      payload: { id: ad._id, status: false },
    });
    expect((await list('a=true&q=Soon inactive')).data).toHaveLength(1);
    expect((await list('q=Soon inactive')).data).toHaveLength(0);
  });

  it('refuses a bad page or limit', async () => {
    const res = await t.request({ method: 'GET', url: `${PATH}?a=true&page=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('querystring page: page must be 1 or more'));
  });
});

describe('GET /api/App/inhouse/ads/data/:id', () => {
  it('returns one ad, 404 for an unknown id', async () => {
    const ad = await create();
    const res = await t.request({ method: 'GET', url: `${PATH}/data/${ad._id}` });
    expect(res.json()).toEqual({
      status: true,
      message: 'In-house ad',
      data: ad,
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const missing = await t.request({ method: 'GET', url: `${PATH}/data/ffffffffffffffffffffffff` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody(inHouseMessages.notFound));
  });
});

describe('PUT /api/App/inhouse/ads', () => {
  it('updates the text fields and keeps the files when none are sent', async () => {
    const ad = await create();
    const res = await put(
      fields({ id: ad._id, mainTitle: 'New title', web_stay_time: '12', btnName: 'Open' }),
      [],
    );
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Updated successfully!',
      data: {
        _id: ad._id,
        mainTitle: 'New title',
        web_stay_time: 12,
        btnName: 'Open',
        icon: ad.icon,
        medView: ad.medView,
      },
    });
  });

  it('keeps the button name and stay time an update leaves out; a blank button name takes the default', async () => {
    const ad = await create({ btnName: 'Shop Now', web_stay_time: '9' });
    const partial = await put({ id: ad._id, callToAction: 'https://k2.example' }, []);
    expect(partial.json()).toMatchObject({
      status: true,
      data: { btnName: 'Shop Now', web_stay_time: 9, callToAction: 'https://k2.example' },
    });
    const cleared = await put({ id: ad._id, callToAction: 'https://k2.example', btnName: '' }, []);
    expect(cleared.json()).toMatchObject({ data: { btnName: 'Install', web_stay_time: 9 } });
  });

  it('replaces the icon and swaps an image for a video, removing the old files', async () => {
    const ad = await create();
    const name = (url: string) => url.split('/').pop()!;
    const res = await put(fields({ id: ad._id }), [
      icon(GIF),
      { field: 'video', name: 'v.mp4', data: mp4(1) },
    ]);
    const data = (res.json() as { data: InHouseAd }).data;
    expect(data).toMatchObject({ medType: 'video', thumbnail: expect.stringMatching(/\.jpg$/) });
    expect(files()).not.toContain(name(ad.icon));
    expect(files()).not.toContain(name(ad.medView));
    expect(files()).toEqual(
      expect.arrayContaining([name(data.icon), name(data.medView), name(data.thumbnail!)]),
    );
    const back = await put(fields({ id: ad._id }), [image()]);
    const again = (back.json() as { data: InHouseAd }).data;
    expect(again).toMatchObject({ medType: 'image', thumbnail: null });
    expect(files()).not.toContain(name(data.thumbnail!));
  });

  it.each([
    ['web_stay_time 0', { web_stay_time: '0' }, [], 400, inHouseMessages.stayTime],
    ['a missing callToAction', { callToAction: '' }, [image()], 400, inHouseMessages.callToActionRequired],
    [
      'a wrong image type',
      {},
      [image(Buffer.from('plain text, not an image'.repeat(5)))],
      400,
      inHouseMessages.imageType,
    ],
    [
      'an image over 1 MB',
      {},
      [image(ofSize(PNG, inHouseLimits.imageBytes + 1))],
      413,
      inHouseMessages.imageSize,
    ],
  ] as [string, Record<string, string>, Upload[], number, string][])(
    'refuses %s, changing nothing and leaving no file',
    async (_name, over, up, code, message) => {
      const ad = await create();
      const before = files();
      const res = await put(fields({ id: ad._id, mainTitle: 'Changed', ...over }), up);
      expect(res.statusCode).toBe(code);
      expect(res.json()).toEqual(errorBody(message));
      expect(files()).toEqual(before);
      const now = await t.request({ method: 'GET', url: `${PATH}/data/${ad._id}` });
      expect((now.json() as { data: InHouseAd }).data).toEqual(ad);
    },
  );

  it('answers 404 for an unknown id and removes the uploaded file', async () => {
    const before = files();
    const res = await put(fields({ id: 'ffffffffffffffffffffffff' }), [image()]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(inHouseMessages.notFound));
    expect(files()).toEqual(before);
  });

  it('needs an id', async () => {
    const res = await put(fields(), []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(/id/));
  });
});

describe('POST /api/App/inhouse/ads/update/status', () => {
  const setStatus = (payload: object) =>
    t.request({ method: 'POST', url: inHouseRoutes.status.path, payload });

  it('sets the new value and reloads show it', async () => {
    const ad = await create();
    const off = await setStatus({ id: ad._id, status: false });
    expect(off.json()).toMatchObject({
      status: true,
      message: 'Status updated successfully!',
      data: { status: false },
    });
    const on = await setStatus({ id: ad._id, status: true });
    expect(on.json()).toMatchObject({ data: { status: true } });
  });

  it('refuses a missing status and an unknown id', async () => {
    const ad = await create();
    const bad = await setStatus({ id: ad._id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(errorBody('status: status must be true or false'));
    const missing = await setStatus({ id: 'ffffffffffffffffffffffff', status: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody(inHouseMessages.notFound));
  });
});

describe('DELETE /api/App/inhouse/ads', () => {
  it('deletes a list sent in the envelope to the trash, and replies sealed; deleting forever removes the files', async () => {
    const a = await create();
    const b = await create({}, [icon(), { field: 'video', name: 'v.mp4', data: mp4(1) }]);
    const res = await remove(await t.seal({ id: [a._id, b._id] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ encrypted: expect.any(String), iv: expect.any(String) });
    expect(await t.json(res)).toEqual({
      status: true,
      message: 'In House ads deleted successfully.',
      deleted: 2,
    });
    const names = [a.icon, a.medView, b.icon, b.medView, b.thumbnail!].map((url) => url.split('/').pop());
    for (const name of names) expect(files()).toContain(name);
    const purged = await t.request({
      method: 'DELETE',
      url: '/api/admin/trash',
      payload: { id: [a._id, b._id] },
    });
    expect(purged.statusCode).toBe(200);
    for (const name of names) expect(files()).not.toContain(name);
    const gone = await t.request({ method: 'GET', url: `${PATH}/data/${a._id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('accepts a plain body and a single id', async () => {
    const a = await create();
    expect(await t.json(await remove({ id: a._id }))).toMatchObject({ status: true, deleted: 1 });
  });

  it('deletes nothing when one id is unknown', async () => {
    const a = await create();
    const before = files();
    const res = await remove({ id: [a._id, 'ffffffffffffffffffffffff'] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(inHouseMessages.notFound));
    expect(files()).toEqual(before);
    expect((await t.request({ method: 'GET', url: `${PATH}/data/${a._id}` })).statusCode).toBe(200);
  });

  it('refuses an empty list', async () => {
    const res = await remove({ id: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('id: id must list at least one id'));
  });
});

describe('the app side', () => {
  const active = (headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: inHouseRoutes.active.path, admin: false, headers });

  it('serves the active ads with the api-key only, with an ETag, 304 and invalidation on writes', async () => {
    const first = await active();
    expect(first.statusCode).toBe(200);
    const body = first.json() as { status: boolean; data: Record<string, unknown>[] };
    expect(body.status).toBe(true);
    expect(body.data.every((ad) => !('view' in ad) && !('status' in ad))).toBe(true);
    const etag = first.headers.etag as string;
    expect((await active({ 'if-none-match': etag })).statusCode).toBe(304);

    const ad = await create({ mainTitle: 'Fresh for the app' });
    const after = await active({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { data: { _id: string }[] }).data[0]!._id).toBe(ad._id);

    await t.request({
      method: 'POST',
      url: inHouseRoutes.status.path,
      payload: { id: ad._id, status: false },
    });
    const hidden = (await active()).json() as { data: { _id: string }[] };
    expect(hidden.data.map((a) => a._id)).not.toContain(ad._id);
  });

  it('refuses the app read without the api-key', async () => {
    const res = await t.app.inject({ method: 'GET', url: inHouseRoutes.active.path });
    expect(res.statusCode).toBe(403);
  });

  it('names the active ads as a launch list and counts views and clicks into the ad', async () => {
    const ctx = t.app.streamdesk.context;
    const ad = await create({ mainTitle: 'Counted' });
    const list = await readLaunchList<{ data: { _id: string }[] }>(
      t,
      'inHouseAds',
      inHouseRoutes.active.path,
    );
    expect(list.data.map((a) => a._id)).toContain(ad._id);
    expect(t.app.streamdesk.analytics.counters.get('inhouseAd')).toBe(inHouseAdCounter);
    await t.request({ method: 'GET', url: inHouseRoutes.active.path, admin: false });
    expect(ctx.cache.peek('inhouse-ads:active')).toBeDefined();
    const at = new Date().toISOString();
    const events = (type: string) => ({ type, entity: 'inhouseAd', id: ad._id, clientId: 'c1', at });
    const sent = await t.request({
      method: 'POST',
      url: '/api/App/events',
      admin: false,
      payload: { events: [events('view'), events('view'), events('click')] },
    });
    expect(sent.statusCode).toBe(200);
    await t.app.streamdesk.analytics.counter.flush();
    const now = (await t.request({ method: 'GET', url: `${PATH}/data/${ad._id}` })).json() as {
      data: InHouseAd;
    };
    expect(now.data).toMatchObject({ view: 2, clickCount: 1 });
    // The app's read carries no counts: counting leaves its cached reply alone (no rebuild every second).
    expect(ctx.cache.peek('inhouse-ads:active')).toBeDefined();
  });
});
