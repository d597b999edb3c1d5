import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@streamdesk/contract/messages';
import { createTestApp, localMedia, type TestApp } from '../../test/test-app.js';
import { JPEG, PNG } from '../../test/media-fixtures.js';
import { listedFolders } from '../../test/listed-folders.js';

/** Every folder listed in this worker: recorded from before @fastify/static loaded (the setup file). */
const listed = listedFolders();

/**
 * Through a real socket: app.inject() parses the URL as a browser would, which folds `..`, `%2e%2e` and
 * backslashes away before the server sees them. A built web folder is there as in production, where the
 * SPA's own @fastify/static gives replies a `sendFile` of its own as well.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>admin</title>');
let t: TestApp;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const mediaDir = () => path.join(t.config.dataDir, 'media');
const VIDEO = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
let image: { key: string; url: string };
let video: { key: string; url: string };

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  const media = localMedia(t);
  mkdirSync(path.join(mediaDir(), 'serving'));
  image = media.adopt('serving', 'png');
  writeFileSync(media.pathOf(image.key), PNG);
  video = media.adopt('serving', 'mp4');
  writeFileSync(media.pathOf(video.key), VIDEO);
});
afterAll(async () => {
  agent.destroy();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Sends the path exactly as written. */
async function send(url: string, headers: Record<string, string> = {}, method = 'GET', to = port) {
  const req = http.request({ host: '127.0.0.1', port: to, path: url, method, headers, agent }).end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  return { status: res.statusCode ?? 0, headers: res.headers, body: await buffer(res) };
}
type Res = Awaited<ReturnType<typeof send>>;

const notFound = (res: Res) => [res.status, JSON.parse(res.body.toString()) as unknown];
const NOT_FOUND = [404, { status: false, message: messages.notFound }];

