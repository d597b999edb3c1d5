import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  createIdempotencyService,
  keepsReply,
  type Begun,
  type IdempotencyOptions,
} from './idempotency.service.js';

/** The rules of the keys over time, on a clock the test sets (the HTTP side is in idempotency.test.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const T0 = 1_800_000_000_000;
const db = () => t.app.streamdesk.context.db;
let clock = T0;
const service = (options: IdempotencyOptions = {}) =>
  createIdempotencyService(db(), { now: () => clock, ...options });
let n = 0;
const request = (key = `key-${++n}-0123456789abcdef`) => ({
  adminId: 'admin-1',
  key,
  method: 'POST',
  url: '/api/App/liveMatch/liveAdsWeb',
});
const OK = { statusCode: 200, body: '{"status":true,"message":"ok"}', clientGone: false };

function claimOf(begun: Begun) {
  if (begun.kind !== 'claimed') throw new Error(`expected a claim, got ${begun.kind}`);
  return begun.claim;
}

/** The keys' tables through a connection the test can take down (`down.value`). */
function failingDb() {
  const down = { value: false };
  const failing = db().withPlugin({
    transformQuery: (args) => {
      if (down.value) throw new Error('the database is not answering');
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { failing, down };
}

describe('idempotency keys over time', () => {
  it('sends a reply again for 24 hours; after that the key is new', async () => {
    clock = T0;
    const s = service();
    const r = request();
    await s.finish(claimOf(await s.begin(r)), OK);
    clock = T0 + 24 * HOUR - 1;
    expect(await s.begin(r)).toEqual({ kind: 'replay', statusCode: 200, body: OK.body });
    clock = T0 + 24 * HOUR + 1;
    expect((await s.begin(r)).kind).toBe('claimed');
    s.close();
  });

  it('prunes keys past 24 hours, at most a batch at a time and at most once a minute per process', async () => {
    clock = T0 + 1000 * HOUR;
    const s = service({ pruneBatch: 2, pruneEveryMs: 60_000 });
    const old = Array.from({ length: 5 }, () => request());
    for (const r of old) await s.finish(claimOf(await s.begin(r)), OK);
    clock += 12 * HOUR;
    const recent = request();
    await s.finish(claimOf(await s.begin(recent)), OK);
    const keys = async () =>
      (await db().selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key);
    clock += 12 * HOUR + 1;
    expect(await s.prune()).toBe(2);
    expect(await s.prune()).toBe(2);
    expect(await s.prune()).toBe(1);
    expect(await s.prune()).toBe(0);
    expect(await keys()).toContain(recent.key);
    for (const r of old) expect(await keys()).not.toContain(r.key);

    // A write prunes when a minute has passed since this process last did.
    const more = Array.from({ length: 3 }, () => request());
    for (const r of more) await s.finish(claimOf(await s.begin(r)), OK);
    clock += 24 * HOUR + 1;
    const expired = async () =>
      (
        await db()
          .selectFrom('idempotency_keys')
          .select('key')
          .where('created_at', '<', clock - 24 * HOUR)
          .execute()
      ).length;
    expect(await expired()).toBe(4);
    await s.begin(request());
    await vi.waitFor(async () => expect(await expired()).toBe(2));
    await s.begin(request());
    await new Promise((r) => setTimeout(r, 100));
    expect(await expired()).toBe(2);
    s.close();
  });

  it('frees a claim whose process stopped marking it, and keeps one that is still marked', async () => {
    clock = T0 + 2000 * HOUR;
    const first = service({ staleMs: 90_000 });
    const other = service({ staleMs: 90_000 });
    const r = request();
    const stopped = claimOf(await first.begin(r));
    clock += 60_000;
    await first.touchRunning();
    clock += 60_000;
    expect((await other.begin(r)).kind).toBe('running');
    clock += 31_000;
    const takenOver = claimOf(await other.begin(r));
    // The stopped request's late reply changes nothing: the key is the new claim's.
    await first.finish(stopped, { ...OK, body: '{"late":true}' });
    expect((await other.begin(r)).kind).toBe('running');
    await other.finish(takenOver, OK);
    expect(await other.begin(r)).toEqual({ kind: 'replay', statusCode: 200, body: OK.body });
    first.close();
    other.close();
  });

  it('keeps the claim of a reply it could not store, marked, and stores the reply with the heartbeat', async () => {
    clock = T0 + 4000 * HOUR;
    const { failing, down } = failingDb();
    const errors: string[] = [];
    const s = createIdempotencyService(failing, {
      now: () => clock,
      staleMs: 90_000,
      onError: (_error, what) => errors.push(what),
    });
    const other = service({ staleMs: 90_000 });
    const r = request();
    const claim = claimOf(await s.begin(r));
    down.value = true;
    await expect(s.finish(claim, OK)).rejects.toThrow('not answering');
    await s.touchRunning();
    expect(errors).toContain('storing the reply of an idempotent write');
    down.value = false;

    // The write was made: a repeat past the stale limit must not run it again.
    clock += 60_000;
    await s.touchRunning();
    clock += 60_000;
    expect(await other.begin(r)).toEqual({ kind: 'replay', statusCode: 200, body: OK.body });
    clock += 100_000;
    expect(await other.begin(r)).toEqual({ kind: 'replay', statusCode: 200, body: OK.body });
    await s.close();
    other.close();
  });

  it('tries the replies not stored yet once more on close', async () => {
    clock = T0 + 5000 * HOUR;
    const { failing, down } = failingDb();
    const s = createIdempotencyService(failing, { now: () => clock });
    const r = request();
    const claim = claimOf(await s.begin(r));
    down.value = true;
    await expect(s.finish(claim, OK)).rejects.toThrow();
    down.value = false;
    await s.close();
    expect(await service().begin(r)).toEqual({ kind: 'replay', statusCode: 200, body: OK.body });
  });

  it('takes over a stale claim only for the same request', async () => {
    clock = T0 + 3000 * HOUR;
    const s = service({ staleMs: 90_000 });
    const r = request();
    claimOf(await s.begin(r));
    clock += 100_000;
    expect(await s.begin({ ...r, url: '/api/sortcut' })).toEqual({ kind: 'mismatch' });
    s.close();
  });
});

describe('which replies are kept for the key', () => {
  it.each([
    [200, false, true],
    [200, true, true],
    [400, false, true],
    [404, false, true],
    [409, false, true],
    [400, true, false],
    [408, false, false],
    [429, false, false],
    [500, false, false],
    [503, false, false],
    [507, false, false],
  ])('%i, client gone %s: kept %s', (statusCode, clientGone, kept) => {
    expect(keepsReply({ statusCode, body: '{}', clientGone })).toBe(kept);
  });
});
