import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes } from '@streamdesk/contract/videos';
import { form, mp4, PNG } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let category: VideoCategory;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 12; i++) {
    const res = await t.request({
      method: 'POST',
      url: videoCategoryRoutes.add.path,
      payload: form({ name: `Category number ${i}` }, [{ field: 'image', name: 'c.png', data: PNG }]),
    });
    category = (await t.json<{ data: VideoCategory }>(res)).data;
  }
});
afterAll(() => t.close());

const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};
const listCategories = (encoding?: string) =>
  t.request({
    method: 'GET',
    url: videoCategoryRoutes.list.path,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('compressed replies', () => {
  it('sends an admin list over 1 KB as brotli, else gzip, and as it is to a client that takes neither', async () => {
    const plain = await listCategories();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await listCategories('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(decoded(br)).toBe(plain.body);

    const gz = await listCategories('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain.body);
  });

  it('leaves a reply under 1 KB as it is', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: true, message: 'ok' });
  });

  it('compresses an app read once, and media not at all', async () => {
    const app = await t.request({
      method: 'GET',
      url: videoCategoryRoutes.appList.path,
      admin: false,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    // The app's cached reads make their own gzip body; it must not be compressed again.
    expect(app.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(app.rawPayload).toString())).toMatchObject({ status: true });
    // Nor made another coding under the plain body's ETag for a client that takes brotli only.
    const brOnly = await t.request({
      method: 'GET',
      url: videoCategoryRoutes.appList.path,
      admin: false,
      headers: { 'accept-encoding': 'br' },
    });
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.json()).toMatchObject({ status: true });

    const image = await t.request({
      method: 'GET',
      url: category.main_image,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it("stores an idempotent write's reply before compression, so a replay reads right in any coding", async () => {
    const key = randomBytes(16).toString('hex');
    const upload = (encoding?: string) =>
      t.request({
        method: 'POST',
        url: videoRoutes.upload.path,
        headers: { 'idempotency-key': key, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        payload: form(
          { category: category._id },
          Array.from({ length: 8 }, (_, i) => ({ field: 'video', name: `clip-${i}.mp4`, data: mp4(1) })),
        ),
      });
    const first = await upload('br');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const body = decoded(first);
    expect(body.length).toBeGreaterThan(1024);

    const replayPlain = await upload();
    expect(replayPlain.headers['idempotent-replayed']).toBe('true');
    expect(replayPlain.headers['content-encoding']).toBeUndefined();
    expect(replayPlain.body).toBe(body);

    const replayGzip = await upload('gzip');
    expect(replayGzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(replayGzip)).toBe(body);
  });
});
