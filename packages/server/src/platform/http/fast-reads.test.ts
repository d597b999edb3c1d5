import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllerRoutes as r } from '@streamdesk/contract/controller';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { AppCache } from '../app-cache.js';
import { FastReads } from './fast-reads.js';

/**
 * The fast path sits in the server's request handler, in front of Fastify; app.inject() does not pass
 * through it, so these tests listen on a port. They use node:http rather than fetch, which would add its
 * own Accept-Encoding and decode gzip bodies out of sight.
 */
let t: TestApp;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

interface Res {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request written byte for byte, for what node:http will not send (a header twice, a GET with a body). */
function sendRaw(path: string, headerLines: string[], body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        [`GET ${path} HTTP/1.1`, 'host: 127.0.0.1', ...headerLines, 'connection: close', '', body].join(
          '\r\n',
        ),
      ),
    );
    let text = '';
    socket
      .setEncoding('latin1')
      .on('data', (chunk: string) => (text += chunk))
      .on('end', () => resolve(Number(text.split(' ')[1])))
      .on('error', reject);
  });
}

const key = { 'api-key': TEST_API_KEY };
const hits = () => t.app.fastReads.hits;
/** Empties the app cache, so the next read of any URL goes through Fastify. */
const fresh = () => t.app.streamdesk.context.cache.clear();
const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

/** The same request twice from a fresh cache: answered by Fastify, then by the fast path. */
async function twice(path: string, headers: Record<string, string> = key): Promise<[Res, Res]> {
  fresh();
  const before = hits();
  const slow = await send(path, headers);
  expect(hits()).toBe(before);
  const fast = await send(path, headers);
  expect(hits()).toBe(before + 1);
  expect({ ...fast, headers: withoutDate(fast.headers) }).toEqual({
    ...slow,
    headers: withoutDate(slow.headers),
  });
  return [slow, fast];
}

const admin = () => ({ ...key, authorization: `Bearer ${t.token}` });
const setMaintenance = (status: boolean) =>
  t.request({ method: 'PUT', url: r.flag.path, payload: { name: 'maintenance', status } });

