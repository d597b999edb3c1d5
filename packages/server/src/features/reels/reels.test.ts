import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { reelMessages, reelRoutes, type Reel, type ReelListReply } from '@streamdesk/contract/reels';
import { isStored, storedFiles } from '../../test/stored-files.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { insertReel } from './reels.repository.js';
import { BROKEN_MP4, form, mp4, ofSize, PNG, truncatedMp4 } from '../../test/media-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = reelRoutes.list.path;
const files = (folder = 'reels') => storedFiles(t, folder);
const onDisk = (url: string) => isStored(t, url);
const upload = (data?: Buffer, name = 'clip.mp4') =>
  t.request({
    method: 'POST',
    url: URL,
    payload: form({}, data ? [{ field: 'video', name, data }] : []),
  });
/** The app's call: api-key only, no token. */
const appList = (query = 'page=1&limit=20&a=true', headers: Record<string, string> = {}) =>
  t.request({
    method: 'GET',
    url: `${URL}?${query}`,
    admin: false,
    headers: { 'api-key': TEST_API_KEY, ...headers },
  });
const del = (id: string[] | string) => t.request({ method: 'DELETE', url: URL, payload: { id } });

async function added(): Promise<Reel> {
  const res = await upload(mp4(1));
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Reel }).data;
}

async function expectNothingWritten(
  run: () => Promise<{ statusCode: number; json(): unknown }>,
  code: number,
  message: string,
) {
  const before = files();
  const res = await run();
  expect(res.statusCode).toBe(code);
  expect(res.json()).toEqual(errorBody(message));
  expect(files()).toEqual(before);
  expect(files('.tmp')).toEqual([]);
}

