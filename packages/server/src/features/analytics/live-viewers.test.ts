import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { buildApp } from '../../app.js';
import { SYNC_INTERVAL_MS } from '../../platform/cache-sync/cache-sync.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { LiveViewerTracker, SharedLiveViewers } from './live-viewers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const heartbeat = (clientId: string, matchId: string) => ({
  type: 'heartbeat',
  entity: 'liveMatch',
  id: matchId,
  clientId,
});

describe('LiveViewerTracker', () => {
  it('hands each new client to the table once, and again only when its write is 10 s old', () => {
    const tracker = new LiveViewerTracker();
    tracker.beat('a', 'm1', 1_000);
    tracker.beat('b', undefined, 1_000);
    const first = tracker.due();
    expect(first).toEqual(
      expect.arrayContaining([
        { match_id: '', client_id: 'a', last_seen: 1_000 },
        { match_id: 'm1', client_id: 'a', last_seen: 1_000 },
        { match_id: '', client_id: 'b', last_seen: 1_000 },
      ]),
    );
    expect(first).toHaveLength(3);
    // Not written yet (the database did not answer): still due.
    expect(tracker.due()).toHaveLength(3);
    tracker.written(first);
    tracker.beat('a', 'm1', 6_000);
    expect(tracker.due()).toEqual([]);
    tracker.beat('a', 'm1', 11_000);
    expect(tracker.due()).toEqual([
      { match_id: '', client_id: 'a', last_seen: 11_000 },
      { match_id: 'm1', client_id: 'a', last_seen: 11_000 },
    ]);
  });

  it('forgets clients that stopped beating, so memory stays bounded', () => {
    const tracker = new LiveViewerTracker();
    for (let i = 0; i < 1000; i++) tracker.beat(`phone-${i}`, `match-${i % 10}`, 1_000);
    expect(tracker.held()).toBe(2000);
    tracker.beat('late', 'match-x', 62_000);
    expect(tracker.held()).toBe(2);
  });
});

describe('SharedLiveViewers', () => {
  const quiet = { warn: vi.fn(), info: vi.fn() };
  const shared = () => new SharedLiveViewers(t.app.streamdesk.context.db, new LiveViewerTracker(), quiet);

  it('counts clients seen in the last 60 s, overall and per live match, and deletes older rows', async () => {
    const viewers = shared();
    const base = Date.now() - 100_000;
    viewers.tracker.beat('a', 'm1', base);
    viewers.tracker.beat('b', 'm1', base + 30_000);
    viewers.tracker.beat('c', undefined, base + 30_000);
    await viewers.write(base + 30_000);
    expect(await viewers.count(undefined, base + 59_000)).toBe(3);
    expect(await viewers.count('m1', base + 59_000)).toBe(2);
    expect(await viewers.count(undefined, base + 61_000)).toBe(2);
    expect(await viewers.count('m1', base + 61_000)).toBe(1);
    expect((await viewers.perMatch(base + 61_000)).get('m1')).toBe(1);
    expect(await viewers.count(undefined, base + 91_000)).toBe(0);
    // A write 10 s later deletes the rows past the window.
    viewers.tracker.beat('d', undefined, base + 95_000);
    await viewers.write(base + 95_000);
    const { db } = t.app.streamdesk.context;
    const rows = await db
      .selectFrom('live_viewers')
      .select('client_id')
      .where('match_id', 'in', ['', 'm1'])
      .execute();
    expect(rows.map((r) => r.client_id)).toEqual(['d']);
  });

  it('keeps the beats it could not write and writes them once the database answers; warns once', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const { db } = t.app.streamdesk.context;
    const viewers = new SharedLiveViewers(db, new LiveViewerTracker(), log);
    const now = Date.now();
    viewers.tracker.beat('offline-1', 'm3', now);
    // The table out of reach stands for a database that does not answer.
    await sql`ALTER TABLE live_viewers RENAME TO live_viewers_away`.execute(db);
    try {
      await viewers.write(now);
      await viewers.write(now + 1000);
    } finally {
      await sql`ALTER TABLE live_viewers_away RENAME TO live_viewers`.execute(db);
    }
    expect(log.warn).toHaveBeenCalledTimes(1);
    await viewers.write(now + 2000);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(await viewers.count('m3', now + 2000)).toBe(1);
  });

  it('keeps a later heartbeat written by another process over an earlier one', async () => {
    const [one, two] = [shared(), shared()];
    const now = Date.now();
    one.tracker.beat('e', 'm2', now);
    await one.write(now);
    two.tracker.beat('e', 'm2', now - 50_000);
    await two.write(now);
    expect(await one.count('m2', now + 30_000)).toBe(1);
  });
});

