import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { controllerRoutes } from '@streamdesk/contract/controller';
import { idempotencyMessages } from '@streamdesk/contract/idempotency';
import { liveMatchRoutes, type WebLiveAd } from '@streamdesk/contract/live-matches';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { buildApp } from '../../app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { form, PNG } from '../../test/media-fixtures.js';
import { keyRow } from '../../test/idempotency-keys.js';
import { storedFiles } from '../../test/stored-files.js';
import { createTestApp, errorBody, TEST_ADMIN, TEST_API_KEY, type TestApp } from '../../test/test-app.js';

/**
 * Admin writes with an Idempotency-Key (docs/decisions/0010-bad-network.md): a change sent again after
 * its reply was lost is made once, and the second request gets the first one's reply.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newKey = () => randomBytes(16).toString('hex');
const keyed = (key: string) => ({ 'idempotency-key': key });
const REPLAYED = 'idempotent-replayed';

const addWebAd = (key: string | undefined, a_name: string, app?: FastifyInstance) => {
  const opts = {
    method: 'POST' as const,
    url: liveMatchRoutes.addWebAd.path,
    payload: { a_name, a_url: 'https://ads.example.com/x' },
  };
  const headers = key === undefined ? {} : keyed(key);
  if (!app) return t.request({ ...opts, headers });
  return app.inject({
    ...opts,
    headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}`, ...headers },
  });
};
const webAdsNamed = async (name: string) => {
  const res = await t.request({ method: 'GET', url: liveMatchRoutes.webAds.path });
  return (await t.json<{ data: WebLiveAd[] }>(res)).data.filter((a) => a.a_name === name).length;
};
const addMatch = (key: string | undefined, title: string, token = t.token) =>
  t.request({
    method: 'POST',
    url: liveMatchRoutes.add.path,
    headers: { ...(key === undefined ? {} : keyed(key)), authorization: `Bearer ${token}` },
    payload: form({ title, url: 'https://live.example.com/final' }, [
      { field: 'image', name: 'm.png', data: PNG, type: 'image/png' },
    ]),
  });
const matchRows = async (title: string) =>
  (
    await t.app.streamdesk.context.db
      .selectFrom('live_matches')
      .select('id')
      .where('title', '=', title)
      .execute()
  ).length;

function expectReplayOf(again: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(first.headers[REPLAYED]).toBeUndefined();
  expect([again.statusCode, again.headers[REPLAYED], again.body]).toEqual([
    first.statusCode,
    'true',
    first.body,
  ]);
}

describe('a write sent again with its Idempotency-Key', () => {
  it('is made once when it is JSON, and gets the first reply again', async () => {
    const key = newKey();
    const first = await addWebAd(key, 'Once');
    expect(first.statusCode).toBe(200);
    const again = await addWebAd(key, 'Once');
    expectReplayOf(again, first);
    expect(await webAdsNamed('Once')).toBe(1);
  });

  it('is made once when it is a form with a file: one row, one file', async () => {
    const filesBefore = storedFiles(t, 'live-matches').length;
    const key = newKey();
    const first = await addMatch(key, 'Upload once');
    expect(first.statusCode).toBe(200);
    const again = await addMatch(key, 'Upload once');
    expectReplayOf(again, first);
    expect(await matchRows('Upload once')).toBe(1);
    expect(storedFiles(t, 'live-matches')).toHaveLength(filesBefore + 1);
    expect(storedFiles(t, '.tmp')).toEqual([]);
  });

  it('gets a sealed reply again byte for byte', async () => {
    const key = newKey();
    const put = async () =>
      t.request({
        method: 'PUT',
        url: controllerRoutes.payAmount.path,
        headers: keyed(key),
        payload: await t.seal({ payAmount: '49.99' }),
      });
    const first = await put();
    expect(await t.json(first)).toMatchObject({ status: true });
    expectReplayOf(await put(), first);
  });

  it('is made again without a key, as deployed clients send it', async () => {
    expect((await addMatch(undefined, 'Twice')).statusCode).toBe(200);
    const again = await addMatch(undefined, 'Twice');
    expect([again.statusCode, again.headers[REPLAYED]]).toEqual([200, undefined]);
    expect(await matchRows('Twice')).toBe(2);
  });
});

describe('keys and changes', () => {
  let category: string;
  beforeAll(async () => {
    category = await storedId(t, addCall.category('Keys'));
  });
  const toggle = (key: string) =>
    t.request({
      method: 'PUT',
      url: videoCategoryRoutes.toggleStatus.path.replace(':id', category),
      headers: keyed(key),
    });
  const statusOf = async (res: LightMyRequestResponse) =>
    (await t.json<{ data: VideoCategory }>(res)).data.status;

  it('toggles twice with two keys, once with one', async () => {
    const first = newKey();
    expect(await statusOf(await toggle(first))).toBe(false);
    expect(await statusOf(await toggle(first))).toBe(false);
    expect(await statusOf(await toggle(newKey()))).toBe(true);
  });

  it('answers 409 while the first request with the key is still running, then its reply', async () => {
    const key = newKey();
    let release!: () => void;
    const held = t.app.streamdesk.context.locks.run('video_categories', [category], () => {
      return new Promise<void>((r) => (release = r));
    });
    const running = toggle(key);
    await vi.waitFor(async () => expect(await keyRow(t, key)).toBeDefined());
    const meanwhile = await toggle(key);
    expect([meanwhile.statusCode, meanwhile.json()]).toEqual([
      409,
      errorBody(idempotencyMessages.stillSaving),
    ]);
    release();
    await held;
    const first = await running;
    expect(first.statusCode).toBe(200);
    expectReplayOf(await toggle(key), first);
  });

  it('frees the key when the write fails on the server (5xx), so the same change can run again', async () => {
    const key = newKey();
    vi.spyOn(t.app.streamdesk.context.media, 'save').mockRejectedValueOnce(new Error('disk gone'));
    const failed = await addMatch(key, 'After a fault');
    expect(failed.statusCode).toBe(500);
    expect(await keyRow(t, key)).toBeUndefined();
    const retried = await addMatch(key, 'After a fault');
    expect([retried.statusCode, retried.headers[REPLAYED]]).toEqual([200, undefined]);
    expect(await matchRows('After a fault')).toBe(1);
  });

  it('refuses a key that is not 16 to 64 letters, digits, - or _, naming the header', async () => {
    for (const bad of ['short', 'x'.repeat(65), 'has spaces in it ok?', `${newKey()}, ${newKey()}`, '']) {
      const res = await addWebAd(bad, 'BadKey');
      expect([bad, res.statusCode, res.json()]).toEqual([bad, 400, errorBody(idempotencyMessages.badKey)]);
    }
    expect(idempotencyMessages.badKey).toMatch(/^Idempotency-Key /);
    expect(await webAdsNamed('BadKey')).toBe(0);
    // Reads do not take a key, and ignore one.
    const read = await t.request({ method: 'GET', url: liveMatchRoutes.webAds.path, headers: keyed('x') });
    expect(read.statusCode).toBe(200);
  });

  it('answers 422 to the key of one request sent with another method or path', async () => {
    const key = newKey();
    expect((await addWebAd(key, 'Elsewhere')).statusCode).toBe(200);
    const otherPath = await addMatch(key, 'Elsewhere');
    expect([otherPath.statusCode, otherPath.json()]).toEqual([
      422,
      errorBody(idempotencyMessages.otherRequest),
    ]);
    const otherMethod = await t.request({
      method: 'PUT',
      url: liveMatchRoutes.editWebAd.path,
      headers: keyed(key),
      payload: { _id: 'x', a_name: 'Elsewhere', a_url: 'https://ads.example.com/x' },
    });
    expect(otherMethod.statusCode).toBe(422);
    expect(await matchRows('Elsewhere')).toBe(0);
  });

  it("keeps each admin's keys apart", async () => {
    const other = { email: 'second@example.com', password: TEST_ADMIN.password };
    await t.app.streamdesk.auth.ensureAdmin(other.email, other.password);
    const { token } = await t.app.streamdesk.auth.login({ a_email: other.email, a_password: other.password });
    const key = newKey();
    expect((await addMatch(key, 'Per admin')).statusCode).toBe(200);
    const byOther = await addMatch(key, 'Per admin', token);
    expect([byOther.statusCode, byOther.headers[REPLAYED]]).toEqual([200, undefined]);
    expect(await matchRows('Per admin')).toBe(2);
  });
});

/** Several server processes on one database (ARCHITECTURE.md's scale-out path): the claim is the row. */
describe('two server processes on one database', () => {
  let peer: FastifyInstance;
  let category: string;
  beforeAll(async () => {
    peer = await buildApp(t.config, { logger: false });
    category = await storedId(t, addCall.category('Peers'));
  });
  afterAll(() => peer.close());

  const toggleThrough = (app: FastifyInstance, key: string) =>
    app.inject({
      method: 'PUT',
      url: videoCategoryRoutes.toggleStatus.path.replace(':id', category),
      headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}`, ...keyed(key) },
    });

  it('agree on a key: a reply stored by one is sent again by the other', async () => {
    const key = newKey();
    const first = await addWebAd(key, 'AcrossProcesses');
    expectReplayOf(await addWebAd(key, 'AcrossProcesses', peer), first);
    expect(await webAdsNamed('AcrossProcesses')).toBe(1);
  });

  it('agree that a key is running: the other answers 409 until the first has run', async () => {
    const key = newKey();
    let release!: () => void;
    const held = t.app.streamdesk.context.locks.run('video_categories', [category], () => {
      return new Promise<void>((r) => (release = r));
    });
    const running = toggleThrough(t.app, key);
    await vi.waitFor(async () => expect(await keyRow(t, key)).toBeDefined());
    expect((await toggleThrough(peer, key)).statusCode).toBe(409);
    release();
    await held;
    const first = await running;
    expect(first.statusCode).toBe(200);
    expectReplayOf(await toggleThrough(peer, key), first);
  });
});
