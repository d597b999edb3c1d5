import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { NO_BOUNDARY } from '../media/multipart.js';
import { inputFault, LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from './input-hygiene.js';

describe('inputFault', () => {
  it('finds a NUL or a lone surrogate in the value, a field, an array item or a key, and nothing elsewhere', () => {
    expect(inputFault('a\0')).toEqual({ path: '', message: NUL_MESSAGE });
    expect(inputFault({ a: 'x', b: { c: ['ok', 'n\0'] } })).toEqual({ path: 'b.c.1', message: NUL_MESSAGE });
    expect(inputFault({ 'k\0': 1 })).toEqual({ path: 'k\0', message: NUL_MESSAGE });
    expect(inputFault({ a: ['x', 'a\ud800b'] })).toEqual({ path: 'a.1', message: LONE_SURROGATE_MESSAGE });
    expect(inputFault({ a: '\udfff' })?.path).toBe('a');
    expect(inputFault({ 'k\udc00': 1 })).toEqual({ path: 'k\udc00', message: LONE_SURROGATE_MESSAGE });
    // A pair is one character (😀), whichever way it was written.
    expect(inputFault({ a: '\ud83d\ude00', b: '😀' })).toBeUndefined();
    expect(inputFault({ a: 'x', b: [1, null, true, { c: 'y' }] })).toBeUndefined();
    expect(inputFault(undefined)).toBeUndefined();
  });

  it('finds the keys of a prototype-poisoning attempt, as JSON.parse makes them', () => {
    expect(inputFault(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toEqual({
      path: 'a',
      message: 'must not have a key named __proto__',
    });
    expect(inputFault(JSON.parse('{"constructor":{"prototype":{"x":1}}}'))).toEqual({
      path: '',
      message: 'must not have a constructor key holding a prototype key',
    });
    expect(inputFault({ constructor: 'x', prototype: 'y', proto: 'z' })).toBeUndefined();
  });

  it('walks a deeply nested value without running out of stack', () => {
    let deep: unknown = 'end\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputFault(deep)?.path).toBe(Array(100_000).fill('0').join('.'));
  });
});

/**
 * PostgreSQL refuses U+0000 in text ("invalid byte sequence"), which surfaced as a 500 on every route
 * that stores or looks up what the client sent; SQLite took it. Both now refuse it before the route runs.
 */
describe('requests with a NUL character or a lone surrogate, and other malformed requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the body field, query field, path parameter or form field that holds a NUL', async () => {
    const body = await t.request({
      method: 'POST',
      url: '/api/App/liveMatch/liveAdsWeb',
      payload: { a_name: 'Half\0time', a_url: 'https://example.com' },
    });
    expect([body.statusCode, body.json()]).toEqual([
      400,
      errorBody('a_name: must not contain a NUL character'),
    ]);

    // The six characters \u0000 as text (an escaped backslash in the JSON) are not a NUL.
    const text = await t.request({
      method: 'POST',
      url: '/api/App/liveMatch/liveAdsWeb',
      payload: { a_name: 'C:\\u0000', a_url: 'https://example.com' },
    });
    expect([text.statusCode, (text.json() as { data?: { a_name: string } }).data?.a_name]).toEqual([
      200,
      'C:\\u0000',
    ]);

    const sealed = await t.request({
      method: 'DELETE',
      url: '/api/sortcut',
      payload: await t.seal({ id: ['ok', 'bad\0'] }),
    });
    expect(sealed.json()).toEqual(errorBody('id.1: must not contain a NUL character'));

    const query = await t.request({ method: 'GET', url: '/api/sortcut?q=%00' });
    expect([query.statusCode, query.json()]).toEqual([
      400,
      errorBody('querystring q: must not contain a NUL character'),
    ]);

    const param = await t.request({ method: 'DELETE', url: '/api/App/video/category/%00' });
    expect(param.json()).toEqual(errorBody('params id: must not contain a NUL character'));

    const form = await t.request({
      method: 'POST',
      url: '/api/App/liveMatch/admin',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nFinal\0\r\n--b--\r\n',
    });
    expect([form.statusCode, form.json()]).toEqual([
      400,
      errorBody('title: must not contain a NUL character'),
    ]);
    const list = await t.request({ method: 'GET', url: '/api/App/liveMatch/admin' });
    expect((list.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('names the body field, sealed field or form field that holds a lone surrogate, and stores nothing', async () => {
    const surrogate = `a_name: ${LONE_SURROGATE_MESSAGE}`;
    // The fuzzer's request: SQLite stored the bytes ED A0 80, not UTF-8, and read them back as U+FFFD.
    const body = await t.request({
      method: 'POST',
      url: '/api/App/ads/webads/add',
      headers: { 'content-type': 'application/json' },
      payload: '{"a_name":"a\\ud800b","a_id":"https://example.com","a_description":"d"}',
    });
    expect([body.statusCode, body.json()]).toEqual([400, errorBody(surrogate)]);
    const upper = await t.request({
      method: 'POST',
      url: '/api/App/liveMatch/liveAdsWeb',
      headers: { 'content-type': 'application/json' },
      payload: '{"a_name":"Half\\uDFFF","a_url":"https://example.com"}',
    });
    expect(upper.json()).toEqual(errorBody(surrogate));

    const sealed = await t.request({
      method: 'POST',
      url: '/api/App/ads/webads/add',
      payload: await t.seal({ a_name: 'a\ud800b', a_id: 'https://example.com', a_description: 'd' }),
    });
    expect([sealed.statusCode, sealed.json()]).toEqual([400, errorBody(surrogate)]);

    // A form field in UTF-16 can carry one too (busboy decodes it as the part's charset says).
    const utf16 = Buffer.from('Fi\ud800', 'utf16le');
    const form = await t.request({
      method: 'POST',
      url: '/api/App/liveMatch/admin',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([
        Buffer.from('--b\r\nContent-Disposition: form-data; name="title"\r\n'),
        Buffer.from('Content-Type: text/plain; charset=utf-16le\r\n\r\n'),
        utf16,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    expect([form.statusCode, form.json()]).toEqual([400, errorBody(`title: ${LONE_SURROGATE_MESSAGE}`)]);

    // The default website ad is there from the start.
    const ads = await t.request({ method: 'GET', url: '/api/App/ads/webads/admin/get' });
    expect((await t.json<{ data: { a_description: string }[] }>(ads)).data).not.toContainEqual(
      expect.objectContaining({ a_description: 'd' }),
    );
    const matches = await t.request({ method: 'GET', url: '/api/App/liveMatch/admin' });
    expect((matches.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('keeps a character written as an escaped surrogate pair', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/App/liveMatch/liveAdsWeb',
      headers: { 'content-type': 'application/json' },
      payload: '{"a_name":"Goal\\ud83d\\ude00","a_url":"https://example.com"}',
    });
    expect([res.statusCode, (res.json() as { data?: { a_name: string } }).data?.a_name]).toEqual([
      200,
      'Goal😀',
    ]);
  });

  it('names a __proto__ or constructor.prototype key instead of calling the JSON malformed', async () => {
    const proto = await t.request({
      method: 'PUT',
      url: '/api/App/liveMatch/liveAds',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":"x"}',
    });
    expect([proto.statusCode, proto.json()]).toEqual([
      400,
      errorBody('The body must not have a key named __proto__'),
    ]);
    // Escaped, it is the same key.
    const nested = await t.request({
      method: 'POST',
      url: '/api/App/push/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"endpoint":"https://example.com","keys":{"\\u005f_proto__":{"polluted":1}}}',
    });
    expect(nested.json()).toEqual(errorBody('keys: must not have a key named __proto__'));
    const ctor = await t.request({
      method: 'PUT',
      url: '/api/App/liveMatch/liveAds',
      headers: { 'content-type': 'application/json' },
      payload: '{"constructor":{"prototype":{"polluted":1}}}',
    });
    expect(ctor.json()).toEqual(
      errorBody('The body must not have a constructor key holding a prototype key'),
    );
    // A sealed body is parsed by JSON.parse, out of Fastify's guard: the walk refuses the key there.
    const sealed = await t.request({
      method: 'DELETE',
      url: '/api/sortcut',
      payload: await t.seal(JSON.parse('{"id":["a"],"__proto__":{"polluted":1}}')),
    });
    expect([sealed.statusCode, sealed.json()]).toEqual([
      400,
      errorBody('The body must not have a key named __proto__'),
    ]);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();

    const malformed = await t.request({
      method: 'PUT',
      url: '/api/App/liveMatch/liveAds',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":',
    });
    expect(malformed.json()).toEqual(errorBody('Malformed JSON body'));
  });

  it('answers a multipart request without a boundary with a 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/App/video/category',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'name=x',
    });
    expect([res.statusCode, res.json()]).toEqual([400, errorBody(NO_BOUNDARY)]);
  });

  it("answers the router's own refusals in the one error shape", async () => {
    const badEscape = await t.request({ method: 'DELETE', url: '/api/App/video/category/%ZZ' });
    expect([badEscape.statusCode, badEscape.json()]).toEqual([
      400,
      errorBody('The URL has a broken %-escape'),
    ]);
    const longParam = await t.request({
      method: 'DELETE',
      url: `/api/App/video/category/${'a'.repeat(200)}`,
    });
    expect([longParam.statusCode, longParam.json()]).toEqual([
      414,
      errorBody('A value in the URL path is too long'),
    ]);
  });
});