describe('heartbeats for a live match that is switched off', () => {
  const sendEvents = async (events: unknown[]) =>
    (
      await t.request({ method: 'POST', url: analyticsRoutes.events.path, admin: false, payload: { events } })
    ).json();
  const setStatus = async (id: string, status: boolean) =>
    expect(
      (
        await t.request({
          method: 'PUT',
          url: liveMatchRoutes.status.path.replace(':id', id),
          payload: { status },
        })
      ).statusCode,
    ).toBe(200);
  /** The live_viewers rows (match id, '' for overall) written for a client. */
  const rowsOf = async (clientId: string) => {
    await t.app.streamdesk.analytics.viewers.write();
    const rows = await t.app.streamdesk.context.db
      .selectFrom('live_viewers')
      .select('match_id')
      .where('client_id', '=', clientId)
      .orderBy('match_id')
      .execute();
    return rows.map((r) => r.match_id);
  };

  it('drops them (inactive) and adds nobody, until the match is switched on again; its views still count', async () => {
    const match = await storedId(t, addCall.liveMatch());
    expect(await sendEvents([heartbeat('watcher-on', match)])).toMatchObject({
      accepted: 1,
      dropped: 0,
      droppedReasons: { unknownId: 0, tooOld: 0, inactive: 0 },
    });
    expect(await rowsOf('watcher-on')).toEqual(['', match]);

    await setStatus(match, false);
    const view = { type: 'view', entity: 'liveMatch', id: match, clientId: 'watcher-off' };
    expect(await sendEvents([heartbeat('watcher-off', match), view])).toMatchObject({
      accepted: 1,
      dropped: 1,
      droppedReasons: { unknownId: 0, tooOld: 0, inactive: 1 },
    });
    // Neither the overall liveView nor the match's viewers.
    expect(await rowsOf('watcher-off')).toEqual([]);

    await setStatus(match, true);
    expect(await sendEvents([heartbeat('watcher-back', match)])).toMatchObject({ accepted: 1, dropped: 0 });
    expect(await rowsOf('watcher-back')).toEqual(['', match]);
  });

  it('counts a heartbeat from its own time: one sent late counts only while its window lasts', async () => {
    const match = await storedId(t, addCall.liveMatch());
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    const beats = [
      { ...heartbeat('watched-2-min-ago', match), at: at(120) },
      { ...heartbeat('watched-10-s-ago', match), at: at(10) },
    ];
    // Both are well-formed and of a known match: taken, though only one says someone watches now.
    expect(await sendEvents(beats)).toMatchObject({ accepted: 2, dropped: 0 });
    expect(await rowsOf('watched-2-min-ago')).toEqual([]);
    expect(await rowsOf('watched-10-s-ago')).toEqual(['', match]);
    const seen = await t.app.streamdesk.context.db
      .selectFrom('live_viewers')
      .select('last_seen')
      .where('client_id', '=', 'watched-10-s-ago')
      .executeTakeFirstOrThrow();
    expect(Date.now() - Number(seen.last_seen)).toBeGreaterThanOrEqual(9_000);
  });

  it('drops heartbeats for an unknown match id as unknownId', async () => {
    expect(await sendEvents([heartbeat('watcher-x', 'ffffffffffffffffffffffff')])).toMatchObject({
      accepted: 0,
      dropped: 1,
      droppedReasons: { unknownId: 1, tooOld: 0, inactive: 0 },
    });
    expect(await rowsOf('watcher-x')).toEqual([]);
  });
});

