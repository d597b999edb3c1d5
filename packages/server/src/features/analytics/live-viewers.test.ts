import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { buildApp } from '../../app.js';
import { tablesOf } from '../../platform/db/database.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import type { LiveViewersTables } from './live-viewers.repository.js';
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
  const shared = () =>
    new SharedLiveViewers(
      tablesOf<LiveViewersTables>(t.app.streamdesk.context.db),
      new LiveViewerTracker(),
      quiet,
    );

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
    const rows = await tablesOf<LiveViewersTables>(db)
      .selectFrom('live_viewers')
      .select('client_id')
      .where('match_id', 'in', ['', 'm1'])
      .execute();
    expect(rows.map((r) => r.client_id)).toEqual(['d']);
  });

  it('keeps the beats it could not write and writes them once the database answers; warns once', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const { db } = t.app.streamdesk.context;
    const viewers = new SharedLiveViewers(tablesOf<LiveViewersTables>(db), new LiveViewerTracker(), log);
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
});
