import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes } from '@streamdesk/contract/videos';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { connect, fieldPart, fileHead, formEnd, partEnd, wholeRequest } from '../../test/raw-upload.js';
import { form, mp4, PNG } from '../../test/media-fixtures.js';
import { storedFiles } from '../../test/stored-files.js';

/**
 * How long a body may take and how many uploads a client sends at once (body-limits.ts): an upload whose
 * client goes silent (a phone that left its network: no FIN, no RST) is cut off after
 * UPLOAD_IDLE_SECONDS, here 1; a body trickled byte by byte after BODY_DEADLINE_SECONDS, here 2; a
 * client sends UPLOADS_PER_CLIENT uploads at once, here 2. These tests speak HTTP over a raw socket on a
 * real port, so they can stop sending mid-body, which app.inject() cannot.
 */
let t: TestApp;
let port: number;
let category: VideoCategory;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_IDLE_SECONDS: '1', BODY_DEADLINE_SECONDS: '2', UPLOADS_PER_CLIENT: '2' });
  const res = await t.request({
    method: 'POST',
    url: videoCategoryRoutes.add.path,
    payload: form({ name: 'Idle' }, [{ field: 'image', name: 'c.png', data: PNG }]),
  });
  category = (await t.json<{ data: VideoCategory }>(res)).data;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** The upload's bytes: request head, the category field, then one MP4 part. */
const uploadBytes = (video: Buffer): Buffer =>
  wholeRequest(t, videoRoutes.upload.path, [
    fieldPart('category', category._id),
    fileHead('video', 'v.mp4'),
    video,
    partEnd,
    formEnd,
  ]);

/**
 * Sends `chunks` with `gapMs` between them; resolves with what came back and when the socket closed
 * (the server closes it after its reply, or when it cuts the upload off), or after `waitMs`.
 */
function send(chunks: Buffer[], gapMs: number, waitMs: number) {
  return new Promise<{ reply: string; closedAfterMs: number | undefined }>((resolve) => {
    const started = Date.now();
    let reply = '';
    let closedAfterMs: number | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      chunks.forEach((chunk, i) => setTimeout(() => socket.writable && socket.write(chunk), i * gapMs));
    });
    socket.on('data', (d: Buffer) => (reply += d.toString()));
    socket.on('error', () => {});
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ reply, closedAfterMs });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('close', () => {
      closedAfterMs = Date.now() - started;
      done();
    });
  });
}

/** The server closed the socket after about the 1 s idle time, without a reply. */
function expectCutOffAfterIdle({
  reply,
  closedAfterMs,
}: {
  reply: string;
  closedAfterMs: number | undefined;
}) {
  expect(reply).toBe('');
  expect(closedAfterMs).toBeGreaterThanOrEqual(900);
  expect(closedAfterMs).toBeLessThan(2900);
}

const libraryRows = async () =>
  (
    await t.json<{ totalRecord: number }>(
      await t.request({ method: 'GET', url: `/api/App/video/category/admin/${category._id}` }),
    )
  ).totalRecord;

describe('an upload that stops sending', () => {
  it('is cut off after the idle time, leaving no file, no partial file and no row', async () => {
    const bytes = uploadBytes(mp4(2));
    // Everything but the last 2 KB, then silence with the socket left open.
    expectCutOffAfterIdle(await send([bytes.subarray(0, bytes.length - 2048)], 0, 3000));
    // The server notices the cut-off request and removes its partial file on its own time.
    await vi.waitFor(() => expect(storedFiles(t, '.tmp')).toEqual([]), { timeout: 2000 });
    expect(storedFiles(t, 'videos')).toEqual([]);
    expect(await libraryRows()).toBe(0);
  });

  it('is not cut off while bytes keep coming, however slowly, nor while the server works on the reply', async () => {
    const bytes = uploadBytes(mp4(2));
    const quarter = Math.ceil(bytes.length / 4);
    const chunks = [0, 1, 2, 3].map((i) => bytes.subarray(i * quarter, (i + 1) * quarter));
    // 4 chunks 600 ms apart: 1.8 s in all, longer than the 1 s idle time, never 1 s without a byte.
    const { reply } = await send(chunks, 600, 6000);
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('Videos uploaded successfully!');
    await t.app.streamdesk.context.media.idle();
    expect(await libraryRows()).toBe(1);
  });

  it('cuts off a JSON body that stops half-way the same way', async () => {
    const head =
      `POST /api/App/events HTTP/1.1\r\nHost: 127.0.0.1\r\napi-key: ${TEST_API_KEY}\r\n` +
      'content-type: application/json\r\ncontent-length: 200\r\n\r\n{"events":[';
    expectCutOffAfterIdle(await send([Buffer.from(head)], 0, 3000));
  });
});

/** A JSON events body of `length` bytes, announced in full and sent a byte at a time from its head. */
const eventsHead = (apiKey: string, length: number) =>
  Buffer.from(
    `POST /api/App/events HTTP/1.1\r\nHost: 127.0.0.1\r\napi-key: ${apiKey}\r\n` +
      `content-type: application/json\r\ncontent-length: ${length}\r\n\r\n{`,
  );
const trickle = (count: number) => Array.from({ length: count }, () => Buffer.from(' '));

describe('a body trickled so that it is never idle', () => {
  it('is cut off at its deadline, without a reply', async () => {
    // A byte every 400 ms: never 1 s idle, for 8 s if let through.
    const { reply, closedAfterMs } = await send([eventsHead(TEST_API_KEY, 100), ...trickle(20)], 400, 6000);
    expect(reply).toBe('');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(closedAfterMs).toBeLessThan(3900);
  });

  it('is not read at all when its api-key is wrong: the refusal closes the connection', async () => {
    const { reply, closedAfterMs } = await send([eventsHead('wrong-key', 100), ...trickle(20)], 400, 6000);
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(reply).toContain('Invalid or missing api-key header.');
    // Closed with the reply, long before the deadline.
    expect(closedAfterMs).toBeLessThan(1500);
  });
});

describe('uploads at once from one client', () => {
  it('refuses one past UPLOADS_PER_CLIENT with a 429 before reading it, and takes one again once a slot is free', async () => {
    const bytes = uploadBytes(mp4(2));
    const head = bytes.subarray(0, 600);
    const held = [await connect(port), await connect(port)];
    for (const client of held) await client.write(head);
    // Both are being received (their hooks ran) before the third arrives.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const third = await connect(port);
    await third.write(head);
    const refused = await third.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 429/);
    expect(refused).toContain('Too many uploads at once from this browser');
    // One of the two finishes: a new upload goes through.
    await held[0]!.write(bytes.subarray(600));
    expect(await held[0]!.closed).toMatch(/^HTTP\/1\.1 200/);
    const { reply } = await send([bytes], 0, 6000);
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    held[1]!.destroy();
    await t.app.streamdesk.context.media.idle();
  });
});
