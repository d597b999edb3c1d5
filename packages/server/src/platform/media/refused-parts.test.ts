import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaLimits, mediaMessages } from '@streamdesk/contract/media';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { addTestUploadRoute } from '../../test/upload-route.js';
import { form, mp4, ofSize, PNG } from '../../test/media-fixtures.js';

/**
 * Refused parts over a real port: app.inject() hands the parser the whole body at once, so a part refused
 * mid-way never stops the rest being read there. Over a socket it arrives in 64 KB reads, as it does from
 * a browser.
 */
let t: TestApp;
let port: number;
let agent: http.Agent;
const VIDEO_LIMIT = 400_000;

beforeAll(async () => {
  t = await createTestApp();
  addTestUploadRoute(t.app, {
    path: '/api/test/refused',
    folder: 'refused',
    videoMaxBytes: VIDEO_LIMIT,
    maxCount: 5,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => agent.destroy());
afterAll(() => t.close());
beforeEach(() => {
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});

const filesIn = (folder: string) => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', folder));
  } catch {
    return [];
  }
};

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The local port of the connection it came on (the same for a reused keep-alive connection). */
  via: number | undefined;
}

/** POSTs `body` through the keep-alive agent in 64 KB writes, as a browser streams an upload. */
async function post(url: string, body: FormData | undefined, headers: Record<string, string> = {}) {
  const encoded = body && new Response(body);
  const bytes = encoded ? Buffer.from(await encoded.arrayBuffer()) : Buffer.alloc(0);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      agent,
      method: body ? 'POST' : 'GET',
      path: url,
      headers: {
        'api-key': TEST_API_KEY,
        authorization: `Bearer ${t.token}`,
        ...(encoded && {
          'content-type': encoded.headers.get('content-type')!,
          'content-length': String(bytes.length),
        }),
        ...headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>,
          via: req.socket?.localPort,
        }),
      );
    });
    let at = 0;
    const write = () => {
      while (at < bytes.length) {
        const piece = bytes.subarray(at, (at += 64 * 1024));
        if (!req.write(piece)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

const videos = (files: { name: string; data: Buffer }[]) =>
  form(
    { title: 'kept' },
    files.map((f) => ({ field: 'video', ...f })),
  );
// Random bytes bigger than the parser's first chunk, so the refusal comes mid-part.
const fake = randomBytes(300 * 1024);

describe('a batch goes on past a refused part, reading it to its end and keeping none of it', () => {
  it.each([
    ['a, bad, b', ['a.mp4', 'fake.mp4', 'b.mp4']],
    ['bad, a, b', ['fake.mp4', 'a.mp4', 'b.mp4']],
  ])('keeps both good videos and names the bad one in the order %s', async (_order, names) => {
    const before = filesIn('refused').length;
    const files = names.map((name) => ({ name, data: name === 'fake.mp4' ? fake : mp4() }));
    const res = await post('/api/test/refused', videos(files), { 'x-skip': '1' });
    expect([res.status, res.body.fields, res.body.names, res.body.rejected]).toEqual([
      200,
      { title: 'kept' },
      names.filter((n) => n !== 'fake.mp4'),
      [{ field: 'video', filename: 'fake.mp4', statusCode: 400, message: mediaMessages.video }],
    ]);
    expect(filesIn('refused').length).toBe(before + 2);
    expect(filesIn('.tmp')).toEqual([]);
  });

  it('refuses a part over the size limit mid-stream and keeps the good ones around it', async () => {
    const before = filesIn('refused').length;
    const res = await post(
      '/api/test/refused',
      videos([
        { name: 'a.mp4', data: mp4() },
        { name: 'huge.mp4', data: ofSize(mp4(), VIDEO_LIMIT * 3) },
        { name: 'b.mp4', data: mp4() },
      ]),
      { 'x-skip': '1' },
    );
    expect([res.status, res.body.names, res.body.rejected]).toEqual([
      200,
      ['a.mp4', 'b.mp4'],
      [{ field: 'video', filename: 'huge.mp4', statusCode: 413, message: mediaMessages.videoSize }],
    ]);
    expect(filesIn('refused').length).toBe(before + 2);
    expect(filesIn('.tmp')).toEqual([]);
  }, 10_000);
});

describe('the connection after a refused upload', () => {
  it.each([
    ['an image over its size limit', 413, { name: 'big.png', data: ofSize(PNG, 2 * mediaLimits.image) }],
    ['a file of the wrong type', 400, { name: 'fake.png', data: randomBytes(2 * mediaLimits.image) }],
  ])(
    'serves the next request after %s',
    async (_what, status, image) => {
      // The part after the refused one is never read: the request ends early, with much of its body unread.
      const after = { field: 'video', name: 'after.mp4', data: randomBytes(4 * mediaLimits.image) };
      const refused = await post('/api/test/refused', form({}, [{ field: 'image', ...image }, after]));
      expect(refused.status).toBe(status);
      // Either the reply says the connection closes, or the connection really is ready for another request.
      const next = await post('/api/admin/system/stats', undefined);
      expect(next.status).toBe(200);
      if (refused.headers.connection === 'keep-alive') expect(next.via).toBe(refused.via);
      expect(filesIn('.tmp')).toEqual([]);
    },
    10_000,
  );
});