describe('fast reads', () => {
  it('answers a repeated app read from memory with the reply Fastify gave', async () => {
    const [slow] = await twice(r.maintenance.path);
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body.toString())).toMatchObject({ status: true, maintenance: false });
    expect(slow.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-length': String(slow.body.length),
      connection: 'keep-alive',
      etag: expect.stringMatching(/^"[\w-]+"$/),
    });
    // Small bodies go out as they are, whatever the client accepts.
    expect(slow.headers.vary).toBeUndefined();
    const [gz] = await twice(r.maintenance.path, { ...key, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBeUndefined();
  });

  it('sends non-ASCII text byte for byte on both paths, plain and gzipped', async () => {
    const message = 'रखरखाव चल रहा है — 10 मिनट';
    const put = await t.request({
      method: 'PUT',
      url: r.text.path,
      payload: { field: 'maintenanceMessage', url: message },
    });
    expect(put.statusCode).toBe(200);
    const [, fast] = await twice(r.maintenance.path);
    expect(JSON.parse(fast.body.toString('utf8'))).toMatchObject({ maintenanceMessage: message });
    const [, fastGz] = await twice(r.loadCheck.path, { ...key, 'accept-encoding': 'gzip' });
    expect(fastGz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(fastGz.body).toString('utf8')).toContain(message);
  });

  it('leaves a bad or missing api-key on a recorded URL to the guard: 403 with the error shape', async () => {
    await twice(r.maintenance.path);
    const before = hits();
    const refused: Record<string, string>[] = [{}, { 'api-key': 'wrong-key-0123456789' }, { 'api-key': '' }];
    for (const headers of refused) {
      const res = await send(r.maintenance.path, headers);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body.toString())).toEqual(errorBody('Invalid or missing api-key header.'));
    }
    expect(hits()).toBe(before);
  });

  it('serves the new data right after an admin write, never a stale reply', async () => {
    const read = async () => JSON.parse((await send(r.maintenance.path, key)).body.toString()) as object;
    try {
      await twice(r.maintenance.path);
      expect((await setMaintenance(true)).statusCode).toBe(200);
      const before = hits();
      expect(await read()).toMatchObject({ maintenance: true });
      expect(hits()).toBe(before);
      expect(await read()).toMatchObject({ maintenance: true });
      expect(hits()).toBe(before + 1);
    } finally {
      await setMaintenance(false);
    }
  });

  it('answers 304 to a matching If-None-Match on both paths', async () => {
    const [{ headers }] = await twice(r.maintenance.path);
    const etag = headers.etag as string;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const [slow] = await twice(r.maintenance.path, { ...key, 'if-none-match': inm });
      expect([inm, slow.status, slow.body.length]).toEqual([inm, 304, 0]);
      expect(slow.headers).toMatchObject({ etag, 'cache-control': 'no-cache' });
      expect(slow.headers['content-length']).toBeUndefined();
    }
    const [other] = await twice(r.maintenance.path, { ...key, 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
  });

  it('reads header names in any case, as OkHttp and URLSession send them', async () => {
    const headers = { 'Api-Key': TEST_API_KEY, 'Accept-Encoding': 'gzip' };
    const [slow] = await twice(r.loadCheck.path, headers);
    expect(slow.headers['content-encoding']).toBe('gzip');
    const etag = slow.headers.etag as string;
    const [revalidated] = await twice(r.loadCheck.path, { ...headers, 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
  });

  it('leaves a repeated api-key or If-None-Match, and a GET with a body, to Fastify', async () => {
    const [{ headers }] = await twice(r.maintenance.path);
    const before = hits();
    // Node joins the copies ("k, k"): no api-key is that, so the guard refuses it.
    expect(await sendRaw(r.maintenance.path, [`api-key: ${TEST_API_KEY}`, `Api-Key: ${TEST_API_KEY}`])).toBe(
      403,
    );
    // Joined, the two ETags are a list, and one of them matches.
    const inm = [`api-key: ${TEST_API_KEY}`, 'if-none-match: "other"', `if-none-match: ${headers.etag}`];
    expect(await sendRaw(r.maintenance.path, inm)).toBe(304);
    expect(await sendRaw(r.maintenance.path, [`api-key: ${TEST_API_KEY}`, 'content-length: 2'], 'hi')).toBe(
      200,
    );
    expect(hits()).toBe(before);
    expect(await sendRaw(r.maintenance.path, [`API-KEY: ${TEST_API_KEY}`, 'content-length: 0'])).toBe(200);
    expect(hits()).toBe(before + 1);
  });

  it('sends bodies over 1 KB gzipped when the client accepts gzip, with their own ETag', async () => {
    const [plain] = await twice(r.loadCheck.path);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const [gz] = await twice(r.loadCheck.path, { ...key, 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers).toMatchObject({
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(gz.body.length),
      etag: `${(plain.headers.etag as string).slice(0, -1)}-gz"`,
    });
    expect(gz.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    for (const ae of ['gzip;q=0', 'identity', 'br', 'gzip;q=0.5, identity;q=1']) {
      const [res] = await twice(r.loadCheck.path, { ...key, 'accept-encoding': ae });
      expect([ae, res.headers['content-encoding'], res.headers.etag]).toEqual([
        ae,
        undefined,
        plain.headers.etag,
      ]);
      expect(res.body.equals(plain.body)).toBe(true);
    }

    // Each variant is revalidated with its own ETag.
    const gzip = { ...key, 'accept-encoding': 'gzip' };
    const [revalidated] = await twice(r.loadCheck.path, { ...gzip, 'if-none-match': gz.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.vary).toBe('accept-encoding');
    const [crossed] = await twice(r.loadCheck.path, { ...gzip, 'if-none-match': plain.headers.etag! });
    expect(crossed.status).toBe(200);
  });

  it('counts an app open for every loadCheck, fast ones and 304s included', async () => {
    const opens = async () =>
      (await t.json<{ appOpens: number }>(await t.request({ method: 'GET', url: r.get.path }))).appOpens;
    const before = await opens();
    const [first] = await twice(r.loadCheck.path);
    const fastBefore = hits();
    await send(r.loadCheck.path, { ...key, 'if-none-match': first.headers.etag as string });
    expect(hits()).toBe(fastBefore + 1);
    expect(await opens()).toBe(before + 3);
    // A launch as the apps make it: gzip accepted, the gzip reply's ETag sent back, a 304 from memory.
    const gzip = { ...key, 'accept-encoding': 'gzip' };
    const etag = (await send(r.loadCheck.path, gzip)).headers.etag as string;
    expect(etag).toMatch(/-gz"$/);
    const launch = await send(r.loadCheck.path, { ...gzip, 'if-none-match': etag });
    expect([launch.status, launch.body.length]).toEqual([304, 0]);
    expect(hits()).toBe(fastBefore + 3);
    expect(await opens()).toBe(before + 5);
  });

  it('leaves other methods, admin reads and unrecorded URLs to Fastify', async () => {
    await twice(r.maintenance.path);
    const before = hits();
    expect((await send(r.maintenance.path, key, 'HEAD')).status).toBe(200);
    expect((await send(r.maintenance.path, key, 'POST')).status).toBe(405);
    expect((await send(`${r.maintenance.path}?x=1`, key)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await send(r.get.path, admin())).status).toBe(200);
    expect(hits()).toBe(before);
  });
});

describe('FastReads URL table', () => {
  const request = (url: string) => ({ method: 'GET', url, rawHeaders: ['api-key', 'k'] }) as IncomingMessage;
  const response = () => ({ writeHead: () => undefined, end: () => undefined }) as unknown as ServerResponse;

  it('keeps at most maxUrls URLs, forgetting the oldest', async () => {
    const cache = new AppCache();
    await cache.get('k', ['t'], async () => ({ status: true }));
    const fast = new FastReads(cache, (given) => given === 'k', 2);
    for (const url of ['/a', '/b', '/c']) fast.record(url, 'k', undefined);
    expect(fast.size).toBe(2);
    expect(fast.serve(request('/a'), response())).toBe(false);
    expect(fast.serve(request('/b'), response())).toBe(true);
    expect(fast.serve(request('/c'), response())).toBe(true);
    for (let i = 0; i < 5000; i++) fast.record(`/r?${i}`, 'k', undefined);
    expect(fast.size).toBe(2);
  });

  it('keeps a URL served all along through a flood of new ones (second chance)', async () => {
    const cache = new AppCache();
    await cache.get('k', ['t'], async () => ({ status: true }));
    const fast = new FastReads(cache, (given) => given === 'k', 2);
    fast.record('/launch', 'k', undefined);
    for (let i = 0; i < 5000; i++) {
      expect(fast.serve(request('/launch'), response())).toBe(true);
      fast.record(`/r?${i}`, 'k', undefined);
    }
    expect(fast.size).toBe(2);
    expect(fast.serve(request('/r?4999'), response())).toBe(true);
    for (let i = 5000; i < 5003; i++) fast.record(`/r?${i}`, 'k', undefined);
    expect(fast.serve(request('/launch'), response())).toBe(false);
  });

  it('does not remember URLs over 512 characters', async () => {
    const cache = new AppCache();
    await cache.get('k', ['t'], async () => ({ status: true }));
    const fast = new FastReads(cache, () => true);
    const long = `/a?q=${'x'.repeat(600)}`;
    fast.record(long, 'k', undefined);
    expect(fast.size).toBe(0);
    expect(fast.serve(request(long), response())).toBe(false);
  });

  it('serves nothing once its entry is invalidated, or once closing', async () => {
    const cache = new AppCache();
    await cache.get('k', ['t'], async () => ({ status: true }));
    const fast = new FastReads(cache, () => true);
    fast.record('/a', 'k', undefined);
    expect(fast.serve(request('/a'), response())).toBe(true);
    cache.invalidate('t');
    expect(fast.serve(request('/a'), response())).toBe(false);
    await cache.get('k', ['t'], async () => ({ status: true }));
    fast.close();
    expect(fast.serve(request('/a'), response())).toBe(false);
  });
});
