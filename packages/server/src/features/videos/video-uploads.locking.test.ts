import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIDEO_UPLOADS_PATH, videoUploadMessages } from '@streamdesk/contract/video-uploads';
import { buildApp } from '../../app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { mp4 } from '../../test/media-fixtures.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import type { ProcessNotices } from '../../platform/db/process-notices.js';
import { storedBytes } from '../../test/stored-files.js';
import { UploadLocker } from './upload-locker.js';
import { tusRefusal } from './video-uploads.service.js';

/**
 * One PATCH at a time per upload (upload-locker.ts): a PATCH waits for the one writing the same upload,
 * in this process or, on PostgreSQL, in another process on the same database, and never interleaves
 * its bytes with it; it asks that one to stop (its client has most likely come back), in either process.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the upload locker', () => {
  it('refuses with 423 a PATCH that waited too long, after asking the holder to stop', async () => {
    const locker = new UploadLocker(t.app.streamdesk.context.locks, { waitMs: 200 });
    const first = locker.newLock('u1');
    const askedToStop = vi.fn();
    await first.lock(new AbortController().signal, askedToStop);
    const second = locker.newLock('u1');
    await expect(second.lock(new AbortController().signal, () => {})).rejects.toEqual(
      tusRefusal(423, videoUploadMessages.locked),
    );
    expect(askedToStop).toHaveBeenCalledOnce();
    // Another upload is not held by it.
    const other = locker.newLock('u2');
    await other.lock(new AbortController().signal, () => {});
    await other.unlock();
    await first.unlock();
    const third = locker.newLock('u1');
    await third.lock(new AbortController().signal, () => {});
    await third.unlock();
  });

  it('asks its holder of an upload to stop for another process, not for its own notices', async () => {
    const sent: string[] = [];
    let hear!: (notice: string) => void;
    const notices: ProcessNotices = {
      send: async (_channel, notice) => void sent.push(notice),
      listen: async (_channel, onNotice) => void (hear = onNotice),
      close: async () => {},
    };
    const here = new UploadLocker(t.app.streamdesk.context.locks, { notices });
    const there = new UploadLocker(t.app.streamdesk.context.locks, { notices });
    await here.listen();
    const held = here.newLock('u5');
    const askedToStop = vi.fn();
    await held.lock(new AbortController().signal, askedToStop);
    here.askOthers('u5'); // its own notice comes back to it
    hear(sent[0]!);
    there.askOthers('u6'); // another upload
    hear(sent[1]!);
    await Promise.resolve();
    expect(askedToStop).not.toHaveBeenCalled();
    there.askOthers('u5');
    hear(sent[2]!);
    await vi.waitFor(() => expect(askedToStop).toHaveBeenCalledOnce());
    await held.unlock();
  });

  it('gives the lock to a waiting PATCH once the holder lets it go', async () => {
    const locker = new UploadLocker(t.app.streamdesk.context.locks, { waitMs: 5000 });
    const first = locker.newLock('u3');
    await first.lock(new AbortController().signal, () => {});
    let got = false;
    const second = locker.newLock('u3');
    const waiting = second.lock(new AbortController().signal, () => {}).then(() => (got = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toBe(false);
    await first.unlock();
    await waiting;
    await second.unlock();
  });
});

/**
 * Two server processes on one PostgreSQL database share the uploads folder: a request for an upload the
 * other process is receiving asks it to stop (a NOTIFY), waits for it, then goes on from what it stored.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one database', () => {
  let peer: FastifyInstance;
  const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  beforeAll(async () => {
    peer = await buildApp(t.config, { logger: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await peer.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => peer.close());

  const headers = (extra: Record<string, string>) => ({
    'api-key': TEST_API_KEY,
    authorization: `Bearer ${t.token}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });
  /** A request whose body is sent as the test says; resolves with its status, offset and body. */
  const open = (app: FastifyInstance, method: string, url: string, extra: Record<string, string>) => {
    const req = http.request(new URL(url, baseOf(app)), { method, agent: false, headers: headers(extra) });
    type Reply = { status: number; offset?: string; location?: string; body: string };
    const reply = new Promise<Reply>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            offset: res.headers['upload-offset'] as string | undefined,
            location: res.headers.location,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
    });
    return { req, reply };
  };
  const patchOf = (app: FastifyInstance, location: string, offset: number, length: number) =>
    open(app, 'PATCH', location, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    });
  // Read from the shared folder: a HEAD takes the upload's lock too (and would ask this process's PATCH
  // to stop, as a resuming client means it to).
  const storedOf = (id: string) => path.join(t.config.dataDir, 'uploads', id);

  /** A new upload of `video`, created through the first process; its location and id. */
  const created = async (video: Buffer, name: string) => {
    const category = await storedId(t, addCall.category());
    const metadata = { filename: name, filetype: 'video/mp4', category };
    const post = open(t.app, 'POST', VIDEO_UPLOADS_PATH, {
      'upload-length': String(video.length),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    });
    post.req.end();
    const location = (await post.reply).location!;
    return { location, id: location.split('/').pop()! };
  };

  /** A PATCH to the first process that sends 1000 bytes, then nothing (its client's connection dropped). */
  const stalled = async (video: Buffer, location: string, id: string) => {
    const stale = patchOf(t.app, location, 0, video.length);
    stale.req.on('error', () => {}); // the server may close it once it has answered
    stale.req.write(video.subarray(0, 1000));
    await vi.waitFor(() => expect(statSync(storedOf(id)).size).toBe(1000), { timeout: 10_000 });
    return stale;
  };

  it('resumes at once in the other process: the stale PATCH is asked to stop, and the file is whole', async () => {
    const video = mp4(2);
    const { location, id } = await created(video, 'resumed.mp4');
    const stale = await stalled(video, location, id);

    // The client's resume reaches the other process. Unasked, the first would hold the upload until its
    // socket timed out, and the HEAD would get 423 after 30 s: asked, it ends with what it stored.
    const head = open(peer, 'HEAD', location, {});
    head.req.end();
    expect(await head.reply).toMatchObject({ status: 200, offset: '1000' });
    expect(await stale.reply).toMatchObject({ status: 204, offset: '1000' });

    const rest = patchOf(peer, location, 1000, video.length - 1000);
    rest.req.end(video.subarray(1000));
    const done = await rest.reply;
    expect(done.status).toBe(200);
    const [made] = (JSON.parse(done.body) as { data: { video: string }[] }).data;
    expect((await storedBytes(t, made!.video)).equals(video)).toBe(true);
  });

  it('stops the first PATCH for one to the other process, which then finds the offset moved', async () => {
    const video = mp4(2);
    const half = Math.floor(video.length / 2);
    const { location, id } = await created(video, 'two.mp4');
    const first = await stalled(video, location, id);

    // The same range, other bytes, to the other process: it waits for the first without writing.
    const second = patchOf(peer, location, 0, half);
    second.req.end(Buffer.alloc(half, 0xbb));
    expect(await first.reply).toMatchObject({ status: 204, offset: '1000' });
    // Its turn came after the first's: the offset it was sent from is no longer the upload's.
    expect((await second.reply).status).toBe(409);
    expect(readFileSync(storedOf(id)).equals(video.subarray(0, 1000))).toBe(true);

    const removed = open(t.app, 'DELETE', location, {});
    removed.req.end();
    expect((await removed.reply).status).toBe(204);
  });
});
