import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type S3Settings } from '../config.js';
import { mp4, ofSize, PNG } from '../../test/media-fixtures.js';
import { newTestBucket, startS3Server } from '../../test/s3-server.js';
import { createTestApp, sameMedia, type TestApp } from '../../test/test-app.js';
import { createS3MediaStore, PRESIGN_SECONDS, type S3MediaStore } from './s3-media-store.js';
import type { MediaRule } from './media-store.js';

let server: Awaited<ReturnType<typeof startS3Server>>;
let store: S3MediaStore;
let staging: string;

const VIDEO_RULE: MediaRule = {
  kinds: ['mp4'],
  maxBytes: 30 * 1024 * 1024,
  typeMessage: 'not an mp4',
  sizeMessage: 'too large',
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A stream of `bytes` in 64 KB chunks, as a socket delivers them. */
const chunked = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 65536) yield bytes.subarray(at, at + 65536);
    })(),
  );
const settingsOf = (env: Record<string, string>): S3Settings => {
  const config = loadConfig(env).mediaStore;
  if (config.kind !== 's3') throw new Error('expected s3 settings');
  return config;
};
const keys = async () => (await store.list()).map((o) => o.key).sort();
const read = async (key: string) => Buffer.from(await (await store.open(key))!.toArray().then(Buffer.concat));

beforeAll(async () => {
  server = await startS3Server();
  staging = mkdtempSync(path.join(os.tmpdir(), 'sd-s3-staging-'));
});
afterAll(async () => {
  store?.client.destroy();
  await server.stop();
  rmSync(staging, { recursive: true, force: true });
});

describe('MEDIA_STORE=s3 settings', () => {
  it('names each missing setting', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      new ConfigError(
        'Invalid configuration: MEDIA_STORE=s3 needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set',
      ),
    );
  });

  it('names a bad one', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /^Invalid configuration: S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ MEDIA_STORE: 'disk' })).toThrow(/^Invalid configuration: MEDIA_STORE must be/);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'nope' })).toThrow(/^Invalid configuration: S3_PUBLIC_URL/);
  });

  it('stays on the local disk by default', () => {
    expect(loadConfig({}).mediaStore).toEqual({ kind: 'local' });
  });
});

describe('the S3 media store on a loopback S3 server', () => {
  beforeAll(async () => {
    store = createS3MediaStore(settingsOf(await newTestBucket(server.endpoint)), staging);
  });

  it('streams a file of several parts in, byte for byte', async () => {
    // Three 8 MB parts and a bit: a multipart upload, not one PUT.
    const bytes = ofSize(mp4(1), 25 * 1024 * 1024 + 12345);
    for (let i = 4096; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const saved = await store.save(chunked(bytes), 'videos', VIDEO_RULE);
    expect(saved).toMatchObject({ kind: 'mp4', size: bytes.length, url: `/media/${saved.key}` });
    expect(saved.key).toMatch(/^videos\/[0-9a-f]{24}\.mp4$/);
    expect(sha(await read(saved.key))).toBe(sha(bytes));
    await store.remove(saved.url);
    expect(await store.exists(saved.key)).toBe(false);
  });

  it('leaves nothing in the bucket for a refused file: wrong type, or too large mid-way', async () => {
    const before = await keys();
    await expect(store.save(chunked(ofSize(PNG, 100_000)), 'videos', VIDEO_RULE)).rejects.toThrow(
      'not an mp4',
    );
    // Refused after two parts have gone up: the multipart upload is aborted.
    const big = ofSize(mp4(1), 31 * 1024 * 1024);
    await expect(store.save(chunked(big), 'videos', VIDEO_RULE)).rejects.toThrow('too large');
    expect(await keys()).toEqual(before);
  });

  it('moves a made file in, gives a local copy, copies and removes', async () => {
    const file = path.join(staging, 'made.m3u8');
    writeFileSync(file, '#EXTM3U\n');
    const put = await store.put(file, 'videos', 'm3u8');
    expect(() => readFileSync(file)).toThrow(/ENOENT/);
    const local = await store.local(put.key);
    expect(readFileSync(local.path, 'utf8')).toBe('#EXTM3U\n');
    await local.release();
    expect(() => readFileSync(local.path)).toThrow(/ENOENT/);
    const copy = await store.copy(put.key, 'icons');
    expect(copy?.key).toMatch(/^icons\/[0-9a-f]{24}\.m3u8$/);
    expect((await read(copy!.key)).toString()).toBe('#EXTM3U\n');
    expect(await store.copy('videos/0123456789abcdef01234567.mp4', 'icons')).toBeUndefined();
    await store.remove(put.key);
    await store.remove(copy!.url);
    expect(await store.exists(put.key)).toBe(false);
    expect(await store.exists(copy!.key)).toBe(false);
  });

  it('writes a background file in once made, and serving waits for it', async () => {
    const later = store.writeLater('thumbnails', 'jpg', async (tmp) => writeFileSync(tmp, 'jpeg bytes'));
    await store.settled(later.url);
    expect((await read(later.key)).toString()).toBe('jpeg bytes');
    const failed = store.writeLater('thumbnails', 'jpg', async () => {
      throw new Error('ffmpeg failed');
    });
    await store.idle();
    expect(await store.exists(failed.key)).toBe(false);
  });

  it('moves the files no row names to orphans/, keeping the named ones', async () => {
    const made = path.join(staging, 'orphan.jpg');
    writeFileSync(made, 'a');
    const orphan = await store.put(made, 'thumbnails', 'jpg');
    writeFileSync(made, 'b');
    const named = await store.put(made, 'thumbnails', 'jpg');
    const moved = await store.moveOrphans(async () => new Set([named.key]), 0, '');
    expect(moved).toContain(orphan.key);
    expect(moved).not.toContain(named.key);
    expect(await store.exists(orphan.key)).toBe(false);
    expect(await store.exists(named.key)).toBe(true);
    expect((await store.list('orphans/')).map((o) => o.key)).toContain(`orphans/${orphan.key}`);
  });

  it('presigns a URL the bucket answers Range requests at', async () => {
    const bytes = ofSize(mp4(1), 100_000);
    const saved = await store.save(chunked(bytes), 'videos', VIDEO_RULE);
    const url = await store.urlFor(saved.key);
    expect(url).toContain('X-Amz-Signature=');
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));
  });
});

