import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import {
  videoRoutes as routes,
  type AppVideoListReply,
  type FeedReply,
  type Video,
} from '@streamdesk/contract/videos';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { INCOMPLETE_UPLOAD } from '../../platform/media/multipart.js';
import { BROKEN_MP4, form, mp4, ofSize, PNG, truncatedMp4 } from '../../test/media-fixtures.js';
import { fieldPart, fileHead, multipartType, partEnd } from '../../test/raw-upload.js';
import { storedFiles } from '../../test/stored-files.js';
import { cloneRows } from '../../test/cloned-rows.js';

let t: TestApp;
let category: VideoCategory;
beforeAll(async () => {
  t = await createTestApp();
  category = await addCategory('Library');
});
afterAll(() => t.close());

async function addCategory(name: string) {
  const res = await t.request({
    method: 'POST',
    url: videoCategoryRoutes.add.path,
    payload: form({ name }, [{ field: 'image', name: 'c.png', data: PNG }]),
  });
  return (await t.json<{ data: VideoCategory }>(res)).data;
}

const videoFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', 'videos')).sort();
  } catch {
    return [];
  }
};
const clip = (name: string, data = mp4(1)) => ({ field: 'video', name, data });
const upload = (fields: Record<string, string>, files: ReturnType<typeof clip>[]) =>
  t.request({ method: 'POST', url: routes.upload.path, payload: form(fields, files) });
const uploadOk = async (category: string, n: number) => {
  const res = await upload(
    { category },
    Array.from({ length: n }, (_, i) => clip(`clip-${i}.mp4`)),
  );
  expect(res.statusCode).toBe(200);
  return (await t.json<{ data: Video[] }>(res)).data;
};
const adminList = async (category = 'all', query: Record<string, string> = {}) =>
  t.json<{ data: Video[]; totalPage: number; totalRecord: number }>(
    await t.request({ method: 'GET', url: `/api/App/video/category/admin/${category}`, query }),
  );
const total = async () => (await adminList()).totalRecord;
const setWeb = (id: unknown, status: unknown) =>
  t.request({ method: 'PUT', url: routes.webStatus.path, payload: { id, status } as object });
const remove = (id: unknown) =>
  t.request({ method: 'DELETE', url: routes.remove.path, payload: { id } as object });

