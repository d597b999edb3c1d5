import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@streamdesk/contract/auth';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PNG } from '../../test/media-fixtures.js';
import { createDatabase, sqliteFile } from '../db/database.js';
import { createLocalMediaStore } from '../media/media-store.js';
import { HSTS, PERMISSIONS_POLICY } from './security-headers.js';

const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
mkdirSync(path.join(dist, 'site'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><p>admin</p>');
writeFileSync(path.join(dist, 'site', 'index.html'), '<!doctype html><p>feed</p>');

let t: TestApp;
beforeAll(async () => {
  // Behind a TLS proxy: the client IP and protocol come from its X-Forwarded-* headers.
  t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('response headers', () => {
  it('marks admin API replies no-store, refused ones too, and leaves the app API its own caching', async () => {
    const check = await t.request({ method: 'GET', url: authRoutes.check.path });
    expect([check.statusCode, check.headers['cache-control']]).toEqual([200, 'no-store']);
    const refused = await t.request({ method: 'GET', url: authRoutes.check.path, admin: false });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, 'no-store']);
    const appRead = await t.request({ method: 'GET', url: '/api/App/Controler/app/loadCheck', admin: false });
    expect(appRead.statusCode).toBe(200);
    expect(appRead.headers['cache-control']).toBe('no-cache');
    expect(appRead.headers.etag).toEqual(expect.any(String));
  });

  it('refuses powerful browser features on every page', async () => {
    // The back office, the public feed, and a path no screen has (the page, with a 404).
    for (const [url, status] of [
      ['/', 200],
      ['/site/', 200],
      ['/no-such-screen', 404],
    ] as const) {
      const page = await t.request({ method: 'GET', url, admin: false });
      expect([url, page.statusCode, page.headers['permissions-policy']]).toEqual([
        url,
        status,
        PERMISSIONS_POLICY,
      ]);
    }
  });

  it('sends HSTS on a request that came over TLS, and not on plain HTTP', async () => {
    const tls = await t.request({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
    const api = await t.request({
      method: 'GET',
      url: authRoutes.check.path,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe(HSTS);
    const plain = await t.request({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('files the server creates', () => {
  it('creates the SQLite database and the media folder readable by its own user only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-modes-'));
    try {
      const database = createDatabase({ dataDir: path.join(dataDir, 'data') });
      await database.db.schema.createTable('x').addColumn('a', 'integer').execute();
      const mode = (file: string) => statSync(file).mode & 0o777;
      expect(mode(sqliteFile(path.join(dataDir, 'data')))).toBe(0o600);
      expect(mode(`${sqliteFile(path.join(dataDir, 'data'))}-wal`)).toBe(0o600);
      await database.destroy();

      const root = path.join(dataDir, 'media');
      const store = createLocalMediaStore(root);
      const rule = { kinds: ['png'] as const, maxBytes: 1e6, typeMessage: 'type', sizeMessage: 'size' };
      await store.save(Readable.from([PNG]), 'stories', rule);
      expect([mode(root), mode(path.join(root, 'stories'))]).toEqual([0o700, 0o700]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
