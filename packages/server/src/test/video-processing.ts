import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { mediaBinaries } from '../platform/media/media-binaries.js';
import { PNG, sizedMp4 } from './media-fixtures.js';
import { errorBody, TEST_API_KEY, type TestApp } from './test-app.js';
import { getMedia, storedBytes, storeHas } from './stored-files.js';

// What the processing tests (library videos, reels, stories, in-house ads) read of a processed video:
// its MP4's boxes, its ladder's playlists, files that go, its percent in the app's cached list.

/** A media URL's text, as a player reads it (through the redirect to a bucket). */
export const media = async (t: TestApp, url: string) => {
  const res = await getMedia(t, url);
  expect(res.status).toBe(200);
  return { body: res.body.toString() };
};

/** Waits until the store no longer has `url`. */
export async function gone(t: TestApp, url: string) {
  for (let tries = 0; await storeHas(t, url); tries++) {
    if (tries > 300) throw new Error(`${url} is still there`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The top-level MP4 boxes' types, in order. */
export function boxes(data: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= data.length;) {
    const size = data.readUInt32BE(at);
    types.push(data.toString('latin1', at + 4, at + 8));
    at += size === 1 ? Number(data.readBigUInt64BE(at + 8)) : size || data.length;
  }
  return types;
}
export const before = (list: string[], a: string, b: string) =>
  list.indexOf(a) >= 0 && list.indexOf(a) < list.indexOf(b);

/** The master playlist's renditions: resolution and playlist URL. */
export async function renditions(t: TestApp, master: string) {
  const text = (await media(t, master)).body;
  return [...text.matchAll(/RESOLUTION=(\d+)x(\d+).*\n(\S+)/g)].map(([, width, height, uri]) => ({
    width: Number(width),
    height: Number(height),
    url: path.posix.join(path.posix.dirname(master), uri!),
  }));
}

/** An image's size in pixels, as ffprobe reads it. */
export function imageSize(bytes: Buffer): { width: number; height: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streamdesk-image-'));
  try {
    const file = path.join(dir, 'image.jpg');
    writeFileSync(file, bytes);
    const args = ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'json', file];
    const { streams } = JSON.parse(execFileSync(mediaBinaries().ffprobe, args, { encoding: 'utf8' })) as {
      streams: { width: number; height: number }[];
    };
    return { width: streams[0]!.width, height: streams[0]!.height };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A processed video's poster (0061): a stored JPEG (its magic bytes) in the video's folder, at the size
 * of the ladder's largest rendition.
 */
export async function expectPoster(t: TestApp, url: string, size: { width: number; height: number }) {
  expect(url).toMatch(/^\/media\/[a-z-]+\/[0-9a-f]{24}\.jpg$/);
  const bytes = await storedBytes(t, url);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(imageSize(bytes)).toEqual(size);
}

/** Polls `read` until `done` holds (a loaded 2-core machine transcodes slowly: a long limit). */
export async function polled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Processed = { _id: string; state: string; progress: number };

/**
 * A launch list's app read while one of its videos is processed (0059): the percent reaches the cached
 * page (the list was cached at the take, at 0%: only a progress write's drop shows it), and the launch
 * reply, dropped with it, names the version page 1 answers with. `list` is the launch reply's name for
 * it, `page1` page 1's URL; `inApp` reads the item as the app does. Answers once the percent was seen.
 */
export async function expectPercentInLaunchList(
  t: TestApp,
  {
    list,
    page1,
    id,
    inApp,
  }: { list: string; page1: string; id: string; inApp: () => Promise<Processed | undefined> },
) {
  const app = { admin: false, headers: { 'api-key': TEST_API_KEY } } as const;
  /** The version of page 1 the launch reply names (an app reads it at each start). */
  const named = async () =>
    (await t.request({ method: 'GET', url: '/api/App/Controler/app/loadCheck', ...app })).json<{
      data: { lists: Record<string, { version: string }> };
    }>().data.lists[list]!.version;
  // The launch reply is read meanwhile, as apps starting do: cached, it names the version of then.
  const seen = await polled(
    async () => {
      await named();
      return inApp();
    },
    (item) => (item?.state === 'processing' && item.progress > 0) || item?.state === 'ready',
  );
  expect(seen).toMatchObject({ state: 'processing' });
  expect(seen!.progress).toBeGreaterThan(0);
  expect(seen!.progress).toBeLessThan(100);
  // Read between two launch replies that agree (no progress write in between), page 1 is that version.
  const reads = await polled(
    async () => {
      const first = await named();
      const page = (await t.request({ method: 'GET', url: page1, ...app })).json<{
        version: string;
        data: Processed[];
        ads?: Processed[];
      }>();
      return { first, page, second: await named() };
    },
    (r) => r.first === r.second,
  );
  const items = [...reads.page.data, ...(reads.page.ads ?? [])];
  if (items.some((item) => item._id === id && item.state === 'processing'))
    expect(reads.page.version).toBe(reads.first);
}

/**
 * A video damaged after its upload, and a thumbnail, stored in `folder` as an upload would be: the
 * row a test inserts for them (queued) is tried by the queue and fails. Answers their URLs.
 */
export async function storeBrokenVideo(t: TestApp, folder: string) {
  const { media: store, config } = t.app.streamdesk.context;
  const file = (name: string, data: Buffer) => {
    const at = path.join(config.dataDir, name);
    writeFileSync(at, data);
    return at;
  };
  const video = await store.put(file('broken.mp4', sizedMp4(240).subarray(0, 600)), folder, 'mp4');
  const thumbnail = await store.put(file('broken.png', PNG), folder, 'png');
  return { video: video.url, thumbnail: thumbnail.url, file };
}

type QueueTableName = 'reels' | 'stories' | 'inhouse_ads';

/** A row the queue gave up on: three runs, no hold left, ffmpeg's reason kept. */
export async function expectGivenUp(t: TestApp, table: QueueTableName, id: string) {
  const row = await t.app.streamdesk.context.db
    .selectFrom(table)
    .select(['attempts', 'worker', 'lease_until', 'error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ attempts: 3, worker: '', lease_until: null });
  expect(row.error).toMatch(/failed|Invalid|moov/i);
}

/**
 * A Retry's refusals and its reply (0059), with the queue stopped first so that what it queues stays
 * queued to be looked at: unknown ids are a 404 (`notFound`), none a 400, and unknown ids among known
 * ones are ignored, as in every bulk action (the reply says `retried`).
 */
export async function expectRetryQueues(
  t: TestApp,
  {
    path: url,
    failedId,
    notFound,
    retried,
  }: { path: string; failedId: string; notFound: string; retried: string },
) {
  await t.app.streamdesk.context.videoQueue.stop();
  const retry = (id: string[]) => t.request({ method: 'POST', url, payload: { id } });
  const unknown = await retry(['aaaaaaaaaaaaaaaaaaaaaaaa']);
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual(errorBody(notFound));
  expect((await retry([])).statusCode).toBe(400);
  const res = await retry([failedId, 'aaaaaaaaaaaaaaaaaaaaaaaa']);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ status: true, message: retried, retried: 1 });
  return retry;
}

/**
 * A retried row: its run count starts again with no reason left, and the activity log has only its
 * creation (the queue's writes are not something a person did).
 */
export async function expectRequeued(t: TestApp, table: QueueTableName, feature: string, ids: string[]) {
  const { db } = t.app.streamdesk.context;
  const rows = await db.selectFrom(table).select(['attempts', 'error']).where('id', 'in', ids).execute();
  expect(rows).toEqual(ids.map(() => ({ attempts: 0, error: '' })));
  const entries = await db
    .selectFrom('activity_log')
    .select(['action', 'feature', 'item_id'])
    .where('feature', '=', feature)
    .where('item_id', '=', ids[0]!)
    .execute();
  expect(entries).toEqual([{ action: 'create', feature, item_id: ids[0] }]);
}
