import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A built web folder as vite.config.ts writes it: each text asset with its .br and .gz copies.
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
const script = `console.log(${JSON.stringify('streamdesk '.repeat(500))});\n`;
const page = `<!doctype html><html><body>${'<p>admin</p>'.repeat(200)}</body></html>`;
const write = (name: string, text: string) => {
  writeFileSync(path.join(dist, name), text);
  writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
  writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
};
mkdirSync(path.join(dist, 'assets'));
write('assets/admin-abc123.js', script);
write('index.html', page);
mkdirSync(path.join(dist, 'site'));
writeFileSync(path.join(dist, 'site/index.html'), 'site page');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.request({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web assets', () => {
  it('go out as brotli, else gzip, when the browser takes them, and as they are otherwise', async () => {
    const br = await get('/assets/admin-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/admin-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/admin-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compress the SPA page served for a screen path too', async () => {
    const res = await get('/admin/panel/login', 'br');
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, 'br']);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('answer a screen path 200 and a path no screen has 404, both with the SPA page', async () => {
    for (const url of ['/', '/admin/panel/login', '/logout', '/views/dashboard/abc?q=1', '/team/']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, page]);
    }
    for (const url of ['/no-such-page', '/team/extra', '/views/dashboard', '/add/story/nope?x=1']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 404, page]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    expect([(await get('/site/policy')).statusCode, (await get('/site/nope')).statusCode]).toEqual([
      200, 404,
    ]);
    expect((await get('/site/nope')).body).toBe('site page');
    const api = await get('/api/no-such-route');
    expect([api.statusCode, api.json().status]).toEqual([404, false]);
  });

  it('hand the back office the deployment settings in /runtime-config.js', async () => {
    const res = await get('/runtime-config.js');
    expect(res.headers['cache-control']).toBe('no-store');
    const config = JSON.parse(/^window\.__STREAMDESK__ = (.*);$/m.exec(res.body)![1]!) as Record<
      string,
      unknown
    >;
    // No PUBLIC_LIVE_HOST in the tests' settings: the links name this server, and the screens say so.
    expect(config).toMatchObject({ publicLiveHost: expect.stringMatching(/^http:\/\//), liveHostSet: false });
  });
});
