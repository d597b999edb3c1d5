import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import {
  videoRoutes as routes,
  type AppVideoListReply,
  type FeedReply,
  type Video,
} from '@streamdesk/contract/videos';
import { createTestApp, errorBody, sameMedia, type TestApp } from '../../test/test-app.js';
import { getMedia, overwriteStored, storedBytes, storedCount, storeHas } from '../../test/stored-files.js';
import { before, boxes, expectPoster, gone, media, polled, renditions } from '../../test/video-processing.js';
import { form, PNG, sizedMp4 } from '../../test/media-fixtures.js';
import { mediaMismatches } from '../../test/bad-input.js';
import { uploadVideo } from '../../test/library-videos.js';
import { addPoster } from '../../platform/media/video-queue.repository.js';

// Processing of library videos (issue 35): faststart, the HLS ladder, retries, and a restart mid-run, on
// real files made by ffmpeg. Each app here shares one database and data folder with the ones before it,
// as server processes restarted on one install do.
const apps: TestApp[] = [];
let first: TestApp;
let category: VideoCategory;

/** An app on the first one's database and media; `atOnce` videos processed at a time. */
async function open(atOnce: number): Promise<TestApp> {
  const t = await createTestApp({
    VIDEO_JOBS_AT_ONCE: String(atOnce),
    ...(first
      ? {
          DATA_DIR: first.config.dataDir,
          ...sameMedia(first),
          ...(first.config.databaseUrl ? { DATABASE_URL: first.config.databaseUrl } : {}),
        }
      : {}),
  });
  apps.push(t);
  return t;
}
/** Stops an app's server, as a restart does (its database stays for the next one). */
const stop = (t: TestApp) => t.app.close();

beforeAll(async () => {
  first = await open(1);
  const res = await first.request({
    method: 'POST',
    url: videoCategoryRoutes.add.path,
    payload: form({ name: 'Matches' }, [{ field: 'image', name: 'c.png', data: PNG }]),
  });
  category = (await first.json<{ data: VideoCategory }>(res)).data;
});
// The first app's close removes the shared database, so it goes last.
afterAll(async () => {
  for (const t of apps.slice(1)) await t.close();
  await first.close();
});

const upload = (t: TestApp, name: string, data: Buffer) => uploadVideo(t, category._id, name, data);

async function listed(t: TestApp, id: string): Promise<Video> {
  const res = await t.request({ method: 'GET', url: '/api/App/video/category/admin/all' });
  return (await t.json<{ data: Video[] }>(res)).data.find((v) => v._id === id)!;
}

/** Polls the library row until `done` holds. */
const until = (t: TestApp, id: string, done: (v: Video) => boolean) => polled(() => listed(t, id), done);
const settled = (t: TestApp, id: string) => until(t, id, (v) => v.state === 'ready' || v.state === 'failed');

