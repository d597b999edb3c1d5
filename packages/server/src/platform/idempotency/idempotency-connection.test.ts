import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { storyRoutes } from '@streamdesk/contract/stories';
import { form, mp4, ofSize, realImage } from '../../test/media-fixtures.js';
import { keyRow } from '../../test/idempotency-keys.js';
import { storedFiles } from '../../test/stored-files.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';

/**
 * Idempotent writes on a real port: a replay is answered before its body is read, so Node must drop
 * that body and keep the kept-alive connection usable; an upload cut off with its connection frees its
 * key. app.inject() has no connection to look at.
 */
let t: TestApp;
let port: number;
let connections = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  t.app.server.on('connection', () => connections++);
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

const newKey = () => randomBytes(16).toString('hex');
const auth = () => ({ 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}` });

interface Sent {
  status: number;
  replayed: string | string[] | undefined;
  body: string;
}

function call(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, replayed: res.headers['idempotent-replayed'], body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A form's bytes and content type, as a browser sends it. */
async function formBytes(...args: Parameters<typeof form>) {
  const request = new Request('http://localhost/', { method: 'POST', body: form(...args) });
  return { type: request.headers.get('content-type')!, bytes: Buffer.from(await request.arrayBuffer()) };
}

const rowsOf = async (table: 'stories' | 'live_matches') =>
  (await t.app.streamdesk.context.db.selectFrom(table).select('id').execute()).length;

describe('a replay on a kept-alive connection', () => {
  it('leaves a JSON body and an upload unread, writes no file, and the connection serves the next request', async () => {
    const json = Buffer.from(JSON.stringify({ a_name: 'KeptAlive', a_url: 'https://ads.example.com/k' }));
    const jsonHeaders = { ...auth(), 'content-type': 'application/json', 'idempotency-key': newKey() };
    const firstAd = await call('POST', liveMatchRoutes.addWebAd.path, jsonHeaders, json);
    expect(firstAd.status).toBe(200);
    const againAd = await call('POST', liveMatchRoutes.addWebAd.path, jsonHeaders, json);
    expect(againAd).toEqual({ ...firstAd, replayed: 'true' });

    // A story with a 1.5 MB video: more than the socket buffers hold at once.
    const insertData = JSON.stringify({ btnName: 'Watch', btnUrl: 'https://example.com/x' });
    const video = { field: 'video', name: 'clip.mp4', data: ofSize(mp4(2), 1_500_000), type: 'video/mp4' };
    const upload = await formBytes({ insertData }, [video]);
    const uploadHeaders = { ...auth(), 'content-type': upload.type, 'idempotency-key': newKey() };
    const firstStory = await call('POST', storyRoutes.add.path, uploadHeaders, upload.bytes);
    expect(firstStory.status).toBe(200);
    await t.app.streamdesk.context.media.idle();
    const files = storedFiles(t, 'stories');
    const againStory = await call('POST', storyRoutes.add.path, uploadHeaders, upload.bytes);
    expect(againStory).toEqual({ ...firstStory, replayed: 'true' });

    const list = await call('GET', liveMatchRoutes.webAds.path, auth());
    expect(list.status).toBe(200);
    expect(list.body).toContain('KeptAlive');
    expect(connections).toBe(1);
    await t.app.streamdesk.context.media.idle();
    expect(await rowsOf('stories')).toBe(1);
    expect(storedFiles(t, 'stories')).toEqual(files);
    expect(storedFiles(t, '.tmp')).toEqual([]);
  });
});

describe('an upload cut off with its connection', () => {
  it('frees its key: the same change sent again runs', async () => {
    const key = newKey();
    const image = { field: 'image', name: 'm.png', data: realImage('png'), type: 'image/png' };
    const upload = await formBytes({ title: 'Cut off', url: 'https://live.example.com/c' }, [image]);
    const head =
      `POST ${liveMatchRoutes.add.path} HTTP/1.1\r\nHost: 127.0.0.1\r\napi-key: ${TEST_API_KEY}\r\n` +
      `authorization: Bearer ${t.token}\r\ncontent-type: ${upload.type}\r\nidempotency-key: ${key}\r\n` +
      `content-length: ${upload.bytes.length}\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(Buffer.concat([Buffer.from(head), upload.bytes.subarray(0, upload.bytes.length >> 1)]));
    await vi.waitFor(async () => expect(await keyRow(t, key)).toBeDefined());
    socket.destroy();
    await vi.waitFor(async () => expect(await keyRow(t, key)).toBeUndefined());

    const retried = await call(
      'POST',
      liveMatchRoutes.add.path,
      { ...auth(), 'content-type': upload.type, 'idempotency-key': key },
      upload.bytes,
    );
    expect([retried.status, retried.replayed]).toEqual([200, undefined]);
    expect(await rowsOf('live_matches')).toBe(1);
  });
});