describe('liveView in the system stats', () => {
  let own: TestApp;
  beforeAll(async () => {
    // An app of its own: the other tests' viewers would leave the window at times of their own.
    own = await createTestApp();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await own.close();
  });

  const beat = async (clientId: string, match: string) =>
    expect(
      (
        await own.request({
          method: 'POST',
          url: analyticsRoutes.events.path,
          admin: false,
          payload: { events: [heartbeat(clientId, match)] },
        })
      ).json(),
    ).toMatchObject({ accepted: 1 });
  /** GET /api/admin/system/stats's liveView once the beats heard so far are in the shared table. */
  const liveView = async () => {
    await own.app.streamdesk.analytics.viewers.write();
    const res = await own.request({ method: 'GET', url: systemStatsRoutes.get.path });
    return res.json<{ liveView: number }>().liveView;
  };

  it('counts each client for 60 s after its last heartbeat, and not after', async () => {
    const match = await storedId(own, addCall.liveMatch());
    // Only Date is faked: the server's clock moves when the test says, its timers and I/O run as always.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const at = (seconds: number) => vi.setSystemTime(start + seconds * 1000);
    await beat('phone-a', match);
    await beat('phone-a', match);
    await beat('phone-b', match);
    expect(await liveView()).toBe(2);
    at(30);
    await beat('phone-a', match);
    at(59);
    expect(await liveView()).toBe(2);
    at(61);
    expect(await liveView()).toBe(1);
    at(91);
    expect(await liveView()).toBe(0);
  });
});

describe('two server processes on one database', () => {
  let b: FastifyInstance;
  beforeAll(async () => {
    // A second process: its own server, memory and connections, on the same database.
    b = await buildApp(t.config, { logger: false });
  });
  afterAll(() => b.close());

  const beats = (app: FastifyInstance, events: unknown[]) =>
    app.inject({
      method: 'POST',
      url: analyticsRoutes.events.path,
      headers: { 'api-key': TEST_API_KEY },
      payload: { events },
    });
  const liveView = async (app: FastifyInstance) => {
    const res = await app.inject({
      url: systemStatsRoutes.get.path,
      headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}` },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { liveView: number }).liveView;
  };

  it('both count every distinct client, whichever process heard its heartbeats', async () => {
    const match = await storedId(t, addCall.liveMatch());
    const base = await liveView(t.app);
    // The load balancer sent phone-1 to both processes, phone-2 to the second only.
    expect((await beats(t.app, [heartbeat('phone-1', match)])).json()).toMatchObject({ accepted: 1 });
    expect((await beats(b, [heartbeat('phone-1', match), heartbeat('phone-2', match)])).json()).toMatchObject(
      { accepted: 2 },
    );
    await expect.poll(() => liveView(t.app), { timeout: 3000, interval: 100 }).toBe(base + 2);
    await expect.poll(() => liveView(b), { timeout: 3000, interval: 100 }).toBe(base + 2);
    // And per live match, which the Live Match screen shows.
    for (const app of [t.app, b]) {
      const res = await app.inject({
        url: systemStatsRoutes.liveMatchViewers.path,
        headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}` },
      });
      expect((res.json() as { data: unknown[] }).data).toContainEqual({ _id: match, liveView: 2 });
    }
  });

  it('both drop heartbeats for a match switched off through one of them', async () => {
    const match = await storedId(t, addCall.liveMatch());
    const beat = async () => (await beats(b, [heartbeat('phone-3', match)])).json();
    await expect.poll(beat, { timeout: 3000, interval: 100 }).toMatchObject({ accepted: 1 });
    // Let the second process catch up with every earlier write (the add's own step may still be on its
    // way): from here on, only the status change can make it reload what it knows of the matches.
    await new Promise((resolve) => setTimeout(resolve, 3 * SYNC_INTERVAL_MS));
    expect(await beat()).toMatchObject({ accepted: 1 });
    const off = await t.request({
      method: 'PUT',
      url: liveMatchRoutes.status.path.replace(':id', match),
      payload: { status: false },
    });
    expect(off.statusCode).toBe(200);
    // The other process hears of the write through the shared cache versions (0007-app-reads.md).
    await expect
      .poll(beat, { timeout: 3000, interval: 100 })
      .toMatchObject({ accepted: 0, droppedReasons: { inactive: 1 } });
  });
});