describe('POST /api/App/reels', () => {
  it('stores a real MP4 with a thumbnail made from it', async () => {
    const res = await upload(mp4(2));
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: Reel };
    expect(res.json()).toMatchObject({ status: true, message: reelMessages.added });
    expect(data).toMatchObject({ view: 0, click: 0 });
    expect(data.video).toMatch(/^\/media\/reels\/[0-9a-f]{24}\.mp4$/);
    expect(data.thumbnail).toMatch(/^\/media\/reels\/[0-9a-f]{24}\.jpg$/);
    expect(data.duration).toBeGreaterThan(1.5);
    expect(onDisk(data.video) && onDisk(data.thumbnail)).toBe(true);
    const thumb = await t.request({ method: 'GET', url: data.thumbnail });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const range = await t.request({ method: 'GET', url: data.video, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
  });

  it('names the file itself whatever the client called it', async () => {
    const res = await upload(mp4(1), '../../../tmp/evil.sh');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Reel }).data.video).toMatch(/^\/media\/reels\/[0-9a-f]{24}\.mp4$/);
  });

  it('refuses a PNG renamed .mp4 and asks for a file when none is sent', async () => {
    await expectNothingWritten(() => upload(PNG, 'clip.mp4'), 400, mediaMessages.video);
    await expectNothingWritten(() => upload(), 400, reelMessages.selectVideo);
  });

  it('refuses a video one byte over 30 MB with 413, leaving no file behind', async () => {
    await expectNothingWritten(
      () => upload(ofSize(mp4(1), mediaLimits.video + 1)),
      413,
      mediaMessages.videoSize,
    );
  });

  it('refuses an MP4 ffmpeg cannot read, removing the video', async () => {
    await expectNothingWritten(() => upload(BROKEN_MP4), 400, mediaMessages.unreadableVideo);
  });

  it('refuses an MP4 cut short after its index, whose first frame cannot be decoded', async () => {
    await expectNothingWritten(() => upload(truncatedMp4()), 400, mediaMessages.unreadableVideo);
  });

  it('needs the admin token', async () => {
    const res = await t.request({ method: 'POST', url: URL, admin: false, payload: form({}, []) });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/App/reels', () => {
  it('serves the app with the api-key alone, newest first, with totalPage and the reels flag', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(403);
    const newest = await added();
    const res = await appList();
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReelListReply;
    expect(body).toMatchObject({ status: true, reels: true });
    expect(body.data[0]?._id).toBe(newest._id);
    expect(body.totalPage).toBe(Math.ceil(body.total / 20));
  });

  it('pages 20 at a time by default', async () => {
    const before = (await appList('page=1').then((r) => r.json())) as ReelListReply;
    // Rows straight into the table: paging needs many reels, not many ffmpeg runs.
    const db = t.app.streamdesk.context.db;
    for (let i = before.total; i < 21; i++)
      await insertReel(db, {
        id: newId(),
        video: '/media/reels/x.mp4',
        thumbnail: '/media/reels/x.jpg',
        duration: 1,
        size: 1,
        view: i,
        click: 0,
        created_at: nowIso(),
        file_name: 'x.mp4',
      });
    t.app.streamdesk.context.cache.invalidate('reels');
    const page1 = (await appList('page=1').then((r) => r.json())) as ReelListReply;
    const page2 = (await appList('page=2').then((r) => r.json())) as ReelListReply;
    expect(page1.data).toHaveLength(20);
    expect(page1.totalPage).toBe(Math.ceil(page1.total / 20));
    expect(page2.data.length).toBe(page1.total - 20);
    expect(new Set([...page1.data, ...page2.data].map((r) => r._id)).size).toBe(page1.total);
    expect((await appList('page=0')).statusCode).toBe(400);
    expect((await appList('limit=5000')).statusCode).toBe(400);
  });

  it('answers 304 for the same ETag and drops the cache when a reel changes', async () => {
    const first = await appList();
    const etag = first.headers.etag as string;
    expect((await appList(undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    const reel = await added();
    const after = await appList(undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect((after.json() as ReelListReply).data[0]?._id).toBe(reel._id);
  });

  it('counts app view and click events into the reel and refreshes the cached list', async () => {
    const reel = await added();
    const before = await appList();
    const events = [
      { type: 'view', entity: 'reel', id: reel._id, clientId: 'phone-1' },
      { type: 'view', entity: 'reel', id: reel._id, clientId: 'phone-2' },
      { type: 'click', entity: 'reel', id: reel._id, clientId: 'phone-1' },
    ];
    const sent = await t.request({
      method: 'POST',
      url: '/api/App/events',
      admin: false,
      payload: { events },
    });
    expect(sent.statusCode).toBe(200);
    await t.app.streamdesk.analytics.counter.flush();
    const after = await appList(undefined, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect((after.json() as ReelListReply).data[0]).toMatchObject({ _id: reel._id, view: 2, click: 1 });
  });
});

describe('DELETE /api/App/reels', () => {
  it('deletes several reels to the trash; deleting forever removes their videos and thumbnails', async () => {
    const a = await added();
    const b = await added();
    const res = await del([a._id, b._id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: '2 reels deleted successfully', deleted: 2 });
    for (const url of [a.video, a.thumbnail, b.video, b.thumbnail]) expect(onDisk(url)).toBe(true);
    const purged = await t.request({
      method: 'DELETE',
      url: '/api/admin/trash',
      payload: { id: [a._id, b._id] },
    });
    expect(purged.statusCode).toBe(200);
    for (const url of [a.video, a.thumbnail, b.video, b.thumbnail]) expect(onDisk(url)).toBe(false);
    const ids = ((await appList().then((r) => r.json())) as ReelListReply).data.map((r) => r._id);
    expect(ids).not.toContain(a._id);
  });

  it('says one reel in the singular', async () => {
    const res = await del([(await added())._id]);
    expect(res.json()).toEqual({ status: true, message: 'Reel deleted successfully', deleted: 1 });
  });

  it('answers 404 for unknown ids and 400 for an empty list', async () => {
    const res = await del(['ffffffffffffffffffffffff']);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(reelMessages.notFound));
    expect((await del([])).statusCode).toBe(400);
  });
});
