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
import { uploadLocker } from './upload-locker.js';
import { tusRefusal } from './video-uploads.service.js';

/**
 * One PATCH at a time per upload (upload-locker.ts): a PATCH waits for the one writing the same upload,
 * in this process or, on PostgreSQL, in another process on the same database, and never interleaves
 * its bytes with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the upload locker', () => {
  it('refuses with 423 a PATCH that waited too long, after asking the holder to stop', async () => {
    const locker = uploadLocker(t.app.streamdesk.context.locks, 200);
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

  it('gives the lock to a waiting PATCH once the holder lets it go', async () => {
    const locker = uploadLocker(t.app.streamdesk.context.locks, 5000);
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
 * Two server processes on one PostgreSQL database share the uploads folder: a PATCH sent to the second
 * while the first is still receiving the same upload waits for it, then finds the offset moved (409).
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
  /** A request whose body is sent as the test says; resolves with its status and offset. */
  const open = (app: FastifyInstance, method: string, url: string, extra: Record<string, string>) => {
    const req = http.request(new URL(url, baseOf(app)), { method, agent: false, headers: headers(extra) });
    const reply = new Promise<{ status: number; offset?: string; location?: string }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            offset: res.headers['upload-offset'] as string | undefined,
            location: res.headers.location,
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

  it('holds a PATCH to the other process until the first is done, and keeps only its bytes', async () => {
    const category = await storedId(t, addCall.category());
    const video = mp4(2);
    const half = Math.floor(video.length / 2);
    const created = open(t.app, 'POST', VIDEO_UPLOADS_PATH, {
      'upload-length': String(video.length),
      'upload-metadata': `filename ${Buffer.from('two.mp4').toString('base64')},category ${Buffer.from(category).toString('base64')}`,
    });
    created.req.end();
    const location = (await created.reply).location!;
    const id = location.split('/').pop()!;

    // The first process receives the first half slowly: some bytes now, the rest later.
    const first = patchOf(t.app, location, 0, half);
    first.req.write(video.subarray(0, 1000));
    await vi.waitFor(() => expect(statSync(storedOf(id)).size).toBe(1000), { timeout: 10_000 });

    // The same range, other bytes, to the other process: it waits without writing.
    const other = Buffer.alloc(half, 0xbb);
    const second = patchOf(peer, location, 0, half);
    second.req.end(other);
    let answered = false;
    void second.reply.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(answered).toBe(false);
    expect(statSync(storedOf(id)).size).toBe(1000);

    first.req.end(video.subarray(1000, half));
    expect(await first.reply).toMatchObject({ status: 204, offset: String(half) });
    // Its turn came after the first: the offset it was sent from is no longer the upload's.
    expect((await second.reply).status).toBe(409);
    const stored = readFileSync(storedOf(id));
    expect(stored.equals(video.subarray(0, half))).toBe(true);

    const removed = open(t.app, 'DELETE', location, {});
    removed.req.end();
    expect((await removed.reply).status).toBe(204);
  });
});