describe('serving media', () => {
  it('lists no folder to serve a file, so its cost does not grow with the files beside it', async () => {
    // The library's own wildcard route, as media were served before, lists every folder on the path.
    const wildcard = Fastify();
    await wildcard.register(fastifyStatic, { root: mediaDir(), prefix: '/media/' });
    await wildcard.listen({ host: '127.0.0.1', port: 0 });
    listed.length = 0;
    const before = await send(image.url, {}, 'GET', (wildcard.server.address() as AddressInfo).port);
    await wildcard.close();
    expect(before.status).toBe(200);
    expect(listed).toContain(path.join(mediaDir(), 'serving'));

    listed.length = 0;
    expect((await send(image.url)).status).toBe(200);
    expect((await send(video.url, { range: 'bytes=0-99' })).status).toBe(206);
    expect((await send(video.url, {}, 'HEAD')).status).toBe(200);
    expect((await send('/media/serving/0123456789abcdef01234567.png')).status).toBe(404);
    expect(listed).toEqual([]);
  });

  it('serves an image with its type, a year of immutable cache, and validators', async () => {
    const res = await send(image.url);
    expect(res.status).toBe(200);
    expect(res.body.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers['last-modified']).toBeTruthy();
    expect((await send(`${image.url}?v=2`)).body.equals(PNG)).toBe(true);
  });

  it('answers 304 to a client that has the file', async () => {
    const { headers } = await send(image.url);
    const byTag = await send(image.url, { 'if-none-match': headers.etag! });
    expect([byTag.status, byTag.body.length]).toEqual([304, 0]);
    const byDate = await send(image.url, { 'if-modified-since': headers['last-modified']! });
    expect(byDate.status).toBe(304);
    const changed = await send(image.url, { 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
  });

  it('serves byte ranges for video seeking, and 416 for a range past the end', async () => {
    const part = await send(video.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${VIDEO.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.body.equals(VIDEO.subarray(100, 200))).toBe(true);
    const tail = await send(video.url, { range: 'bytes=-10' });
    expect([tail.status, tail.body.equals(VIDEO.subarray(-10))]).toEqual([206, true]);
    const past = await send(video.url, { range: `bytes=${VIDEO.length}-` });
    expect([past.status, JSON.parse(past.body.toString())]).toEqual([
      416,
      { status: false, message: 'Range Not Satisfiable' },
    ]);
    // The size, so a player can ask for a range there is (RFC 9110 15.5.17); the JSON type, not send's HTML.
    expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
    expect(past.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await send(video.url, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(VIDEO.length));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.body.length).toBe(0);
  });

  it('answers 404 for a missing file, a wrong-case name and a name the server never gives', async () => {
    const name = path.basename(image.key);
    const upper = `/media/serving/${name.replace(/[a-f]/g, (c) => c.toUpperCase())}`;
    // A file whose name the server would never give is not served, even when it is there.
    writeFileSync(path.join(mediaDir(), 'serving', 'Notes.png'), PNG);
    for (const url of [
      '/media/serving/0123456789abcdef01234567.png',
      upper,
      image.url.replace('/serving/', '/SERVING/'),
      image.url.replace('.png', '.PNG'),
      '/media/serving/Notes.png',
      '/media/serving',
      '/media/serving/',
      '/media/',
      `${image.url}/`,
      `/media/serving/x/${name}`,
    ])
      expect([url, ...notFound(await send(url))]).toEqual([url, ...NOT_FOUND]);
  });

  it('never serves a dotfile or a file still being written in .tmp', async () => {
    mkdirSync(path.join(mediaDir(), '.tmp'), { recursive: true });
    const id = '0123456789abcdef0123abcd';
    writeFileSync(path.join(mediaDir(), '.tmp', `${id}.jpg`), JPEG);
    writeFileSync(path.join(mediaDir(), '.env'), 'SECRET=1');
    writeFileSync(path.join(mediaDir(), 'serving', `.${id}.png`), PNG);
    for (const url of [
      `/media/.tmp/${id}.jpg`,
      `/media/%2etmp/${id}.jpg`,
      '/media/.env',
      `/media/serving/.${id}.png`,
    ])
      expect([url, ...notFound(await send(url))]).toEqual([url, ...NOT_FOUND]);
  });

  it('answers 404 for any path that leaves the media folder, however it is written', async () => {
    // A file beside the media folder, in DATA_DIR: what a traversal would be after.
    writeFileSync(path.join(t.config.dataDir, 'outside.png'), 'OUTSIDE');
    const name = path.basename(image.key);
    for (const url of [
      '/media/../outside.png',
      '/media/%2e%2e/outside.png',
      '/media/%2E%2E/outside.png',
      '/media/serving/../../outside.png',
      '/media/serving/..%2f..%2foutside.png',
      '/media/serving/%2e%2e%2f%2e%2e%2foutside.png',
      '/media/..%2foutside.png',
      '/media/..%5coutside.png',
      '/media/serving/..\\..\\outside.png',
      '/media/..\\outside.png',
      '/media//outside.png',
      `/media/./serving/${name}`,
      `/media/serving/./${name}`,
      `/media/serving/../serving/${name}`,
      `/media/serving%2f${name}`,
    ]) {
      const res = await send(url);
      expect([url, res.status, res.body.includes('OUTSIDE')]).toEqual([url, 404, false]);
    }
    const nul = await send(`/media/serving/${name}%00`);
    expect([nul.status, nul.headers['content-type']]).toEqual([400, 'application/json; charset=utf-8']);
  });

  it('waits for a thumbnail made after its upload reply instead of answering 404', async () => {
    const media = localMedia(t);
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const later = media.writeLater('serving', 'jpg', async (tmp) => {
      await gate;
      writeFileSync(tmp, JPEG);
    });
    let answered = false;
    const asked = send(later.url).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    finish();
    const res = await asked;
    expect([res.status, res.headers['content-type'], res.body.equals(JPEG)]).toEqual([
      200,
      'image/jpeg',
      true,
    ]);
  });
});
