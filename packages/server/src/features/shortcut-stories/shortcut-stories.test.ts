import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { shortcutMessages, shortcutRoutes, type ShortcutStory } from '@streamdesk/contract/shortcut-stories';
import { isStored, storedFiles } from '../../test/stored-files.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { form, GIF, JPEG, mp4, ofSize, PNG } from '../../test/media-fixtures.js';
import { readLaunchList } from '../../test/launch-lists.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = shortcutRoutes.list.path;
const files = (folder = 'shortcut-stories') => storedFiles(t, folder);
const onDisk = (url: string) => isStored(t, url);
const image = (data: Buffer, name = 'logo.png') => [{ field: 'image', name, data }];

const post = (fields: Record<string, string>, f = image(PNG)) =>
  t.request({ method: 'POST', url: URL, payload: form(fields, f) });
const put = (fields: Record<string, string>, f: ReturnType<typeof image> = []) =>
  t.request({ method: 'PUT', url: URL, payload: form(fields, f) });
const list = async (q = '') => {
  const res = await t.request({ method: 'GET', url: `${URL}?page=1&limit=100&q=${q}&a=true` });
  expect(res.statusCode).toBe(200);
  return t.json<{
    data: ShortcutStory[];
    next_s_no: number;
    secondStoryBrand: boolean;
    totalPage: number;
    total: number;
  }>(res);
};
const del = async (id: string[] | string, sealed = true) =>
  t.request({ method: 'DELETE', url: URL, payload: sealed ? await t.seal({ id }) : { id } });

async function added(fields: Record<string, string> = {}, data = PNG): Promise<ShortcutStory> {
  const res = await post({ name: 'Brand', url: 'https://brand.example', ...fields }, image(data));
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: ShortcutStory }).data;
}

/** Each failing upload must leave no stored file and no partial file behind. */
async function expectNothingWritten(
  run: () => Promise<{ statusCode: number; json(): unknown }>,
  code: number,
  message: string,
) {
  const before = { files: files(), tmp: files('.tmp'), rows: (await list()).data.length };
  const res = await run();
  expect(res.statusCode).toBe(code);
  expect(res.json()).toEqual(errorBody(message));
  expect(files()).toEqual(before.files);
  expect(files('.tmp')).toEqual([]);
  expect((await list()).data.length).toBe(before.rows);
}

describe('GET /api/sortcut', () => {
  it('starts empty, offering No 1 and the storyBrand flag', async () => {
    const body = await list();
    expect(body).toMatchObject({
      status: true,
      data: [],
      next_s_no: 1,
      secondStoryBrand: true,
      totalPage: 0,
      total: 0,
    });
  });
});

