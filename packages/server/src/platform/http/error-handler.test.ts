import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { plainZodMessage } from './error-handler.js';
import { parseForm } from './parse-form.js';

/** zod's first issue for `value` against `schema`. */
const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;

describe('plainZodMessage', () => {
  it("words zod's own text for a missing field and for a number that is not one", () => {
    const query = z.object({ startDate: z.string(), page: z.coerce.number().int() });
    expect(plainZodMessage('querystring startDate', issueOf(query, { page: '1' }))).toBe(
      'querystring startDate is required',
    );
    expect(plainZodMessage('querystring page', issueOf(query, { startDate: 'x', page: 'abc' }))).toBe(
      'querystring page must be a number',
    );
  });

  it("words a value of several shapes (an id or a list of ids), where zod says only 'Invalid input'", () => {
    const body = z.object({ id: z.union([z.string(), z.array(z.string())]) });
    expect(plainZodMessage('id', issueOf(body, {}))).toBe('id is required');
    expect(plainZodMessage('id', issueOf(body, { id: 5 }))).toBe('id must be a string or a list');
    const literal = z.object({ v: z.union([z.literal('a'), z.literal('b')]) });
    expect(plainZodMessage('v', issueOf(literal, { v: 'c' }))).toBeUndefined();
  });

  it("leaves a schema's own message and zod's other texts alone", () => {
    expect(plainZodMessage('a', issueOf(z.object({ a: z.string('a is missing') }), {}))).toBeUndefined();
    expect(plainZodMessage('a', issueOf(z.object({ a: z.string() }), { a: 1 }))).toBeUndefined();
    expect(plainZodMessage('a', issueOf(z.object({ a: z.number().min(1) }), { a: 0 }))).toBeUndefined();
  });

  it('words a form field the same way, which otherwise named nothing', () => {
    const form = z.object({ title: z.string(), s_no: z.coerce.number() });
    expect(() => parseForm(form, { s_no: '1' })).toThrow('title is required');
    expect(() => parseForm(form, { title: 'x', s_no: 'two' })).toThrow('s_no must be a number');
    expect(() => parseForm(z.object({ title: z.string('Title is required') }), {})).toThrow(
      /^Title is required$/,
    );
  });
});

describe('error replies', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("names a missing query field and a query number that is not one in the product's words", async () => {
    const missing = await t.request({ method: 'DELETE', url: '/api/App/ads/webads/count/remove/abc' });
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      errorBody('querystring startDate is required'),
    ]);
    const page = await t.request({ method: 'GET', url: '/api/App/notification/history?page=abc' });
    expect([page.statusCode, page.json()]).toEqual([400, errorBody('querystring page must be a number')]);
    const below = await t.request({ method: 'GET', url: '/api/App/notification/history?page=0' });
    expect(below.json()).toEqual(errorBody('querystring page: page must be 1 or more'));
    const twice = await t.request({ method: 'GET', url: '/api/App/notification/history?page=1&page=20' });
    expect([twice.statusCode, twice.json()]).toEqual([400, errorBody('querystring page must be given once')]);
  });

  it('names a missing or misshapen id list in words, not "Invalid input"', async () => {
    const missing = await t.request({ method: 'DELETE', url: '/api/App/inhouse/ads', payload: {} });
    expect([missing.statusCode, missing.json()]).toEqual([400, errorBody('id: id is required')]);
    const number = await t.request({ method: 'DELETE', url: '/api/App/reels', payload: { id: 5 } });
    expect([number.statusCode, number.json()]).toEqual([
      400,
      errorBody('id: id must be an id or a list of ids'),
    ]);
  });

  /** Writes `request` on a raw socket; resolves with what came back once the server closes it. */
  const rawReply = (request: string) =>
    new Promise<string>((resolve) => {
      let reply = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (d: Buffer) => (reply += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => resolve(reply));
    });
  const parts = (reply: string) => {
    const [head = '', body = ''] = reply.split('\r\n\r\n');
    return { status: head.split(' ')[1], json: JSON.parse(body) as unknown };
  };

  it("answers what Node's HTTP parser refuses in the one error shape", async () => {
    const bigHeader = await rawReply(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(parts(bigHeader)).toEqual({ status: '431', json: errorBody('The request headers are too large') });

    const smuggled = await rawReply(
      `POST /api/App/ads/webads/add HTTP/1.1\r\nHost: x\r\napi-key: ${TEST_API_KEY}\r\n` +
        'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expect(parts(smuggled)).toEqual({
      status: '400',
      json: errorBody(
        "The request is not valid HTTP: Transfer-Encoding can't be present with Content-Length",
      ),
    });

    const garbage = await rawReply('HELLO\r\n\r\n');
    expect(parts(garbage)).toEqual({ status: '400', json: errorBody(/^The request is not valid HTTP/) });
  });
});
