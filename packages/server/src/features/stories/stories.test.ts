import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { STORY_MAX_SECONDS, storyMessages, type Story } from '@streamdesk/contract/stories';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import {
  cutShort,
  form,
  JPEG,
  mp4,
  ofSize,
  PNG,
  realImage,
  truncatedMp4,
} from '../../test/media-fixtures.js';
import { readLaunchList } from '../../test/launch-lists.js';
import { missingToolsMessage } from '../../platform/media/media-binaries.js';
import { storyCounter } from './stories.counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const files = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', 'stories')).sort();
  } catch {
    return [];
  }
};
const tmpFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', '.tmp'));
  } catch {
    return [];
  }
};
const rowCount = async () =>
  (await t.app.streamdesk.context.db.selectFrom('stories').select('id').execute()).length;

const button = { btnName: 'Watch', btnUrl: 'https://example.com/x' };
type File = { field: string; name: string; data: Buffer; type?: string };
const add = (insertData: unknown, file: File[] = []) =>
  t.request({
    method: 'POST',
    url: '/api/App/Add/Story/Video',
    payload: form(
      { insertData: typeof insertData === 'string' ? insertData : JSON.stringify(insertData) },
      file,
    ),
  });
const edit = (id: string, insertData: unknown, file: File[] = []) =>
  t.request({
    method: 'PUT',
    url: '/api/App/Edit/story/video',
    payload: form({ _id: JSON.stringify(id), insertData: JSON.stringify(insertData) }, file),
  });
const video = (seconds = 1): File => ({
  field: 'video',
  name: 'clip.mp4',
  data: mp4(seconds),
  type: 'video/mp4',
});
const image = (data: Buffer = PNG, name = 'pic.png'): File => ({
  field: 'image',
  name,
  data,
  type: 'image/png',
});
const added = async (insertData: unknown, file: File[]) => {
  const res = await add(insertData, file);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Story }).data;
};

/** Asserts a failed write left no row and no file behind. */
async function expectNothingWritten(res: Awaited<ReturnType<typeof add>>, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(errorBody(message));
}