async function goneFromDisk(name: string) {
  for (let tries = 0; existsSync(name); tries++) {
    if (tries > 300) throw new Error(`${name} is still there`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Transcodes on a loaded 2-core machine: each test waits for ffmpeg (at most 90 s: `until`).
vi.setConfig({ testTimeout: 120_000 });

describe('a new library video', () => {
  it('is queued, then ready with its MP4 remuxed index first (no re-encode) and an HLS ladder', async () => {
    const source = sizedMp4(240, { moovLast: true });
    expect(before(boxes(source), 'mdat', 'moov')).toBe(true);
    const uploaded = await upload(first, 'camera.mp4', source);
    expect(uploaded).toMatchObject({ state: 'queued', progress: 0, error: '', hls: '', poster: '' });

    const ready = await settled(first, uploaded._id);
    expect(ready).toMatchObject({ state: 'ready', progress: 100, error: '' });
    // A new file (URLs are never reused: 0004), index first; the old one is gone.
    expect(ready.video).not.toBe(uploaded.video);
    const remuxed = await storedBytes(first, ready.video);
    expect(before(boxes(remuxed), 'moov', 'mdat')).toBe(true);
    expect(Math.abs(remuxed.length - source.length)).toBeLessThan(source.length * 0.05);
    // Removed just after the row points at the new one.
    await gone(first, uploaded.video);
    expect(ready.hls).toMatch(/^\/media\/videos\/[0-9a-f]{24}\.m3u8$/);
    expect((await renditions(first, ready.hls)).map((r) => r.height)).toEqual([240]);
  });

  it('has a ladder from its own height down, never upscaled: a 480p source has no 720p', async () => {
    const uploaded = await upload(first, 'match.mp4', sizedMp4(480));
    const ready = await settled(first, uploaded._id);
    expect(ready.state).toBe('ready');
    // Index first already: the MP4 is kept as uploaded.
    expect(ready.video).toBe(uploaded.video);
    const ladder = await renditions(first, ready.hls);
    expect(ladder.map((r) => r.height)).toEqual([480, 360, 240]);
    // Its poster: a JPEG at the largest rendition's size, beside the MP4's upload-time thumbnail.
    await expectPoster(first, ready.poster, { width: 854, height: 480 });
    expect(ready.thumbnail).toBe(uploaded.thumbnail);

    // Each rendition: H.264/AAC segments of at most 6 s, as byte ranges of one served file.
    const playlist = (await media(first, ladder[0]!.url)).body;
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(durations.length).toBeGreaterThan(0);
    for (const d of durations) expect(d).toBeLessThanOrEqual(6);
    const [, length, offset, name] = /#EXT-X-BYTERANGE:(\d+)@(\d+)\n(\S+)/.exec(playlist)!;
    const segment = await getMedia(first, path.posix.join('/media/videos', name!), {
      range: `bytes=${offset}-${Number(offset) + Number(length) - 1}`,
    });
    expect(segment.status).toBe(206);
    // On a bucket the app answers with a redirect, and the Range request goes to the bucket.
    expect(segment.redirected).toBe(first.config.mediaStore.kind === 's3');
    expect(segment.body.length).toBe(Number(length));
    expect(segment.body[0]).toBe(0x47); // an MPEG-TS packet

    // The app's reply and the public feed's carry the ladder and the poster beside the MP4 (cached
    // replies: the run's end invalidated them).
    const app = await first.request({
      method: 'GET',
      url: `/api/App/video/app/category/${category._id}`,
      admin: false,
    });
    const item = (await first.json<AppVideoListReply>(app)).data.find((v) => v._id === uploaded._id);
    expect(item).toMatchObject({ hls: ready.hls, video: ready.video, poster: ready.poster });
    const served = await getMedia(first, item!.poster);
    expect(served.status).toBe(200);
    expect([...served.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await first.request({
      method: 'PUT',
      url: routes.webStatus.path,
      payload: { id: [uploaded._id], status: true },
    });
    const feed = await first.request({ method: 'GET', url: routes.feed.path, admin: false });
    expect((await first.json<FeedReply>(feed)).data.find((v) => v._id === uploaded._id)).toEqual({
      _id: uploaded._id,
      video: ready.video,
      thumbnail: ready.thumbnail,
      hls: ready.hls,
      poster: ready.poster,
    });
    expect(await mediaMismatches(first)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('ladders a portrait video by its short side: 480x854 gives 480, 360 and 240 wide, not 480 high', async () => {
    const uploaded = await upload(first, 'phone.mp4', sizedMp4(480, { portrait: true }));
    const ready = await settled(first, uploaded._id);
    expect(ready.state).toBe('ready');
    const ladder = await renditions(first, ready.hls);
    expect(ladder.map((r) => r.width)).toEqual([480, 360, 240]);
    expect(ladder[0]!.height).toBe(854);
    await expectPoster(first, ready.poster, { width: 480, height: 854 });
  });

  it('deleted forever with its ladder: every HLS file and the poster go with the MP4', async () => {
    const uploaded = await upload(first, 'short.mp4', sizedMp4(240));
    const ready = await settled(first, uploaded._id);
    await expectPoster(first, ready.poster, { width: 426, height: 240 });
    const stored = () => storedCount(first, 'videos');
    const before = await stored();
    const payload = { id: [ready._id] };
    expect((await first.request({ method: 'DELETE', url: routes.remove.path, payload })).statusCode).toBe(
      200,
    );
    // In the trash the files stay, for a restore.
    expect(await stored()).toBe(before);
    expect(await storeHas(first, ready.poster)).toBe(true);
    expect((await first.request({ method: 'DELETE', url: '/api/admin/trash', payload })).statusCode).toBe(
      200,
    );
    // MP4, thumbnail, master, poster, and one playlist and one media file for the single 240p rendition.
    expect(await stored()).toBe(before - 6);
    expect(await storeHas(first, ready.poster)).toBe(false);
  });
});

describe('failures and restarts', () => {
  let broken: Video;
  let second: TestApp;

  it('a run that fails is tried twice more, then the video is failed with the reason', async () => {
    await stop(first);
    const holding = await open(0);
    broken = await upload(holding, 'broken.mp4', sizedMp4(240));
    const good = await storedBytes(holding, broken.video);
    // The stored file turns into one ffmpeg cannot read before any process takes it.
    await overwriteStored(holding, broken.video, good.subarray(0, 600));
    await stop(holding);

    second = await open(1);
    const failed = await settled(second, broken._id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/failed|Invalid|moov/i);
    const row = await second.app.streamdesk.context.db
      .selectFrom('videos')
      .select(['attempts', 'worker', 'lease_until'])
      .where('id', '=', broken._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 3, worker: '', lease_until: null });
    await overwriteStored(second, broken.video, good);
  });

  it('Retry queues a failed video again; unknown ids are a 404 and a video not failed a 409', async () => {
    const retry = (id: string[]) =>
      second.request({ method: 'POST', url: routes.retry.path, payload: { id } });
    const unknown = await retry(['aaaaaaaaaaaaaaaaaaaaaaaa']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('No videos found for the given ids'));
    const empty = await retry([]);
    expect(empty.statusCode).toBe(400);

    const res = await retry([broken._id]);
    expect(res.statusCode).toBe(200);
    expect(await second.json(res)).toMatchObject({ status: true, retried: 1 });
    const ready = await settled(second, broken._id);
    expect(ready.state).toBe('ready');

    const again = await retry([broken._id]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody(`Only a failed video can be retried: ${broken._id}`));
  });

  it('a restart mid-run gives the video back, and a run a crashed process held is taken again', async () => {
    const uploaded = await upload(second, 'long.mp4', sizedMp4(480));
    await until(second, uploaded._id, (v) => v.state === 'processing');
    await stop(second);

    const third = await open(0);
    expect(await listed(third, uploaded._id)).toMatchObject({ state: 'queued', progress: 0 });
    // As a killed process leaves it: held by a run whose lease has run out.
    await third.app.streamdesk.context.db
      .updateTable('videos')
      .set({
        state: 'processing',
        worker: '4194000-dead.1',
        lease_until: '2026-01-01T00:00:00.000Z',
        progress: 40,
      })
      .where('id', '=', uploaded._id)
      .execute();
    await stop(third);
    // and the work folder it left.
    const work = path.join(first.config.dataDir, 'processing');
    mkdirSync(path.join(work, `4194000-dead.1.${uploaded._id}`, 'hls'), { recursive: true });

    const fourth = await open(1);
    const ready = await settled(fourth, uploaded._id);
    expect(ready.state).toBe('ready');
    expect((await renditions(fourth, ready.hls)).map((r) => r.height)).toEqual([480, 360, 240]);
    // The dead process's folder went at start; each run removes its own when it ends.
    await goneFromDisk(path.join(work, `4194000-dead.1.${uploaded._id}`));
    for (const name of readdirSync(work)) await goneFromDisk(path.join(work, name));
    expect(await mediaMismatches(fourth)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });

  it('a start makes the poster alone for a video processed before posters were made (0061)', async () => {
    // The last app opened is still running (the earlier tests stopped the others).
    const running = apps.at(-1)!;
    const uploaded = await upload(running, 'older.mp4', sizedMp4(360));
    const processed = await settled(running, uploaded._id);
    expect(processed.state).toBe('ready');
    // As a run before 0061 left it: the ladder without a poster.
    const db = running.app.streamdesk.context.db;
    const { hls_files } = await db
      .selectFrom('videos')
      .select('hls_files')
      .where('id', '=', uploaded._id)
      .executeTakeFirstOrThrow();
    const ladder = hls_files.split(' ').filter((url) => url !== processed.poster);
    await db
      .updateTable('videos')
      .set({ hls_files: ladder.join(' ') })
      .where('id', '=', uploaded._id)
      .execute();
    await running.app.streamdesk.context.media.remove(processed.poster);
    expect(await listed(running, uploaded._id)).toMatchObject({ state: 'ready', poster: '' });

    const fifth = await open(1);
    const ready = await until(fifth, uploaded._id, (v) => v.poster !== '');
    // The poster alone: the same ladder and MP4, the poster added to its files.
    expect(ready).toMatchObject({ state: 'ready', hls: processed.hls, video: processed.video });
    expect(ready.poster).not.toBe(processed.poster);
    await expectPoster(fifth, ready.poster, { width: 640, height: 360 });
    const after = await db
      .selectFrom('videos')
      .select('hls_files')
      .where('id', '=', uploaded._id)
      .executeTakeFirstOrThrow();
    expect(after.hls_files).toBe([...ladder, ready.poster].join(' '));
    // A poster made for a ladder that changed since (here: the one without a poster) is not added.
    const stale = { id: uploaded._id, video: ready.video, hls: ready.hls, hls_files: ladder.join(' ') };
    expect(await addPoster(db, { table: 'videos', video: 'video' }, stale, '/media/videos/stale.jpg')).toBe(
      false,
    );
    expect(await mediaMismatches(fifth)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
  });
});