describe('serving media from a bucket', () => {
  let t: TestApp;
  const made = async (name: string, bytes: string | Buffer) => {
    const file = path.join(staging, name);
    writeFileSync(file, bytes);
    return t.app.streamdesk.context.media.put(file, 'serving', name.split('.').pop()!);
  };

  beforeAll(async () => {
    t = await createTestApp(await newTestBucket(server.endpoint));
  });
  afterAll(() => t?.close());

  it('redirects to a presigned URL, which the bucket answers with the cache headers of the local store', async () => {
    const image = await made('a.png', PNG);
    const res = await t.request({ method: 'GET', url: image.url, admin: false });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe(`private, max-age=${PRESIGN_SECONDS / 2}`);
    const location = String(res.headers.location);
    expect(location).toContain(`/${sameMedia(t).S3_BUCKET}/${image.key}?`);
    expect(location).toContain('X-Amz-Signature=');
    const bucket = await fetch(location);
    expect(bucket.status).toBe(200);
    expect(bucket.headers.get('content-type')).toBe('image/png');
    expect(bucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await bucket.arrayBuffer())).toEqual(PNG);
  });

  it('sends playlists itself, so their relative names resolve against this server', async () => {
    const playlist = await made('p.m3u8', '#EXTM3U\n#EXT-X-ENDLIST\n');
    const res = await t.request({ method: 'GET', url: playlist.url, admin: false });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('#EXTM3U\n#EXT-X-ENDLIST\n');
  });

  it('answers 404 for a name the store never gives, or a playlist that is not there', async () => {
    for (const url of ['/media/serving/..%2Fsecrets.json', '/media/serving/0123456789abcdef01234567.m3u8'])
      expect((await t.request({ method: 'GET', url, admin: false })).statusCode).toBe(404);
  });

  it('redirects under S3_PUBLIC_URL when it is set, cacheable for ever', async () => {
    const env = { ...sameMedia(t), S3_PUBLIC_URL: 'https://cdn.example.com/media/' };
    const store = createS3MediaStore(settingsOf(env), staging);
    expect(await store.urlFor('serving/0123456789abcdef01234567.png')).toBe(
      'https://cdn.example.com/media/serving/0123456789abcdef01234567.png',
    );
    const other = await createTestApp(env);
    try {
      const image = await made('b.png', PNG);
      const res = await other.request({ method: 'GET', url: image.url, admin: false });
      expect([res.statusCode, res.headers.location]).toEqual([
        302,
        `https://cdn.example.com/media/${image.key}`,
      ]);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      store.client.destroy();
      await other.close();
    }
  });
});
