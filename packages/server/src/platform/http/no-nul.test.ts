import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { NO_BOUNDARY } from '../media/multipart.js';
import { nulPath } from './no-nul.js';

describe('nulPath', () => {
  it('finds a NUL in the value, a field, an array item or a key, and nothing elsewhere', () => {
    expect(nulPath('a\0')).toBe('');
    expect(nulPath({ a: 'x', b: { c: ['ok', 'n\0'] } })).toBe('b.c.1');
    expect(nulPath({ 'k\0': 1 })).toBe('k\0');
    expect(nulPath({ a: 'x', b: [1, null, true, { c: 'y' }] })).toBeUndefined();
    expect(nulPath(undefined)).toBeUndefined();
  });

  it('walks a deeply nested value without running out of stack', () => {
    let deep: unknown = 'end\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});

/**
 * PostgreSQL refuses U+0000 in text ("invalid byte sequence"), which surfaced as a 500 on every route
 * that stores or looks up what the client sent; SQLite took it. Both now refuse it before the route runs.
 */
describe('requests with a NUL character, and other malformed requests', () => {
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
