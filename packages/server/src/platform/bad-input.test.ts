import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedParts, dataSnapshot, FORM_JUNK, JUNK, LONG, namesItsField } from '../test/bad-input.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Walks every /api route with the credentials it needs and the kinds of bad input a broken or hostile
 * client sends: junk path parameters and query values, JSON bodies of the wrong shape, each of the
 * route's own fields given the wrong kind of value, sealed bodies that do not open, broken multipart.
 * Whatever the route, the answer is a client error with a message, never a server fault, and a refused
 * request leaves every table and the media folder as they were.
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
    // Signing out ends the token every other request here uses; the auth tests cover it.
    return keep && r.url !== '/api/admin/logout';
  });
});
afterAll(() => t.close());

const fillWith = (url: string, value: string) => url.replace(/:([A-Za-z_]+)/g, value);
const fill = (url: string) => fillWith(url, 'zz-not-an-id');
const methodsOf = (r: RouteOptions) =>
  (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const writeMethodsOf = (r: RouteOptions) => methodsOf(r).filter((m) => m !== 'GET');

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

const RAW_JSON = ['{', 'null', '[]', '"x"', '123', '{}', '{"a":1}{'];
// %ED%A0%80 is U+D800 written as UTF-8 would be if it had a form: the router refuses it as a broken
// escape and the query parser keeps the text as it came, so a URL cannot carry a lone surrogate.
const PARAMS = [
  'x0',
  'a'.repeat(300),
  '%00',
  '..%2F..%2Fpackage.json',
  '-1',
  '%F0%9F%98%80',
  '%ZZ',
  '%20',
  '%ED%A0%80',
];
const QUERY = [
  '',
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  '2026-13-45',
  LONG.slice(0, 2000),
  '%00',
  '%ED%A0%80',
];
/** The multipart field names the back office's forms send (files and text). */
const FILE_FIELDS = ['image', 'video', 'icon', 'file'];
const TEXT_FIELDS = [
  '_id',
  'id',
  'insertData',
  'name',
  'title',
  'url',
  'category',
  'label',
  's_no',
  'message',
];

interface Attempt {
  what: string;
  url: string;
  method: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** The object keys a (zod 4) schema accepts, through optional, default, pipe, union and intersection. */
function keysOf(schema: unknown, depth = 0): string[] {
  const s = schema as { shape?: object; _zod?: { def?: Record<string, unknown> } } | undefined;
  if (!s || depth > 8) return [];
  if (s.shape) return Object.keys(s.shape);
  const def = s._zod?.def ?? {};
  const inner = [
    def.innerType,
    def.in,
    def.schema,
    def.left,
    def.right,
    ...((def.options as unknown[]) ?? []),
  ];
  return [...new Set(inner.flatMap((x) => keysOf(x, depth + 1)))];
}

const JSON_TYPE = { 'content-type': 'application/json' };

function multipart(parts: { name: string; filename?: string; data: string }[], end = true): Buffer {
  const b = 'fuzzboundary';
  const body = parts
    .map(
      (p) =>
        `--${b}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream` : '') +
        `\r\n\r\n${p.data}\r\n`,
    )
    .join('');
  return Buffer.from(end ? `${body}--${b}--\r\n` : body);
}
const MULTIPART = { 'content-type': 'multipart/form-data; boundary=fuzzboundary' };

async function attemptsFor(route: RouteOptions, method: string): Promise<Attempt[]> {
  const url = fillWith(route.url, 'x0');
  const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
  const list: Attempt[] = [];
  const add = (what: string, more: Partial<Attempt> = {}) => list.push({ what, method, url, ...more });
  const send = (what: string, headers: Record<string, string>, payload: string | Buffer) =>
    add(what, { headers, payload });

  if (route.url.includes(':'))
    for (const p of PARAMS) add(`param ${p.slice(0, 20)}`, { url: fillWith(route.url, p) });
  for (const key of keysOf(schema?.querystring)) {
    for (const q of QUERY) add(`query ${key}=${q.slice(0, 20)}`, { url: `${url}?${key}=${q}` });
    add(`query ${key} twice`, { url: `${url}?${key}=1&${key}=2` });
  }
  if (method === 'GET') return list;

  if (route.schema?.consumes?.includes('multipart/form-data')) {
    send('json instead of multipart', JSON_TYPE, '{}');
    send('no boundary', { 'content-type': 'multipart/form-data' }, 'x');
    send('empty multipart', MULTIPART, multipart([]));
    for (const data of FORM_JUNK)
      send(
        `text fields ${JSON.stringify(data).slice(0, 12)}`,
        MULTIPART,
        multipart(TEXT_FIELDS.map((name) => ({ name, data }))),
      );
    for (const name of FILE_FIELDS) {
      const parts = [
        ...TEXT_FIELDS.map((n) => ({ name: n, data: 'x0' })),
        { name, filename: 'a.txt', data: 'not a picture or a video' },
      ];
      send(`text file in ${name}`, MULTIPART, multipart(parts));
      send(`cut-off ${name}`, MULTIPART, multipart(parts, false));
    }
    return list;
  }

  const keys = keysOf(schema?.body);
  const bodies: unknown[] = JUNK.map((v) =>
    Object.fromEntries((keys.length ? keys : ['_id', 'id']).map((k) => [k, v])),
  );
  bodies.push(...JUNK.filter((v) => typeof v !== 'object' || v === null));
  for (const raw of RAW_JSON) send(`raw ${raw}`, JSON_TYPE, raw);
  for (const body of bodies)
    send(`body ${JSON.stringify(body).slice(0, 60)}`, JSON_TYPE, JSON.stringify(body));
  send('text/plain', { 'content-type': 'text/plain' }, 'hello');
  if (route.config?.envelope) {
    for (const sealed of ['garbage', 'AAAA', 'a'.repeat(5000)])
      send(`encryptedData ${sealed.slice(0, 10)}`, JSON_TYPE, JSON.stringify({ encryptedData: sealed }));
    for (const body of bodies.slice(0, 8))
      send(`sealed ${JSON.stringify(body).slice(0, 60)}`, JSON_TYPE, JSON.stringify(await t.seal(body)));
  }
  return list;
}

describe('bad input on every route', () => {
  it.each(bodies)('answers %s with a 4xx and a message', async (_name, payload, headers) => {
    const faults: string[] = [];
    // Every feature's routes are in the walk.
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      for (const method of writeMethodsOf(route)) {
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

  it('refuses page and limit written as hex, exponent or blank, which Number() would read', async () => {
    const wrong: string[] = [];
    let walked = 0;
    for (const route of routes.filter((r) => [r.method].flat().includes('GET'))) {
      const keys = keysOf((route.schema as { querystring?: unknown } | undefined)?.querystring);
      for (const key of ['page', 'limit'].filter((k) => keys.includes(k))) {
        walked++;
        for (const value of ['0x2', '2e1', 'Infinity', '%20']) {
          const res = await t.request({ method: 'GET', url: `${fill(route.url)}?${key}=${value}` });
          const message = `querystring ${key} must be a number`;
          if (res.statusCode !== 400 || res.json().message !== message)
            wrong.push(`GET ${route.url}?${key}=${value} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(walked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it('says the body must be a JSON object, and names a missing id in a form', async () => {
    const array = await t.request({ method: 'PUT', url: '/api/App/policy/admin/update', payload: [1] });
    expect(array.json()).toEqual({ status: false, message: 'The body must be a JSON object' });
    const noId = await t.request({
      method: 'PUT',
      url: '/api/App/video/category',
      headers: MULTIPART,
      payload: multipart([{ name: 'name', data: 'Sports' }]),
    });
    expect(noId.json()).toEqual({ status: false, message: 'id is required' });
  });

  it("answers junk in each route's own params, query, body and form fields with a 4xx, changing nothing", async () => {
    const failures: string[] = [];
    let sent = 0;
    // One snapshot after each request, which is the next one's 'before': nothing runs in between (the
    // snapshot waits for the counts and thumbnails in flight), and two per request doubled this walk.
    let before = await dataSnapshot(t);
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        for (const a of await attemptsFor(route, method)) {
          const res = await t.request({
            method: a.method as 'GET',
            url: a.url,
            headers: a.headers,
            payload: a.payload,
          });
          sent++;
          const after = await dataSnapshot(t);
          const label = `${a.method} ${route.url} [${a.what}] → ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${label} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) {
            const body = res.json() as { status?: unknown; message?: unknown };
            if (body.status !== false || typeof body.message !== 'string' || !body.message)
              failures.push(`${label} without a message: ${res.body.slice(0, 200)}`);
            else if (!namesItsField(body.message)) failures.push(`${label} says only '${body.message}'`);
            if (after !== before)
              failures.push(`${label} but changed ${changedParts(before, after).join(', ')}`);
          }
          before = after;
        }
      }
    }
    // Every route was walked (over 80 of them, each with its own fields).
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
  }, 300_000);
});
