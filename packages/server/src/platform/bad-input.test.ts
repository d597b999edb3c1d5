import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Walks every /api route with the credentials it needs and the kinds of bad input a broken or hostile
 * client sends. Whatever the route, the answer is a client error with a message, never a server fault.
 */
let t: TestApp;
let routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const seen = new Set<string>();
  routes = t.app.streamdesk.routes.filter((r) => {
    const key = `${String(r.method)} ${r.url}`;
    const keep = r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !seen.has(key);
    seen.add(key);
    return keep;
  });
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:([A-Za-z_]+)/g, 'zz-not-an-id');
const methodsOf = (r: RouteOptions) =>
  (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'GET');

const bodies: [string, string, Record<string, string>][] = [
  ['malformed JSON', '{"a":', { 'content-type': 'application/json' }],
  ['a JSON array', '[1,2,3]', { 'content-type': 'application/json' }],
  [
    'wrong types',
    '{"id":{"$gt":""},"name":[1],"status":"maybe","events":"x"}',
    { 'content-type': 'application/json' },
  ],
  ['a broken envelope', '{"encryptedData":"AAAA"}', { 'content-type': 'application/json' }],
  ['plain text', 'hello', { 'content-type': 'text/plain' }],
  [
    'a truncated multipart body',
    '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nv',
    { 'content-type': 'multipart/form-data; boundary=b' },
  ],
];

describe('bad input on every route', () => {
  it.each(bodies)('answers %s with a 4xx and a message', async (_name, payload, headers) => {
    const faults: string[] = [];
    // Every feature's routes are in the walk.
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const res = await t.request({ method, url: fill(route.url), payload, headers });
        const ok = res.statusCode < 500 && (res.statusCode < 400 || typeof res.json().message === 'string');
        if (!ok) faults.push(`${method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('answers GET routes with nonsense query strings with a 4xx or a reply, never a fault', async () => {
    const faults: string[] = [];
    for (const route of routes.filter((r) => [r.method].flat().includes('GET'))) {
      const url = `${fill(route.url)}?page=-1&limit=abc&q=${'x'.repeat(300)}&startDate=2026-13-45&web=maybe&id=`;
      const res = await t.request({ method: 'GET', url });
      if (res.statusCode >= 500)
        faults.push(`GET ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(faults).toEqual([]);
  });
});
