import { readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIDEO_UPLOADS_PATH } from '@streamdesk/contract/video-uploads';
import { VIDEO_MAX_BYTES, videoMessages } from '@streamdesk/contract/videos';
import { buildApp } from '../../app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { mp4, PNG, ofSize } from '../../test/media-fixtures.js';
import { createVideoUploadsService } from './video-uploads.service.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { storedBytes, storedCount } from '../../test/stored-files.js';

/**
 * Resumable library uploads (tus) through a real socket: a body cut mid-way keeps what arrived, a
 * restart loses nothing, and a finished upload becomes a library video as the form upload makes one.
 */
let t: TestApp;
let app: FastifyInstance;
let base: string;
let category: string;

const listen = async (server: FastifyInstance) => {
  await server.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  category = await storedId(t, addCall.category());
  await listen(app);
});
afterAll(async () => {
  if (app !== t.app) await app.close();
  await t.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a fresh connection; `cutAfter` sends that many bytes of `body` and drops the socket. */
function call(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
  cutAfter?: number,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, base), {
      method,
      agent: false,
      headers: {
        'api-key': TEST_API_KEY,
        authorization: `Bearer ${t.token}`,
        'tus-resumable': '1.0.0',
        // A chunked body states no length.
        ...(body && !headers['transfer-encoding'] ? { 'content-length': String(body.length) } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    if (cutAfter === undefined) {
      req.on('error', reject);
      req.end(body);
      return;
    }
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    req.write(body!.subarray(0, cutAfter), () => setImmediate(() => req.destroy()));
  });
}

const create = (size: number, fields: Record<string, string>) =>
  call('POST', VIDEO_UPLOADS_PATH, { 'upload-length': String(size), 'upload-metadata': metadata(fields) });
const patch = (location: string, offset: number, bytes: Buffer, cutAfter?: number) =>
  call(
    'PATCH',
    location,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
    cutAfter,
  );
const offsetOf = async (location: string) => {
  const res = await call('HEAD', location);
  expect(res.status).toBe(200);
  return Number(res.headers['upload-offset']);
};

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const leftInUploads = () => readdirSync(uploadsDir());
/** What is in the uploads folder but the records of finished uploads (kept a while, 0070). */
const unfinishedUploads = () =>
  leftInUploads().filter(
    (name) =>
      !name.endsWith('.json') ||
      !(JSON.parse(readFileSync(path.join(uploadsDir(), name), 'utf8')) as { finished_at?: string })
        .finished_at,
  );
const libraryVideos = () =>
  app.streamdesk.context.db.selectFrom('videos').selectAll().where('category_id', '=', category).execute();

/** Waits until the server has stored at least `bytes` of the upload (a cut body's last bytes land late). */
const storedAtLeast = (location: string, bytes: number) =>
  vi.waitFor(
    async () => {
      const offset = await offsetOf(location);
      expect(offset).toBeGreaterThanOrEqual(bytes);
      return offset;
    },
    { timeout: 15_000, interval: 100 },
  );

describe('resumable uploads (tus)', () => {
  it('resumes an upload cut at 40 % from the last byte received, and the library file is byte-identical', async () => {
    const video = mp4(100);
    const created = await create(video.length, {
      filename: 'Match day.mp4',
      filetype: 'video/mp4',
      category,
    });
    expect(created.status).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(created.headers['upload-expires']).toBeDefined();
    const location = created.headers.location!;
    expect(location).toMatch(new RegExp(`^${VIDEO_UPLOADS_PATH}/[0-9a-f]+$`));

    const cut = Math.floor(video.length * 0.4);
    await patch(location, 0, video, cut);
    // Whatever arrived before the cut is kept; nothing past it was sent.
    const offset = await storedAtLeast(location, 1);
    expect(offset).toBeLessThanOrEqual(cut);

    const done = await patch(location, offset, video.subarray(offset));
    expect(done.status).toBe(200);
    const reply = JSON.parse(done.body) as { status: boolean; message: string; data: { _id: string }[] };
    expect(reply).toMatchObject({ status: true, message: videoMessages.uploaded, rejected: [] });
    const [made] = reply.data as { _id: string; video: string; title: string; fileName: string }[];
    expect(made).toMatchObject({ title: 'Match day', fileName: 'Match day.mp4', size: video.length });

    const stored = await storedBytes(t, made!.video);
    expect(stored.equals(video)).toBe(true);
    expect(unfinishedUploads()).toEqual([]);
    // The same activity entry as the form upload: a video added, by this admin.
    const entries = await app.streamdesk.context.db
      .selectFrom('activity_log')
      .selectAll()
      .where('feature', '=', 'videos')
      .execute();
    expect(entries.map((e) => [e.action, e.person_id !== null])).toEqual([['create', true]]);
    // Asked again, the finished upload says complete: its bytes are the library's, its record stays (0070).
    expect(await offsetOf(location)).toBe(video.length);
  });

  it('loses nothing already received when the server restarts mid-upload', async () => {
    const video = mp4(60);
    const created = await create(video.length, { filename: 'restart.mp4', filetype: 'video/mp4', category });
    const location = created.headers.location!;
    const half = Math.floor(video.length / 2);
    expect((await patch(location, 0, video.subarray(0, half))).status).toBe(204);

    await app.close();
    app = await buildApp(t.config, { logger: false });
    await listen(app);

    expect(await offsetOf(location)).toBe(half);
    const done = await patch(location, half, video.subarray(half));
    expect(done.status).toBe(200);
    const rows = await libraryVideos();
    const row = rows.find((r) => r.file_name === 'restart.mp4')!;
    const stored = await storedBytes(t, row.video);
    expect(stored.equals(video)).toBe(true);
  });

  it('makes the library video on the next HEAD when the server stopped between the last byte and the row', async () => {
    const video = mp4(40);
    const created = await create(video.length, { filename: 'cut off.mp4', filetype: 'video/mp4', category });
    const location = created.headers.location!;
    const id = location.split('/').pop()!;
    // Every byte stored, as the last PATCH leaves them, and the process gone before its finish.
    expect((await patch(location, 0, video.subarray(0, 1000))).status).toBe(204);
    await app.close();
    writeFileSync(path.join(uploadsDir(), id), video);
    app = await buildApp(t.config, { logger: false });
    await listen(app);

    // A resuming client asks first; two at once (two tabs) make one video.
    const [first, second] = await Promise.all([call('HEAD', location), call('HEAD', location)]);
    const answers = [first!, second!].map((r) => [r.status, r.headers['upload-offset']]);
    expect(answers).toEqual([
      [200, String(video.length)],
      [200, String(video.length)],
    ]);
    const made = (await libraryVideos()).filter((r) => r.file_name === 'cut off.mp4');
    expect(made).toHaveLength(1);
    expect((await storedBytes(t, made[0]!.video)).equals(video)).toBe(true);
    expect(unfinishedUploads()).toEqual([]);
    expect(await offsetOf(location)).toBe(video.length);
  });

  it('refuses a PNG sent as an MP4 once it has arrived, and leaves nothing behind', async () => {
    const before = (await libraryVideos()).length;
    // MP4s only: the restart test's other app may still be writing its video's thumbnail here.
    const stored = await storedCount(t, 'videos', '.mp4');
    const png = ofSize(PNG, 4096);
    const created = await create(png.length, { filename: 'photo.mp4', filetype: 'video/mp4', category });
    const res = await patch(created.headers.location!, 0, png);
    expect([res.status, JSON.parse(res.body)]).toEqual([400, errorBody(videoMessages.notMp4('photo.mp4'))]);
    expect(unfinishedUploads()).toEqual([]);
    expect(await libraryVideos()).toHaveLength(before);
    // Nothing in the store either (a bucket with TEST_MEDIA_STORE=s3).
    expect(await storedCount(t, 'videos', '.mp4')).toBe(stored);
  });

  it('refuses a creation without a category, with an unknown one, or over 200 MB, storing nothing', async () => {
    const missing = await create(1000, { filename: 'a.mp4', filetype: 'video/mp4' });
    expect([missing.status, JSON.parse(missing.body)]).toEqual([
      400,
      errorBody(videoMessages.categoryRequired),
    ]);
    const unknown = await create(1000, { filename: 'a.mp4', category: 'nope' });
    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([
      404,
      errorBody(videoMessages.categoryNotFound),
    ]);
    const large = await create(VIDEO_MAX_BYTES + 1, { filename: 'big.mp4', category });
    expect([large.status, JSON.parse(large.body)]).toEqual([
      413,
      errorBody(videoMessages.tooLarge('big.mp4')),
    ]);
    expect(unfinishedUploads()).toEqual([]);
  });

  it('refuses bytes past the declared size while they arrive', async () => {
    const created = await create(100, { filename: 'short.mp4', category });
    const location = created.headers.location!;
    const res = await patch(location, 0, ofSize(mp4(1), 5000));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(errorBody(videoMessages.tooLarge('short.mp4')));
    expect(await offsetOf(location)).toBe(0);
    expect((await call('DELETE', location)).status).toBe(204);
    expect(unfinishedUploads()).toEqual([]);
  });

  it('cancels an upload with DELETE, removing what it sent', async () => {
    const video = mp4(1);
    const created = await create(video.length, { filename: 'c.mp4', category });
    const location = created.headers.location!;
    await patch(location, 0, video.subarray(0, 100));
    expect(unfinishedUploads().length).toBe(2);
    expect((await call('DELETE', location)).status).toBe(204);
    expect(unfinishedUploads()).toEqual([]);
    expect((await call('HEAD', location)).status).toBe(404);
  });

  it('removes unfinished uploads older than UPLOAD_EXPIRY_HOURS, and keeps younger ones', async () => {
    const old = await create(1000, { filename: 'old.mp4', category });
    const young = await create(1000, { filename: 'young.mp4', category });
    const oldId = old.headers.location!.split('/').pop()!;
    const record = path.join(uploadsDir(), `${oldId}.json`);
    const stored = JSON.parse(readFileSync(record, 'utf8')) as { creation_date: string };
    stored.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    writeFileSync(record, JSON.stringify(stored));
    utimesSync(record, new Date(), new Date());

    const { uploadExpiryMs } = t.config;
    expect(uploadExpiryMs).toBe(24 * 3600_000);
    // The service the hourly sweep calls; the sweep needs neither the library nor the categories.
    const uploads = createVideoUploadsService(app.streamdesk.context, {
      videos: undefined as never,
      categories: undefined as never,
      directory: uploadsDir(),
    });
    const removed = await uploads.removeExpired(uploadExpiryMs);
    expect(removed).toBe(1);
    expect((await call('HEAD', old.headers.location!)).status).toBe(404);
    expect(await offsetOf(young.headers.location!)).toBe(0);
    await call('DELETE', young.headers.location!);
  });

  it('answers a finished upload whose last answer was lost as complete, and makes no second video', async () => {
    const video = mp4(50);
    const created = await create(video.length, {
      filename: 'lost answer.mp4',
      filetype: 'video/mp4',
      category,
    });
    const location = created.headers.location!;
    const made = async () => (await libraryVideos()).filter((r) => r.file_name === 'lost answer.mp4');
    // Every byte sent and the video made, but the answer lost on its way (a proxy timeout, a laptop asleep).
    await patch(location, 0, video);
    // What tus-js-client asks next: never 404 (it would send the whole file again as a new upload).
    const head = await call('HEAD', location);
    expect([head.status, head.headers['upload-offset']]).toEqual([200, String(video.length)]);
    expect(head.headers).toMatchObject({
      'tus-resumable': '1.0.0',
      'upload-length': String(video.length),
      'cache-control': 'no-store',
    });
    expect(await made()).toHaveLength(1);

    // The last PATCH again, at the end (another client, or a retry that skipped the HEAD): said done, nothing made.
    const again = await patch(location, video.length, Buffer.alloc(0));
    expect([again.status, again.headers['upload-offset'], again.headers['tus-resumable']]).toEqual([
      204,
      String(video.length),
      '1.0.0',
    ]);
    expect(await made()).toHaveLength(1);
    expect((await storedBytes(t, (await made())[0]!.video)).equals(video)).toBe(true);
    // Anything else is refused, as for any finished upload: other bytes, more bytes, a cancel.
    const early = await patch(location, 10, video.subarray(10));
    expect([early.status, JSON.parse(early.body).status]).toEqual([409, false]);
    const more = await patch(location, video.length, Buffer.alloc(10));
    expect([more.status, JSON.parse(more.body)]).toEqual([
      413,
      errorBody(videoMessages.tooLarge('lost answer.mp4')),
    ]);
    // A chunked body states no length: refused if it sends any byte, said done if it sends none.
    const chunked = (bytes: Buffer) =>
      call(
        'PATCH',
        location,
        {
          'upload-offset': String(video.length),
          'content-type': 'application/offset+octet-stream',
          'transfer-encoding': 'chunked',
        },
        bytes,
      );
    const moreChunked = await chunked(Buffer.alloc(10));
    expect([moreChunked.status, JSON.parse(moreChunked.body)]).toEqual([
      413,
      errorBody(videoMessages.tooLarge('lost answer.mp4')),
    ]);
    expect((await chunked(Buffer.alloc(0))).status).toBe(204);
    expect((await call('DELETE', location)).status).toBe(400);
    expect(await made()).toHaveLength(1);
    // Only the finished upload's record is left: its bytes are the library's.
    expect(leftInUploads()).toContain(`${location.split('/').pop()}.json`);
    expect(unfinishedUploads()).toEqual([]);
  });

  it('answers a HEAD that comes while the last PATCH makes the video with the full offset, once made', async () => {
    const video = mp4(30);
    const created = await create(video.length, { filename: 'in between.mp4', category });
    const location = created.headers.location!;
    const id = location.split('/').pop()!;
    // The finish held at its lock (as a slow probe or a busy database would hold it).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = app.streamdesk.context.locks.run('video_uploads', [id], () => held);
    const last = patch(location, 0, video);
    await vi.waitFor(() => expect(statSync(path.join(uploadsDir(), id)).size).toBe(video.length));
    const head = call('HEAD', location);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await holding;
    expect((await last).status).toBe(200);
    const asked = await head;
    expect([asked.status, asked.headers['upload-offset']]).toEqual([200, String(video.length)]);
    expect((await libraryVideos()).filter((r) => r.file_name === 'in between.mp4')).toHaveLength(1);
  });

  it("removes a finished upload's record UPLOAD_EXPIRY_HOURS after its finish, and then says it is gone", async () => {
    const video = mp4(10);
    const older = await create(video.length, { filename: 'older.mp4', category });
    const newer = await create(video.length, { filename: 'newer.mp4', category });
    expect((await patch(older.headers.location!, 0, video)).status).toBe(200);
    expect((await patch(newer.headers.location!, 0, video)).status).toBe(200);
    const olderRecord = path.join(uploadsDir(), `${older.headers.location!.split('/').pop()}.json`);
    const newerRecord = path.join(uploadsDir(), `${newer.headers.location!.split('/').pop()}.json`);
    // Both created a day ago; the older finished a day ago, the newer just now.
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    const back = (file: string, fields: Record<string, string>) =>
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...fields }));
    back(olderRecord, { creation_date: dayAgo, finished_at: dayAgo });
    back(newerRecord, { creation_date: dayAgo });

    const uploads = createVideoUploadsService(app.streamdesk.context, {
      videos: undefined as never,
      categories: undefined as never,
      directory: uploadsDir(),
    });
    expect(await uploads.removeExpired(t.config.uploadExpiryMs)).toBe(1);
    expect((await call('HEAD', older.headers.location!)).status).toBe(404);
    expect(await offsetOf(newer.headers.location!)).toBe(video.length);
  });

  it('asks for the admin token and the api-key like every admin call', async () => {
    const noToken = await call('POST', VIDEO_UPLOADS_PATH, { authorization: '', 'upload-length': '10' });
    expect(noToken.status).toBe(401);
    const noKey = await call('POST', VIDEO_UPLOADS_PATH, { 'api-key': 'wrong-key-0123456789' });
    expect(noKey.status).toBe(403);
  });
});