describe('POST /api/sortcut', () => {
  it('adds a PNG shortcut with the default label and the next No, and serves its image', async () => {
    const res = await post({ name: ' Brand A ', url: 'https://a.example' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: boolean; message: string; data: ShortcutStory };
    expect(body).toMatchObject({ status: true, message: shortcutMessages.added });
    expect(body.data).toMatchObject({
      s_no: 1,
      name: 'Brand A',
      url: 'https://a.example',
      label: 'AD',
      clickCount: 0,
    });
    expect(body.data.logo).toMatch(/^\/media\/shortcut-stories\/[0-9a-f]{24}\.png$/);
    const img = await t.request({
      method: 'GET',
      url: body.data.logo,
      admin: false,
      headers: { 'api-key': '' },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await list()).next_s_no).toBe(2);
  });

  it('adds a GIF with a given No and label', async () => {
    const data = await added({ s_no: '7', label: 'NEW' }, GIF);
    expect(data).toMatchObject({ s_no: 7, label: 'NEW' });
    expect(data.logo).toMatch(/\.gif$/);
    expect((await list()).next_s_no).toBe(8);
  });

  it('offers and gives a No within the limit once the highest is the largest allowed', async () => {
    const top = await added({ s_no: '3' });
    const res = await put({
      _id: top._id,
      name: 'Top',
      url: 'https://top.example',
      label: 'AD',
      s_no: '1000000000',
    });
    expect(res.statusCode).toBe(200);
    const taken = new Set((await list()).data.map((s) => s.s_no));
    const offered = (await list()).next_s_no;
    expect(offered).toBeLessThanOrEqual(1_000_000_000);
    expect(taken.has(offered)).toBe(false);
    // Added without a No, it gets the offered one, which the edit form would accept back.
    const given = await added();
    expect(given.s_no).toBe(offered);
  });

  it('names the file itself whatever the client called it', async () => {
    const res = await post({ name: 'T', url: 'u' }, image(PNG, '../../../../etc/passwd'));
    expect(res.statusCode).toBe(200);
    const { logo } = (res.json() as { data: ShortcutStory }).data;
    expect(logo).toMatch(/^\/media\/shortcut-stories\/[0-9a-f]{24}\.png$/);
    expect(onDisk(logo)).toBe(true);
  });

  it('refuses an MP4 renamed .png, a JPEG, and text, writing nothing', async () => {
    for (const data of [mp4(1), JPEG, Buffer.from('<?php system($_GET[1]); ?>')])
      await expectNothingWritten(
        () => post({ name: 'T', url: 'u' }, image(data, 'x.png')),
        400,
        mediaMessages.gifPng,
      );
  });

  it('refuses an image one byte over 1 MB with 413, leaving no file behind', async () => {
    await expectNothingWritten(
      () => post({ name: 'T', url: 'u' }, image(ofSize(PNG, mediaLimits.image + 1))),
      413,
      mediaMessages.imageSize,
    );
    // Exactly at the limit is accepted.
    const ok = await post({ name: 'T', url: 'u' }, image(ofSize(PNG, mediaLimits.image)));
    expect(ok.statusCode).toBe(200);
  });

  it('asks for an image when none is sent', async () => {
    await expectNothingWritten(() => post({ name: 'T', url: 'u' }, []), 400, shortcutMessages.selectImage);
  });

  it('requires Title and Url, and a positive No, removing the uploaded image', async () => {
    await expectNothingWritten(() => post({ name: ' ', url: 'u' }), 400, 'Title is required');
    await expectNothingWritten(() => post({ url: 'u' }), 400, 'Title is required');
    await expectNothingWritten(() => post({ name: 'T' }), 400, 'Url is required');
    await expectNothingWritten(
      () => post({ name: 'T', url: ' JavaScript:alert(1)' }),
      400,
      shortcutMessages.urlScheme,
    );
    await expectNothingWritten(
      () => post({ name: 'T', url: 'u', s_no: '-1' }),
      400,
      shortcutMessages.positive,
    );
    await expectNothingWritten(
      () => post({ name: 'T', url: 'u', s_no: 'abc' }),
      400,
      shortcutMessages.positive,
    );
    await expectNothingWritten(
      () => post({ name: 'T', url: 'u', s_no: '1.5' }),
      400,
      shortcutMessages.positive,
    );
  });

  it('refuses a body that is not a form', async () => {
    const res = await t.request({ method: 'POST', url: URL, payload: { name: 'T', url: 'u' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ status: false });
  });
});

describe('PUT /api/sortcut', () => {
  it('edits the fields and keeps the image when none is sent', async () => {
    const s = await added();
    const res = await put({
      _id: s._id,
      name: 'Renamed',
      url: 'https://r.example',
      s_no: '3',
      label: 'HOT',
      clickCount: '12',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: shortcutMessages.updated,
      data: {
        _id: s._id,
        name: 'Renamed',
        url: 'https://r.example',
        s_no: 3,
        label: 'HOT',
        clickCount: 12,
        logo: s.logo,
      },
    });
    expect((await list()).data.find((x) => x._id === s._id)).toMatchObject({
      name: 'Renamed',
      clickCount: 12,
    });
  });

  it('replaces the image and deletes the old file', async () => {
    const s = await added();
    const res = await put({ _id: s._id, name: 'N', url: 'u', s_no: '1', label: 'AD' }, image(GIF, 'new.gif'));
    expect(res.statusCode).toBe(200);
    const { logo } = (res.json() as { data: ShortcutStory }).data;
    expect(logo).toMatch(/\.gif$/);
    expect(onDisk(logo)).toBe(true);
    expect(onDisk(s.logo)).toBe(false);
  });

  it('requires name, label, url and s_no and refuses negative numbers', async () => {
    const s = await added();
    const base = { _id: s._id, name: 'N', url: 'u', s_no: '1', label: 'AD' };
    await expectNothingWritten(() => put({ ...base, name: '' }, image(PNG)), 400, 'Name is required');
    await expectNothingWritten(() => put({ ...base, label: ' ' }, image(PNG)), 400, 'Label is required');
    await expectNothingWritten(() => put({ ...base, url: '' }, image(PNG)), 400, 'Url is required');
    await expectNothingWritten(() => put({ ...base, s_no: '' }, image(PNG)), 400, 'No is required');
    await expectNothingWritten(
      () => put({ ...base, s_no: '-2' }, image(PNG)),
      400,
      shortcutMessages.positive,
    );
    await expectNothingWritten(
      () => put({ ...base, clickCount: '-1' }, image(PNG)),
      400,
      shortcutMessages.positive,
    );
    // Number() would read these as 16 and 1000; a person typing a count writes digits.
    for (const number of ['0x10', '1e3'])
      for (const field of ['s_no', 'clickCount'])
        await expectNothingWritten(
          () => put({ ...base, [field]: number }, image(PNG)),
          400,
          shortcutMessages.positive,
        );
    // Past the largest number: refused in words naming the field and the maximum.
    await expectNothingWritten(
      () => put({ ...base, s_no: '2000000000' }, image(PNG)),
      400,
      'No is too large: it must be at most 1,000,000,000',
    );
    await expectNothingWritten(
      () => put({ ...base, clickCount: '2000000000' }, image(PNG)),
      400,
      'Click is too large: it must be at most 1,000,000,000',
    );
    await expectNothingWritten(() => put({ ...base, _id: '' }), 400, '_id is required');
    expect((await list()).data.find((x) => x._id === s._id)).toMatchObject({ name: 'Brand', s_no: s.s_no });
  });

  it('answers 404 for an unknown id and removes the uploaded image', async () => {
    await expectNothingWritten(
      () => put({ _id: 'ffffffffffffffffffffffff', name: 'N', url: 'u', s_no: '1', label: 'AD' }, image(PNG)),
      404,
      shortcutMessages.notFound,
    );
  });

  it('refuses a wrong image type on edit', async () => {
    const s = await added();
    await expectNothingWritten(
      () => put({ _id: s._id, name: 'N', url: 'u', s_no: '1', label: 'AD' }, image(mp4(1), 'x.png')),
      400,
      mediaMessages.gifPng,
    );
  });
});

describe('DELETE /api/sortcut', () => {
  it('deletes several (sealed body) to the trash, saying how many; deleting forever removes their images', async () => {
    const a = await added();
    const b = await added();
    const res = await del([a._id, b._id]);
    expect(res.statusCode).toBe(200);
    // The count, not the one-item words (which a single delete keeps, below).
    expect(await t.json(res)).toEqual({
      status: true,
      message: '2 shortcut stories deleted successfully',
      deleted: 2,
    });
    expect(onDisk(a.logo)).toBe(true);
    const purged = await t.request({
      method: 'DELETE',
      url: '/api/admin/trash',
      payload: { id: [a._id, b._id] },
    });
    expect(purged.statusCode).toBe(200);
    expect(onDisk(a.logo)).toBe(false);
    expect(onDisk(b.logo)).toBe(false);
    const ids = (await list()).data.map((x) => x._id);
    expect(ids).not.toContain(a._id);
  });

  it('deletes one id sent as plain JSON', async () => {
    const a = await added();
    const res = await del(a._id, false);
    expect(res.statusCode).toBe(200);
    expect(await t.json(res)).toEqual({
      status: true,
      message: 'Shortcut story deleted successfully',
      deleted: 1,
    });
  });

  it('answers 404 for unknown ids and 400 for an empty list', async () => {
    const unknown = await del(['ffffffffffffffffffffffff']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody(shortcutMessages.notFound));
    const empty = await del([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(errorBody(/^id: /));
  });
});

describe('list paging and search', () => {
  it('pages, searches case-insensitively and orders by No', async () => {
    await added({ name: 'Zeta Search', s_no: '50' });
    await added({ name: 'alpha SEARCH', s_no: '40' });
    const found = await list('SeArCh');
    expect(found.data.map((x) => x.name)).toEqual(['alpha SEARCH', 'Zeta Search']);
    expect(found.total).toBe(2);
    const all = await list();
    const res = await t.request({ method: 'GET', url: `${URL}?page=2&limit=2` });
    const page2 = await t.json<{ data: ShortcutStory[]; totalPage: number; total: number }>(res);
    expect(page2.totalPage).toBe(Math.ceil(all.data.length / 2));
    // Every shortcut, not the page's two.
    expect(page2.total).toBe(all.data.length);
    expect(page2.data.map((x) => x._id)).toEqual(all.data.slice(2, 4).map((x) => x._id));
    const bad = await t.request({ method: 'GET', url: `${URL}?page=0` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/App/sortcut (app read)', () => {
  const app = (headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: shortcutRoutes.appList.path, admin: false, headers });

  it('needs only the api-key, answers with an ETag and 304, and sees writes at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: shortcutRoutes.appList.path })).statusCode).toBe(403);
    const first = await app({ 'api-key': TEST_API_KEY });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const body = first.json() as { data: { _id: string; clickCount?: number }[]; secondStoryBrand: boolean };
    expect(body.secondStoryBrand).toBe(true);
    expect(body.data[0]).not.toHaveProperty('clickCount');
    const again = await app({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const s = await added({ name: 'Fresh' });
    const after = await app({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect((after.json() as typeof body).data.map((x) => x._id)).toContain(s._id);
  });

  it('counts app click events into clickCount, without rebuilding the app list, and is in the launch reply', async () => {
    const s = await added({ name: 'Clicked' });
    await app({ 'api-key': TEST_API_KEY });
    const cache = t.app.streamdesk.context.cache;
    expect(cache.peek('shortcut-stories:app')).toBeDefined();
    const events = [1, 2, 3].map((n) => ({
      type: 'click',
      entity: 'shortcut',
      id: s._id,
      clientId: `phone-${n}`,
    }));
    const sent = await t.request({
      method: 'POST',
      url: '/api/App/events',
      admin: false,
      payload: { events },
    });
    expect(sent.statusCode).toBe(200);
    await t.app.streamdesk.analytics.counter.flush();
    expect((await list()).data.find((x) => x._id === s._id)?.clickCount).toBe(3);
    // The app list carries no counts: counting leaves its cached reply alone (no rebuild every second).
    expect(cache.peek('shortcut-stories:app')).toBeDefined();
    const launched = await readLaunchList<{ data: { _id: string }[] }>(t, 'shortcuts', '/api/App/sortcut');
    expect(launched.data.map((x) => x._id)).toContain(s._id);
  });
});
