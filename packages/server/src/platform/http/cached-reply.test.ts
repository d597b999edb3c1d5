import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CachedReply } from '../app-cache.js';
import { acceptsGzip, cachedResponse } from './cached-reply.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip, deflate, br', true],
    ['deflate, gzip;q=1.0', true],
    ['br;q=1, gzip;q=0.2', true],
    ['*', true],
    ['gzip;q=0.5, identity;q=0.5', true],
    [' gzip ; Q=0.8 ', true],
  ])('%s: gzip', (header, expected) => expect(acceptsGzip(header)).toBe(expected));

  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['gzip;q=', false],
    ['gzip;q=abc', false],
    ['gzip;q=0.5, identity;q=1', false],
  ])('%s: identity', (header, expected) => expect(acceptsGzip(header)).toBe(expected));
});

describe('cachedResponse', () => {
  const entry = (json: unknown): CachedReply => ({
    key: 'k',
    body: Buffer.from(JSON.stringify(json)),
    version: 'abc',
    etag: '"abc"',
  });
  const big = { data: 'x'.repeat(2000) };

  it('sends a small body as it is, whatever the client accepts', () => {
    const reply = cachedResponse(entry({ status: true }), undefined, 'gzip');
    expect(reply).toEqual({
      status: 200,
      headers: {
        etag: '"abc"',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'content-type': 'application/json; charset=utf-8',
        'content-length': '15',
      },
      body: Buffer.from('{"status":true}'),
    });
  });

  it('gzips a body over 1 KB once, under its own ETag, and says it varies', () => {
    const cached = entry(big);
    const gz = cachedResponse(cached, undefined, 'gzip, deflate');
    expect(gz.headers).toMatchObject({
      etag: '"abc-gz"',
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
    });
    expect(gunzipSync(gz.body!).equals(cached.body)).toBe(true);
    expect(cachedResponse(cached, undefined, 'gzip').body).toBe(gz.body);
    const plain = cachedResponse(cached, undefined, undefined);
    expect(plain.headers).toMatchObject({ etag: '"abc"', vary: 'accept-encoding' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(cached.body);
  });

  it("builds each coding's replies once per entry and shares them, headers frozen", () => {
    const cached = entry(big);
    const gz = cachedResponse(cached, undefined, 'gzip');
    expect(cachedResponse(cached, undefined, 'gzip')).toBe(gz);
    expect(Object.isFrozen(gz.headers)).toBe(true);
    const plain = cachedResponse(cached, undefined, undefined);
    expect(plain).not.toBe(gz);
    expect(cachedResponse(cached, undefined, 'identity')).toBe(plain);
    const notModified = cachedResponse(cached, '"abc-gz"', 'gzip');
    expect(notModified.status).toBe(304);
    expect(cachedResponse(cached, 'W/"abc-gz"', 'gzip')).toBe(notModified);
  });

  it('answers 304 without a body to a matching If-None-Match of the same coding', () => {
    const cached = entry(big);
    for (const inm of ['"abc"', 'W/"abc"', '"x", "abc"', '*']) {
      const reply = cachedResponse(cached, inm, undefined);
      expect([inm, reply.status, reply.body]).toEqual([inm, 304, undefined]);
      expect(reply.headers).toEqual({
        etag: '"abc"',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        vary: 'accept-encoding',
      });
    }
    expect(cachedResponse(cached, '"abc-gz"', 'gzip').status).toBe(304);
    expect(cachedResponse(cached, '"abc"', 'gzip').status).toBe(200);
    expect(cachedResponse(cached, '"abc-gz"', undefined).status).toBe(200);
  });
});