describe('POST /api/App/video (batch upload)', () => {
  it('stores each MP4 with a thumbnail, web access off', async () => {
    const res = await upload({ category: category._id }, [clip('one.mp4'), clip('two.mp4', mp4(2))]);
    expect(res.statusCode).toBe(200);
    const body = await t.json<{ data: Video[]; rejected: unknown[] }>(res);
    expect(body).toMatchObject({ status: true, message: 'Videos uploaded successfully!', rejected: [] });
    expect(body.data).toHaveLength(2);
    for (const v of body.data) {
      expect(v).toMatchObject({ web: false, category: category._id, view: 0 });
      expect(v.video).toMatch(/^\/media\/videos\/[0-9a-f]{24}\.mp4$/);
      expect(v.thumbnail).toMatch(/^\/media\/videos\/[0-9a-f]{24}\.jpg$/);
      const served = await t.app.inject({ method: 'GET', url: v.thumbnail });
      expect(served.statusCode).toBe(200);
    }
  });

  it('keeps the good files of a batch with one non-MP4 and one oversized file, naming the bad ones', async () => {
    const before = await total();
    const files = videoFiles().length;
    const res = await upload({ category: category._id }, [
      clip('good.mp4'),
      clip('notes.mp4', Buffer.from('plain text, not a video at all')),
      clip('huge.mp4', ofSize(mp4(1), 200 * 1024 * 1024 + 1)),
      clip('broken.mp4', BROKEN_MP4),
      clip('cut.mp4', truncatedMp4()),
    ]);
    expect(res.statusCode).toBe(200);
    const body = await t.json<{ data: Video[]; rejected: unknown[]; message: string }>(res);
    expect(body.data).toHaveLength(1);
    expect(body.rejected).toEqual([
      { file: 'notes.mp4', message: 'notes.mp4 is not an MP4 file.' },
      { file: 'huge.mp4', message: 'huge.mp4 exceeds the 200MB size limit.' },
      { file: 'broken.mp4', message: 'broken.mp4 could not be read as a video.' },
      { file: 'cut.mp4', message: 'cut.mp4 could not be read as a video.' },
    ]);
    expect(body.message).toBe(
      'Uploaded 1 of 5 videos. notes.mp4 is not an MP4 file. huge.mp4 exceeds the 200MB size limit. broken.mp4 could not be read as a video. cut.mp4 could not be read as a video.',
    );
    expect(await total()).toBe(before + 1);
    expect(videoFiles().length).toBe(files + 2);
  }, 60_000);

  it('refuses a QuickTime clip (an iPhone .mov) even when it is named .mp4', async () => {
    const before = videoFiles();
    const res = await upload({ category: category._id }, [clip('iphone.mp4', mp4(1, { quickTime: true }))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('iphone.mp4 is not an MP4 file.'));
    expect(videoFiles()).toEqual(before);
  });

  it('refuses a batch of only bad files, keeping nothing', async () => {
    const before = videoFiles();
    const res = await upload({ category: category._id }, [clip('a.mov', Buffer.from('nope nope nope'))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('a.mov is not an MP4 file.'));
    expect(videoFiles()).toEqual(before);
  });

  it('refuses 51 files as a whole batch', async () => {
    const before = await total();
    const files = videoFiles();
    const res = await upload(
      { category: category._id },
      Array.from({ length: 51 }, (_, i) => clip(`c${i}.mp4`)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('You can upload a maximum of 50 videos at once.'));
    expect(await total()).toBe(before);
    expect(videoFiles()).toEqual(files);
  });

  it('needs a known category and at least one video', async () => {
    const files = videoFiles();
    const noCategory = await upload({}, [clip('a.mp4')]);
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json()).toEqual(errorBody('Please select a category.'));
    const blank = await upload({ category: ' ' }, [clip('a.mp4')]);
    expect(blank.json()).toEqual(errorBody('Please select a category.'));
    const unknown = await upload({ category: 'ffffffffffffffffffffffff' }, [clip('a.mp4')]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('Category not found'));
    const none = await upload({ category: category._id }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(errorBody('Please select at least one video to upload.'));
    expect(videoFiles()).toEqual(files);
  });

  it('leaves no partial file, no temporary file and no row when the request is cut off mid-way', async () => {
    await t.app.streamdesk.context.media.idle();
    const before = await total();
    const files = videoFiles();
    const payload = Buffer.concat([
      fieldPart('category', category._id),
      fileHead('video', 'complete.mp4'),
      mp4(1),
      partEnd,
      fileHead('video', 'cut.mp4'),
      mp4(2).subarray(0, 5000),
    ]);
    const res = await t.request({
      method: 'POST',
      url: routes.upload.path,
      payload,
      headers: { 'content-type': multipartType },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(INCOMPLETE_UPLOAD));
    expect(await total()).toBe(before);
    expect(videoFiles()).toEqual(files);
    expect(storedFiles(t, '.tmp')).toEqual([]);
  });
});

describe('POST /api/App/video over a real connection', () => {
  // app.inject() hands the parser the whole body at once; a browser's upload arrives in 64 KB reads,
  // which is where a refused part once stopped the rest of the batch being read.
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  const uploadOverHttp = async (files: ReturnType<typeof clip>[]) => {
    const res = await fetch(origin + routes.upload.path, {
      method: 'POST',
      headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}` },
      body: form({ category: category._id }, files),
    });
    await t.app.streamdesk.context.media.idle();
    return {
      status: res.status,
      body: (await res.json()) as { data: Video[]; rejected: unknown[]; message: string },
    };
  };
  // Random bytes well past the first chunk, named as an MP4.
  const fake = () => clip('fake.mp4', randomBytes(300 * 1024));

  it.each([
    ['a, fake, b', () => [clip('a.mp4'), fake(), clip('b.mp4', mp4(2))]],
    ['fake, a, b', () => [fake(), clip('a.mp4'), clip('b.mp4', mp4(2))]],
  ])('keeps both good videos and names the refused one in the order %s', async (_order, files) => {
    const before = await total();
    const stored = videoFiles().length;
    const res = await uploadOverHttp(files());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Uploaded 2 of 3 videos. fake.mp4 is not an MP4 file.');
    expect(res.body.rejected).toEqual([{ file: 'fake.mp4', message: 'fake.mp4 is not an MP4 file.' }]);
    expect(res.body.data).toHaveLength(2);
    expect(await total()).toBe(before + 2);
    // Each good video with its thumbnail; nothing of the refused one, and no partial file.
    expect(videoFiles().length).toBe(stored + 4);
    expect(readdirSync(path.join(t.config.dataDir, 'media', '.tmp'))).toEqual([]);
  });
});

describe('library list and bulk actions', () => {
  let cat: VideoCategory;
  let ids: string[];
  beforeAll(async () => {
    cat = await addCategory('Bulk');
    ids = (await uploadOk(cat._id, 3)).map((v) => v._id);
  });

  it('lists a category or all, newest first, filtered by web and paged', async () => {
    const page = await adminList(cat._id, { page: '1', limit: '2' });
    expect(page).toMatchObject({ status: true, totalPage: 2, totalRecord: 3 });
    expect(page.data).toHaveLength(2);
    expect((await adminList(cat._id, { page: '2', limit: '2' })).data).toHaveLength(1);
    expect((await adminList(cat._id, { web: 'true' })).totalRecord).toBe(0);
    expect((await adminList(cat._id, { web: 'false' })).totalRecord).toBe(3);
    const unknown = await t.request({ method: 'GET', url: '/api/App/video/category/admin/nope' });
    expect(unknown.statusCode).toBe(404);
    const badWeb = await t.request({ method: 'GET', url: `/api/App/video/category/admin/all?web=maybe` });
    expect(badWeb.statusCode).toBe(400);
  });

  it('sets web access in bulk; empty and unknown id lists are refused', async () => {
    const res = await setWeb(ids.slice(0, 2), true);
    expect(await t.json(res)).toEqual({
      status: true,
      message: 'Successfully enabled web access for 2 video(s)',
      modified: 2,
    });
    expect((await adminList(cat._id, { web: 'true' })).totalRecord).toBe(2);
    const mixed = await setWeb([ids[0], 'ffffffffffffffffffffffff'], false);
    expect(await t.json(mixed)).toMatchObject({
      message: 'Successfully disabled web access for 1 video(s)',
      modified: 1,
    });
    const empty = await setWeb([], true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(errorBody('id: id must list at least one id'));
    const unknown = await setWeb(['ffffffffffffffffffffffff'], true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('No videos found for the given ids'));
    expect((await setWeb(ids, 'yes')).statusCode).toBe(400);
  });

  it('deletes in bulk to the trash, keeping the files; empty and unknown id lists are refused', async () => {
    const files = videoFiles().length;
    expect((await remove([])).json()).toEqual(errorBody('id: id must list at least one id'));
    const unknown = await remove(['ffffffffffffffffffffffff']);
    expect(unknown.statusCode).toBe(404);
    const one = await remove([ids[0]]);
    expect(await t.json(one)).toEqual({ status: true, message: 'Video deleted successfully', deleted: 1 });
    const two = await remove([ids[1], ids[2], 'ffffffffffffffffffffffff']);
    expect(await t.json(two)).toEqual({ status: true, message: 'Successfully deleted 2 videos', deleted: 2 });
    expect((await adminList(cat._id)).totalRecord).toBe(0);
    // In the trash until restored or deleted forever (videos.trash.test.ts).
    expect(videoFiles().length).toBe(files);
  });
});

describe('GET /api/App/video/category/client (public feed)', () => {
  const feed = (query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: routes.feed.path, query, admin: false, headers });

  it('returns only web-enabled videos of active categories, with webPosition, cached with an ETag', async () => {
    const shown = await addCategory('Shown');
    const hidden = await addCategory('Hidden');
    const [a, b, c] = await uploadOk(shown._id, 3);
    const [d] = await uploadOk(hidden._id, 1);
    await setWeb([a!._id, b!._id, d!._id], true);
    await t.request({ method: 'PUT', url: `/api/App/video/category/status/${hidden._id}` });

    const res = await feed();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<FeedReply>();
    expect(body).toMatchObject({ status: true, totalPage: 1, webPosition: 10 });
    expect(body.data.map((v) => v._id).sort()).toEqual([a!._id, b!._id].sort());
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      video: expect.any(String),
      thumbnail: expect.any(String),
      // Not processed in this suite (VIDEO_JOBS_AT_ONCE=0): no HLS yet, the MP4 plays; no poster yet.
      hls: '',
      poster: '',
    });

    const etag = res.headers.etag as string;
    const again = await feed({}, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await setWeb([c!._id], true);
    const changed = await feed({}, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<FeedReply>().data).toHaveLength(3);

    const paged = await feed({ page: '2', limit: '2' });
    expect(paged.json<FeedReply>()).toMatchObject({ totalPage: 2, data: [expect.any(Object)] });
  });

  it('needs the api-key but no admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: routes.feed.path });
    expect(res.statusCode).toBe(403);
    expect((await feed({}, { 'api-key': TEST_API_KEY })).statusCode).toBe(200);
  });

  it('counts feed views reported through the app events into the video', async () => {
    const [v] = await uploadOk(category._id, 1);
    const view = { type: 'view', entity: 'video', id: v!._id, clientId: 'web-visitor-1' };
    const res = await t.request({
      method: 'POST',
      url: '/api/App/events',
      admin: false,
      payload: { events: [view, { ...view, clientId: 'web-visitor-2' }] },
    });
    expect(res.statusCode).toBe(200);
    await t.app.streamdesk.analytics.counter.flush();
    const listed = (await adminList(category._id)).data.find((x) => x._id === v!._id);
    expect(listed?.view).toBe(2);
  });
});

describe("GET /api/App/video/app/category/:id (the app's video list)", () => {
  const appList = (id: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/App/video/app/category/${id}`, query, admin: false, headers });
  const appPage = async (id: string, query: Record<string, string> = {}) => {
    const res = await appList(id, query);
    expect(res.statusCode).toBe(200);
    return res.json<AppVideoListReply>();
  };
  const toggleStatus = (id: string) =>
    t.request({ method: 'PUT', url: `/api/App/video/category/status/${id}` });

  it('lists every video of the category, web-enabled or not, newest first, 20 a page', async () => {
    const cat = await addCategory('App screen');
    // One upload and 19 copies of its row, older each: what pages is the list, and each upload of a batch
    // (a thumbnail made by ffmpeg each) is the batch tests' above.
    const [uploaded] = await uploadOk(cat._id, 1);
    const { db, cache } = t.app.streamdesk.context;
    const older = [uploaded!._id, ...(await cloneRows(db, 'videos', uploaded!._id, 19))];
    cache.invalidate('videos');
    const [newest] = await uploadOk(cat._id, 1);
    const other = await addCategory('Elsewhere');
    await uploadOk(other._id, 1);
    await setWeb([older[0]!, newest!._id], true);

    const first = await appPage(cat._id);
    expect(first).toMatchObject({ status: true, message: 'Videos fetched', totalPage: 2 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toEqual({
      _id: newest!._id,
      video: newest!.video,
      // Not processed in this suite: no ladder nor poster yet (the thumbnail shows).
      hls: '',
      poster: '',
      thumbnail: newest!.thumbnail,
      createdAt: newest!.createdAt,
      category: cat._id,
    });
    const second = await appPage(cat._id, { page: '2' });
    expect(second.data).toHaveLength(1);
    const listed = [...first.data, ...second.data].map((v) => v._id);
    expect(listed).toEqual((await adminList(cat._id)).data.map((v) => v._id));
    expect([...listed].sort()).toEqual([newest!._id, ...older].sort());

    const small = await appPage(cat._id, { page: '3', limit: '10' });
    expect(small).toMatchObject({ totalPage: 3, data: [expect.any(Object)] });
    expect((await appList(cat._id, { limit: '51' })).statusCode).toBe(400);
    expect((await appList(cat._id, { page: '0' })).statusCode).toBe(400);
  }, 60_000);

  it('needs the api-key but no admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/App/video/app/category/${category._id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody('Invalid or missing api-key header.'));
    expect((await appList(category._id, {}, { 'api-key': TEST_API_KEY })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown, an inactive and a deleted category, even after a cached read', async () => {
    const unknown = await appList('ffffffffffffffffffffffff');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('Category not found'));

    const cat = await addCategory('Switched off');
    await uploadOk(cat._id, 1);
    expect((await appPage(cat._id)).data).toHaveLength(1);
    await toggleStatus(cat._id);
    const inactive = await appList(cat._id);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toEqual(errorBody('Category not found'));
    await toggleStatus(cat._id);
    expect((await appPage(cat._id)).data).toHaveLength(1);

    // An empty one: deleting its (no) videos invalidates nothing, so the category's own delete must.
    const empty = await addCategory('Empty, then gone');
    expect((await appPage(empty._id)).data).toEqual([]);
    await t.request({ method: 'DELETE', url: `/api/App/video/category/${empty._id}` });
    const deleted = await appList(empty._id);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(errorBody('Category not found'));
  });

  it('answers 304 to its ETag until an upload or a delete changes the list; the web flag does not', async () => {
    const cat = await addCategory('Revalidated');
    const [first] = await uploadOk(cat._id, 1);
    const res = await appList(cat._id);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag as string;
    const again = await appList(cat._id, {}, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const [second] = await uploadOk(cat._id, 1);
    const uploaded = await appList(cat._id, {}, { 'if-none-match': etag });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json<AppVideoListReply>().data.map((v) => v._id)).toEqual([second!._id, first!._id]);

    // The web flag is about the public site: the app's list stays the same, so its ETag does too.
    const etag2 = uploaded.headers.etag as string;
    expect((await setWeb([first!._id], true)).statusCode).toBe(200);
    expect((await appList(cat._id, {}, { 'if-none-match': etag2 })).statusCode).toBe(304);

    expect((await remove([second!._id])).statusCode).toBe(200);
    const removed = await appList(cat._id, {}, { 'if-none-match': etag2 });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AppVideoListReply>().data.map((v) => v._id)).toEqual([first!._id]);
  });
});