describe('POST /api/App/Add/Story/Video', () => {
  it('adds a video story with a thumbnail, its duration as the timing and the limit rules', async () => {
    const s = await added(
      { ...button, storyTime: 99, maxviewLimit: 5, maxviewStatus: true, maxclickLimit: 9 },
      [video(2)],
    );
    expect(s).toMatchObject({
      status: true,
      adsStory: false,
      NTV: false,
      btnName: 'Watch',
      btnUrl: 'https://example.com/x',
      web_Url: 'https://example.com/x',
      storyTime: 2,
      view: 0,
      clickBtnCount: 0,
      image: '',
      maxviewLimit: 5,
      maxviewStatus: true,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
    expect(s.video).toMatch(/^\/media\/stories\/[0-9a-f]{24}\.mp4$/);
    expect(s.thembnal).toMatch(/^\/media\/stories\/[0-9a-f]{24}\.jpg$/);
    const thumb = await t.app.inject({ method: 'GET', url: s.thembnal });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('adds an image story (png and jpeg) with the given timing; Click wins over View', async () => {
    const s = await added(
      {
        ...button,
        storyTime: 7,
        maxviewLimit: 3,
        maxviewStatus: true,
        maxclickLimit: 4,
        maxclickStatus: true,
      },
      [image()],
    );
    expect(s).toMatchObject({ storyTime: 7, video: '', maxviewLimit: 0, maxviewStatus: false });
    expect(s).toMatchObject({ maxclickLimit: 4, maxclickStatus: true });
    expect(s.image).toMatch(/\.png$/);
    expect(s.thembnal).toBe(s.image);
    const j = await added({ ...button }, [image(JPEG, 'x.jpg')]);
    expect(j).toMatchObject({ storyTime: 10, maxviewLimit: 0, maxclickLimit: 0 });
    expect(j.image).toMatch(/\.jpg$/);
  });

  it('None zeroes limits even when numbers are sent', async () => {
    const s = await added({ ...button, maxviewLimit: 8, maxclickLimit: 9 }, [image()]);
    expect(s).toMatchObject({
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
  });

  it('adds an NTV story ad with no file and refuses NTV without an id, with a file, or outside ads', async () => {
    const s = await added({ adsStory: true, NTV: true, NTV_ID: 'ca-app-pub-1/2' }, []);
    expect(s).toMatchObject({ adsStory: true, NTV: true, NTV_ID: 'ca-app-pub-1/2', video: '', image: '' });
    const before = { rows: await rowCount(), files: files() };
    await expectNothingWritten(
      await add({ adsStory: true, NTV: true }),
      400,
      `insertData.NTV_ID: ${storyMessages.ntvIdRequired}`,
    );
    await expectNothingWritten(
      await add({ adsStory: true, NTV: true, NTV_ID: 'x' }, [image()]),
      400,
      storyMessages.ntvNoFile,
    );
    await expectNothingWritten(
      await add({ NTV: true, NTV_ID: 'x' }),
      400,
      `insertData.NTV: ${storyMessages.ntvOnlyAds}`,
    );
    expect({ rows: await rowCount(), files: files() }).toEqual(before);
  });

  it('refuses bad files and bad insertData, leaving no row and no file', async () => {
    const before = { rows: await rowCount(), files: files() };
    const cases: [Awaited<ReturnType<typeof add>>, number, string][] = [
      [await add(button, [{ ...video(), data: PNG }]), 400, mediaMessages.video],
      [await add(button, [image(mp4(), 'clip.png')]), 400, mediaMessages.image],
      [
        await add(button, [{ field: 'image', name: 'a.gif', data: Buffer.from('GIF89a........') }]),
        400,
        mediaMessages.image,
      ],
      [await add(button, [image(ofSize(PNG, mediaLimits.image + 1))]), 413, mediaMessages.imageSize],
      [
        await add(button, [{ ...video(), data: ofSize(mp4(), mediaLimits.video + 1) }]),
        413,
        mediaMessages.videoSize,
      ],
      [await add(button, []), 400, storyMessages.selectFile],
      [await add(button, [video(), image()]), 400, storyMessages.oneFile],
      [
        await add({ ...button, storyTime: 'ten' }, [image()]),
        400,
        `insertData.storyTime: ${storyMessages.timingRequired}`,
      ],
      [
        await add({ ...button, storyTime: -1 }, [image()]),
        400,
        `insertData.storyTime: ${storyMessages.timingRequired}`,
      ],
      [
        await add({ ...button, maxviewLimit: 1.5, maxviewStatus: true }, [image()]),
        400,
        `insertData.maxviewLimit: ${storyMessages.limitInteger}`,
      ],
      [
        await add({ ...button, maxclickLimit: -2 }, [image()]),
        400,
        `insertData.maxclickLimit: ${storyMessages.limitInteger}`,
      ],
      [
        await add({ ...button, maxviewStatus: 'yes' }, [image()]),
        400,
        'insertData.maxviewStatus: maxviewStatus must be true or false',
      ],
      [await add({ ...button, btnName: 5 }, [image()]), 400, 'insertData.btnName: btnName must be text'],
      [
        await add({ btnUrl: 'https://e.com' }, [image()]),
        400,
        `insertData.btnName: ${storyMessages.btnNameRequired}`,
      ],
      [await add({ btnName: 'x' }, [image()]), 400, `insertData.btnUrl: ${storyMessages.btnUrlRequired}`],
      [
        await add({ btnName: 'x', btnUrl: 'javascript:alert(1)' }, [image()]),
        400,
        `insertData.btnUrl: ${storyMessages.btnUrlInvalid}`,
      ],
      [
        // Over PostgreSQL's integer column (it answered 500); the limit stops at 1,000,000,000.
        await add({ ...button, maxviewLimit: 99999999999, maxviewStatus: true }, [image()]),
        400,
        `insertData.maxviewLimit: ${storyMessages.limitTooLarge}`,
      ],
      // A NUL escaped inside the JSON text, which PostgreSQL refuses to store.
      [
        await add({ ...button, btnName: 'Wa\0tch' }, [image()]),
        400,
        'insertData.btnName: must not contain a NUL character',
      ],
      [await add('not json', [image()]), 400, storyMessages.insertDataJson],
      [await add('[1]', [image()]), 400, storyMessages.insertDataJson],
    ];
    for (const [res, status, message] of cases) {
      expect([res.statusCode, res.json()]).toEqual([status, errorBody(message)]);
    }
    expect({ rows: await rowCount(), files: files() }).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('accepts a file exactly at the image limit and ignores a hostile file name', async () => {
    const s = await added(button, [image(ofSize(PNG, mediaLimits.image), '../../../../etc/passwd')]);
    expect(s.image).toMatch(/^\/media\/stories\/[0-9a-f]{24}\.png$/);
    expect(files()).toContain(path.basename(s.image));
  });

  it('refuses an unreadable MP4 and keeps nothing', async () => {
    const before = { rows: await rowCount(), files: files() };
    const broken = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(500, 1),
    ]);
    // The second is an MP4 cut short after its index: a stream and a duration, but no frame.
    for (const data of [broken, truncatedMp4()]) {
      const res = await add(button, [{ ...video(), data }]);
      expect([res.statusCode, res.json()]).toEqual([400, errorBody(mediaMessages.unreadableVideo)]);
      expect({ rows: await rowCount(), files: files() }).toEqual(before);
    }
  });

  it('refuses a PNG or JPEG cut short, its signature alone too, keeping no file and no row', async () => {
    const before = { rows: await rowCount(), files: files() };
    const message =
      'The image file is cut off: its end is missing. Please select a valid image file. Allowed types: png, jpg, jpeg';
    for (const kind of ['png', 'jpeg'] as const) {
      for (const { cut, data } of cutShort(kind)) {
        const res = await add(button, [image(data, `pic.${kind}`)]);
        expect([kind, cut, res.statusCode, res.json()]).toEqual([kind, cut, 400, errorBody(message)]);
      }
    }
    expect({ rows: await rowCount(), files: files() }).toEqual(before);
    expect(tmpFiles()).toEqual([]);
    for (const kind of ['png', 'jpeg'] as const)
      expect((await added(button, [image(realImage(kind), `pic.${kind}`)])).image).not.toBe('');
  });

  it('refuses a video longer than an hour on add and edit, keeping no file and no row; an hour is taken', async () => {
    const long: File = { ...video(), data: mp4(STORY_MAX_SECONDS + 100, { tiny: true }) };
    const before = { rows: await rowCount(), files: files() };
    const refused = await add(button, [long]);
    expect([refused.statusCode, refused.json()]).toEqual([400, errorBody(storyMessages.videoTooLong)]);
    expect({ rows: await rowCount(), files: files() }).toEqual(before);

    const hour = await added(button, [{ ...video(), data: mp4(STORY_MAX_SECONDS, { tiny: true }) }]);
    expect(hour.storyTime).toBe(STORY_MAX_SECONDS);
    const kept = { rows: await rowCount(), files: files() };
    const edited = await edit(hour._id, button, [long]);
    expect([edited.statusCode, edited.json()]).toEqual([400, errorBody(storyMessages.videoTooLong)]);
    expect({ rows: await rowCount(), files: files() }).toEqual(kept);
    const found = await t.request({ method: 'GET', url: `/api/App/story/video/find?id=${hour._id}` });
    expect((found.json() as { data: Story }).data).toEqual(hour);
  });

  it('on a server without ffmpeg refuses a video with 503 saying so, keeping no file and no row', async () => {
    const clip = video();
    const before = { rows: await rowCount(), files: files() };
    const noTools = mkdtempSync(path.join(os.tmpdir(), 'sd-no-ffmpeg-'));
    vi.stubEnv('PATH', noTools);
    vi.stubEnv('FFMPEG_PATH', '');
    vi.stubEnv('FFPROBE_PATH', '');
    try {
      const res = await add(button, [clip]);
      expect([res.statusCode, res.json()]).toEqual([503, errorBody(missingToolsMessage)]);
    } finally {
      vi.unstubAllEnvs();
      rmSync(noTools, { recursive: true });
    }
    expect({ rows: await rowCount(), files: files() }).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('lists, find, status, edit and delete', () => {
  let v: Story;
  let ad: Story;
  beforeAll(async () => {
    v = await added(button, [video()]);
    ad = await added({ ...button, adsStory: true }, [image()]);
  });

  it('lists stories and ads apart, newest first, with firstStoryVideo', async () => {
    const res = await t.request({ method: 'GET', url: '/api/App/all/only/story/video?page=1&limit=200' });
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data[0]._id).toBe(v._id);
    expect(body.data.every((s: Story) => !s.adsStory)).toBe(true);
    expect(body.totalPage).toBe(1);
    expect(body.firstStoryVideo._id).toBe(v._id);
    const ads = (
      await t.request({ method: 'GET', url: '/api/App/all/only/story/ads?page=1&limit=1' })
    ).json();
    expect(ads.data).toHaveLength(1);
    expect(ads.data[0]._id).toBe(ad._id);
    expect(ads.firstStoryVideo._id).toBe(v._id);
    expect(ads.totalPage).toBe(ads.total);
    const bad = await t.request({ method: 'GET', url: '/api/App/all/only/story/ads?page=0' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      errorBody('querystring page: page must be 1 or more'),
    ]);
  });

  it('finds one story of the right kind, 404 otherwise', async () => {
    const res = await t.request({ method: 'GET', url: `/api/App/story/video/find?id=${v._id}` });
    expect(res.json()).toEqual({
      status: true,
      message: storyMessages.found,
      data: v,
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const wrongKind = await t.request({ method: 'GET', url: `/api/App/story/ads/find?id=${v._id}` });
    expect([wrongKind.statusCode, wrongKind.json()]).toEqual([404, errorBody(storyMessages.notFound)]);
    const unknown = await t.request({
      method: 'GET',
      url: '/api/App/story/video/find?id=ffffffffffffffffffffffff',
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.request({ method: 'GET', url: '/api/App/story/video/find' });
    expect(missing.statusCode).toBe(400);
  });

  it('sets the status, refusing a non-boolean and an unknown id', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/App/story/ads/status',
      payload: { _id: ad._id, status: false },
    });
    expect(res.json()).toMatchObject({
      status: true,
      message: storyMessages.statusUpdated,
      data: { status: false },
    });
    const wrong = await t.request({
      method: 'PUT',
      url: '/api/App/story/ads/status',
      payload: { _id: ad._id, status: 'no' },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      errorBody(`status: ${storyMessages.statusBoolean}`),
    ]);
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/App/story/video/status',
      payload: { _id: 'ffffffffffffffffffffffff', status: true },
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, errorBody(storyMessages.notFound)]);
    await t.request({
      method: 'PUT',
      url: '/api/App/story/ads/status',
      payload: { _id: ad._id, status: true },
    });
  });

  it('edits fields keeping the media, then replaces the video with an image and removes the old files', async () => {
    const kept = await edit(v._id, {
      ...button,
      btnName: 'Go',
      status: false,
      maxclickLimit: 3,
      maxclickStatus: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      message: storyMessages.updated,
      data: {
        btnName: 'Go',
        status: false,
        video: v.video,
        thembnal: v.thembnal,
        maxclickLimit: 3,
        maxclickStatus: true,
      },
    });
    const replaced = await edit(v._id, { ...button, storyTime: 4 }, [image()]);
    const s = replaced.json().data as Story;
    expect(s).toMatchObject({ video: '', storyTime: 4, maxclickStatus: false, maxclickLimit: 0 });
    expect(files()).not.toContain(path.basename(v.video));
    expect(files()).not.toContain(path.basename(v.thembnal));
    expect(files()).toContain(path.basename(s.image));
    const back = await edit(v._id, button, [video(2)]);
    const b = back.json().data as Story;
    expect(b).toMatchObject({ image: '', storyTime: 2 });
    expect(files()).not.toContain(path.basename(s.image));
    v = b;
  });

  it('refuses a bad edit without touching the story or the files', async () => {
    const before = { files: files(), story: v };
    const find = async () =>
      (await t.request({ method: 'GET', url: `/api/App/story/video/find?id=${v._id}` })).json().data;
    const cases: [Awaited<ReturnType<typeof edit>>, number, string][] = [
      [await edit(v._id, button, [image(mp4(), 'x.png')]), 400, mediaMessages.image],
      [await edit(v._id, button, [{ ...video(), data: PNG }]), 400, mediaMessages.video],
      [
        await edit(v._id, { ...button, storyTime: true }, [image()]),
        400,
        `insertData.storyTime: ${storyMessages.timingRequired}`,
      ],
      [await edit(v._id, button, [image(ofSize(PNG, mediaLimits.image + 1))]), 413, mediaMessages.imageSize],
      [await edit('ffffffffffffffffffffffff', button, [image()]), 404, storyMessages.notFound],
      [await edit('../../x', button, []), 400, storyMessages.idJson],
      [await edit(v._id, { NTV: true, NTV_ID: 'x' }), 400, `insertData.NTV: ${storyMessages.ntvOnlyAds}`],
    ];
    for (const [res, status, message] of cases)
      expect([res.statusCode, res.json()]).toEqual([status, errorBody(message)]);
    expect({ files: files(), story: await find() }).toEqual(before);
  });

  it('turns an ad into NTV (its files go) and back needs a file', async () => {
    const a = await added({ ...button, adsStory: true }, [image()]);
    const ntv = await edit(a._id, { NTV: true, NTV_ID: 'native-1' });
    expect(ntv.json().data).toMatchObject({
      NTV: true,
      NTV_ID: 'native-1',
      image: '',
      thembnal: '',
      adsStory: true,
    });
    expect(files()).not.toContain(path.basename(a.image));
    const back = await edit(a._id, button);
    expect([back.statusCode, back.json()]).toEqual([400, errorBody(storyMessages.selectFile)]);
  });

  it('deletes a list of ids to the trash, all or nothing; deleting forever removes their files', async () => {
    const a = await added(button, [video()]);
    const b = await added(button, [image()]);
    const some = await t.request({
      method: 'DELETE',
      url: '/api/App/delete/story/video',
      payload: { id: [a._id, 'ffffffffffffffffffffffff'] },
    });
    expect([some.statusCode, some.json()]).toEqual([404, errorBody(storyMessages.notFound)]);
    expect(files()).toContain(path.basename(a.video));
    const wrongKind = await t.request({
      method: 'DELETE',
      url: '/api/App/delete/story/ads',
      payload: { id: [a._id] },
    });
    expect(wrongKind.statusCode).toBe(404);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/App/delete/story/video',
      payload: { id: [a._id, b._id] },
    });
    expect(res.json()).toEqual({ status: true, message: '2 stories deleted successfully', deleted: 2 });
    for (const f of [a.video, a.thembnal, b.image]) expect(files()).toContain(path.basename(f));
    const purged = await t.request({
      method: 'DELETE',
      url: '/api/admin/trash',
      payload: { id: [a._id, b._id] },
    });
    expect(purged.statusCode).toBe(200);
    for (const f of [a.video, a.thembnal, b.image]) expect(files()).not.toContain(path.basename(f));
    const one = await t.request({
      method: 'DELETE',
      url: '/api/App/delete/story/ads',
      payload: { id: ad._id },
    });
    expect(one.json().deleted).toBe(1);
    const empty = await t.request({
      method: 'DELETE',
      url: '/api/App/delete/story/ads',
      payload: { id: [] },
    });
    expect([empty.statusCode, empty.json()]).toEqual([400, errorBody('id: id must list at least one id')]);
  });
});

describe('GET /api/App/stories (app side)', () => {
  const appList = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/App/stories',
      headers: { 'api-key': TEST_API_KEY, ...headers },
    });

  it('needs only the api-key, answers 304 to a matching ETag and leaves out stories at their limit', async () => {
    const db = t.app.streamdesk.context.db;
    const limited = await added({ ...button, maxviewLimit: 2, maxviewStatus: true }, [image()]);
    const clicked = await added({ ...button, adsStory: true, maxclickLimit: 1, maxclickStatus: true }, [
      image(),
    ]);
    const first = await appList();
    expect(first.statusCode).toBe(200);
    const ids = (b: { data: Story[]; ads: Story[] }) => [...b.data, ...b.ads].map((s) => s._id);
    expect(ids(first.json())).toEqual(expect.arrayContaining([limited._id, clicked._id]));
    const etag = first.headers.etag as string;
    expect((await appList({ 'if-none-match': etag })).statusCode).toBe(304);

    // Counts reached (as the events feature would write them); a write invalidates the cache.
    await db.updateTable('stories').set({ view: 2 }).where('id', '=', limited._id).execute();
    await db.updateTable('stories').set({ click_btn_count: 1 }).where('id', '=', clicked._id).execute();
    t.app.streamdesk.context.cache.invalidate('stories');
    const after = await appList({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(ids(after.json())).not.toContain(limited._id);
    expect(ids(after.json())).not.toContain(clicked._id);

    // One view under the limit shows it again; an inactive story is left out.
    await db.updateTable('stories').set({ view: 1 }).where('id', '=', limited._id).execute();
    await t.request({
      method: 'PUT',
      url: '/api/App/story/video/status',
      payload: { _id: limited._id, status: true },
    });
    expect(ids((await appList()).json())).toContain(limited._id);
    await t.request({
      method: 'PUT',
      url: '/api/App/story/video/status',
      payload: { _id: limited._id, status: false },
    });
    expect(ids((await appList()).json())).not.toContain(limited._id);
  });

  it('leaves a story out once app view events reach its limit (through the events feature)', async () => {
    const s = await added({ ...button, maxviewLimit: 2, maxviewStatus: true }, [image()]);
    const view = (clientId: string) => ({ type: 'view', entity: 'story', id: s._id, clientId });
    const shownIds = async () => {
      const b = (await appList()).json() as { data: Story[] };
      return b.data.map((x) => x._id);
    };
    expect(await shownIds()).toContain(s._id);
    const send = (events: unknown[]) =>
      t.request({ method: 'POST', url: '/api/App/events', admin: false, payload: { events } });
    expect((await send([view('c1')])).statusCode).toBe(200);
    await t.app.streamdesk.analytics.counter.flush();
    expect(await shownIds()).toContain(s._id);
    await send([view('c2')]);
    await t.app.streamdesk.analytics.counter.flush();
    expect(await shownIds()).not.toContain(s._id);
    const found = await t.request({ method: 'GET', url: `/api/App/story/video/find?id=${s._id}` });
    expect(found.json().data.view).toBe(2);
  });

  describe('counting app events', () => {
    const cache = () => t.app.streamdesk.context.cache;
    const launch = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/App/Controler/app/loadCheck',
        headers: { 'api-key': TEST_API_KEY, ...headers },
      });
    const send = async (events: { type: string; id: string }[]) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/App/events',
        admin: false,
        payload: { events: events.map((e, i) => ({ ...e, entity: 'story', clientId: `c${i}` })) },
      });
      expect(res.statusCode).toBe(200);
      await t.app.streamdesk.analytics.counter.flush();
    };
    const found = async (id: string) =>
      (await t.request({ method: 'GET', url: `/api/App/story/video/find?id=${id}` })).json<{ data: Story }>()
        .data;
    /** The app list and the launch reply, each with the ETag the app keeps. */
    const appReads = async () => {
      const [list, boot] = [await appList(), await launch()];
      expect([list.statusCode, boot.statusCode]).toEqual([200, 200]);
      return { list, boot, etags: [list.headers.etag as string, boot.headers.etag as string] };
    };
    const revalidated = async ([listTag, bootTag]: string[]) => [
      (await appList({ 'if-none-match': listTag! })).statusCode,
      (await launch({ 'if-none-match': bootTag! })).statusCode,
    ];

    it('leaves counts and limits out of the app shape, so a flush keeps the cached replies and their ETags', async () => {
      const s = await added(button, [image()]);
      const limited = await added({ ...button, maxviewLimit: 100, maxviewStatus: true }, [image()]);
      const { list, boot, etags } = await appReads();
      const shown = list.json<{ data: Record<string, unknown>[] }>().data.find((x) => x._id === s._id);
      expect(shown).toBeDefined();
      for (const field of ['view', 'clickBtnCount', 'maxviewLimit', 'maxclickStatus', 'status'])
        expect(shown).not.toHaveProperty(field);
      // The launch reply names the list's version; the list is read from its own path.
      const named = boot.json<{ data: { lists: { stories: { version: string } } } }>().data.lists.stories;
      expect(named.version).toBe(list.json<{ version: string }>().version);

      // Views and clicks on an unlimited story, and views under the limit of a limited one.
      await send([
        { type: 'view', id: s._id },
        { type: 'view', id: s._id },
        { type: 'click', id: s._id },
        { type: 'view', id: limited._id },
      ]);
      expect(cache().peek('stories:app')).toBeDefined();
      expect(cache().peek('controller:loadCheck')).toBeDefined();
      expect(await revalidated(etags)).toEqual([304, 304]);
      // The back office still sees the counts.
      expect(await found(s._id)).toMatchObject({ view: 2, clickBtnCount: 1 });
      expect(await found(limited._id)).toMatchObject({ view: 1, maxviewLimit: 100 });
    });

    it('takes a story out of the app reads with the flush that reaches its limit, and back on a clear', async () => {
      const viewed = await added({ ...button, maxviewLimit: 3, maxviewStatus: true }, [image()]);
      const clicked = await added({ ...button, adsStory: true, maxclickLimit: 2, maxclickStatus: true }, [
        image(),
      ]);
      const ids = (reply: { data: Story[]; ads: Story[] }) => [...reply.data, ...reply.ads].map((x) => x._id);
      const launchedIds = async () =>
        ids(await readLaunchList<{ data: Story[]; ads: Story[] }>(t, 'stories', '/api/App/stories'));
      await send([
        { type: 'view', id: viewed._id },
        { type: 'view', id: viewed._id },
        { type: 'click', id: clicked._id },
      ]);
      const { list, etags } = await appReads();
      expect(ids(list.json())).toEqual(expect.arrayContaining([viewed._id, clicked._id]));

      await send([
        { type: 'view', id: viewed._id },
        { type: 'click', id: clicked._id },
      ]);
      const after = await appList();
      expect(ids(after.json())).not.toContain(viewed._id);
      expect(ids(after.json())).not.toContain(clicked._id);
      expect(await launchedIds()).not.toContain(viewed._id);
      expect(await revalidated(etags)).toEqual([200, 200]);

      // Past the limit nothing more changes for the app: the new replies stay cached.
      const { etags: cut } = await appReads();
      await send([{ type: 'view', id: viewed._id }]);
      expect(cache().peek('stories:app')).toBeDefined();
      expect(cache().peek('controller:loadCheck')).toBeDefined();
      expect(await revalidated(cut)).toEqual([304, 304]);

      // Clearing its counts (the analytics dashboard) takes it back under the limit: shown again.
      const cleared = await t.request({ method: 'DELETE', url: `/api/admin/view/dashbord/${viewed._id}` });
      expect(cleared.statusCode).toBe(200);
      expect(ids((await appList()).json())).toContain(viewed._id);
      expect(await launchedIds()).toContain(viewed._id);
    });
  });

  it('names the app list as a launch list and registers the story counters', async () => {
    expect(t.app.streamdesk.analytics.counters.get('story')).toBe(storyCounter);
    const list = await readLaunchList(t, 'stories', '/api/App/stories');
    expect(list).toMatchObject({ data: expect.any(Array), ads: expect.any(Array) });
  });
});
