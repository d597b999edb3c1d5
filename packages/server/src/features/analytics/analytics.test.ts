import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoutes, type DashboardReply, type DropReason } from '@streamdesk/contract/analytics';
import { controllerRoutes } from '@streamdesk/contract/controller';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { addTestItems as addItems, testItemTotals } from '../../test/test-items.js';
import { createDatabase } from '../../platform/db/database.js';
import { createDayOf } from './report-day.js';

interface JsonSchema {
  type?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

let t: TestApp;
/** Days a few days back, so the events are within the accepted age. */
const dayBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const D1 = dayBefore(3);
const D2 = dayBefore(2);
const D3 = dayBefore(1);
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const C = 'cccccccccccccccccccccccc';
const D = 'dddddddddddddddddddddddd';
const E = 'eeeeeeeeeeeeeeeeeeeeeeee';

/** Counted on several days in one flush. */
const M = 'abababababababababababab';

const ITEMS = [A, B, C, D, E, M];
const addTestItems = (app: TestApp) => addItems(app.app, ITEMS);
const totals = (id: string) => testItemTotals(t.app, id);

const send = (events: unknown[]) =>
  t.request({ method: 'POST', url: analyticsRoutes.events.path, admin: false, payload: { events } });

const flush = () => t.app.streamdesk.analytics.counter.flush();

/** The whole reply to a batch: `dropped` is the sum of the reasons. */
const countedReply = (accepted: number, droppedReasons: Record<DropReason, number>) => ({
  status: true,
  message: 'Events counted',
  accepted,
  dropped: Object.values(droppedReasons).reduce((a, b) => a + b, 0),
  droppedReasons,
  duplicate: false,
});

beforeAll(async () => {
  t = await createTestApp();
  await addTestItems(t);
  // These tests flush by hand and look at what is not written yet: the 1 s timer would write it between a
  // send and the look, now and then. 'the automatic flush' below has its own app with the timer on.
  await t.app.streamdesk.analytics.counter.stop();
});
afterAll(() => t.close());

describe('POST /api/App/events', () => {
  it('counts a batch into per-day rollups and the item totals after a flush', async () => {
    const res = await send([
      { type: 'view', entity: 'reel', id: A, clientId: 'c1', at: `${D1}T04:00:00Z` },
      { type: 'view', entity: 'reel', id: A, clientId: 'c2', at: `${D1}T05:00:00Z` },
      { type: 'click', entity: 'reel', id: A, clientId: 'c1', at: `${D2}T04:00:00Z` },
      { type: 'view', entity: 'reel', id: 'ffffffffffffffffffffffff', clientId: 'c1' },
      { type: 'view', entity: 'story', id: A, clientId: 'c1' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(countedReply(3, { unknownId: 2, tooOld: 0, inactive: 0 }));
    expect(await totals(A)).toEqual({ views: 0, clicks: 0 });
    await flush();
    expect(await totals(A)).toEqual({ views: 2, clicks: 1 });
    const dash = await t.request({
      method: 'GET',
      url: `/api/admin/view/dashbord/${A}?startDate=${D1}&endDate=${D3}`,
    });
    expect(dash.json()).toEqual({
      status: true,
      message: 'Analytics data',
      views_data: [{ createdAt: D1, count: 2 }],
      clicks_data: [{ createdAt: D2, count: 1 }],
      totalViews: 2,
      totalClicks: 1,
    });
  });

  it("keeps the known ids over its own flushes, and learns new ones from the feature's items tag", async () => {
    const F = 'ffffffffffff000000000001';
    const unknown = await send([
      { type: 'view', entity: 'reel', id: A, clientId: 'c1' },
      { type: 'view', entity: 'reel', id: F, clientId: 'c1' },
    ]);
    expect(unknown.json()).toMatchObject({ accepted: 1, droppedReasons: { unknownId: 1 } });
    await flush();
    // An item the counter has not been told of (no write of its feature): the flush just made must not have
    // made the counter read its ids again (it read every id of the table after each flush: 28 ms for
    // 18,700 videos on PostgreSQL, every second under steady traffic). F is still no item to it.
    await sql`INSERT INTO test_items (id) VALUES (${F})`.execute(t.app.streamdesk.context.db);
    expect((await send([{ type: 'view', entity: 'reel', id: F, clientId: 'c1' }])).json()).toMatchObject({
      accepted: 0,
    });
    // A write of the feature (its itemsTag) makes the counter read them again.
    t.app.streamdesk.context.cache.invalidate('test-items');
    const known = await send([{ type: 'view', entity: 'reel', id: F, clientId: 'c1' }]);
    expect(known.json()).toMatchObject({ accepted: 1, dropped: 0 });
    await flush();
    expect(await totals(F)).toEqual({ views: 1, clicks: 0 });
  });

  it('puts 18:29 and 18:31 UTC on different Asia/Kolkata days', async () => {
    await send([
      { type: 'view', entity: 'reel', id: B, clientId: 'c1', at: `${D1}T18:29:00Z` },
      { type: 'view', entity: 'reel', id: B, clientId: 'c1', at: `${D1}T18:31:00Z` },
    ]);
    await flush();
    const dash = await t.request({
      method: 'GET',
      url: `/api/admin/view/dashbord/${B}?startDate=${D1}&endDate=${D3}`,
    });
    expect(dash.json().views_data).toEqual([
      { createdAt: D1, count: 1 },
      { createdAt: D2, count: 1 },
    ]);
  });

  it("adds an item's counts of several days to its total, alike in count as in one flush, and a clear takes them off", async () => {
    // One flush with one view of M on each of three days: three rollup rows of count 1 for one item.
    await send(
      [D1, D2, D3].map((day) => ({
        type: 'view',
        entity: 'reel',
        id: M,
        clientId: 'c1',
        at: `${day}T06:00:00Z`,
      })),
    );
    await send(
      [D1, D2].map((day) => ({
        type: 'click',
        entity: 'reel',
        id: M,
        clientId: 'c2',
        at: `${day}T07:00:00Z`,
      })),
    );
    await flush();
    expect(await totals(M)).toEqual({ views: 3, clicks: 2 });
    const clear = await t.request({
      method: 'DELETE',
      url: `/api/admin/view/dashbord/${M}?startDate=${D1}&endDate=${D2}`,
    });
    expect(clear.json()).toMatchObject({ status: true });
    expect(await totals(M)).toEqual({ views: 1, clicks: 0 });
  });

  it('counts events from a phone whose clock is fast at the time they arrive, on that day', async () => {
    const dayOf = createDayOf(t.config.reportTimeZone);
    const before = dayOf(Date.now());
    const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
    const res = await send([
      { type: 'view', entity: 'reel', id: D, clientId: 'fast-1', at: ahead(10 * 60_000) },
      { type: 'view', entity: 'reel', id: D, clientId: 'fast-2', at: ahead(3 * 86_400_000) },
      { type: 'click', entity: 'reel', id: D, clientId: 'fast-3', at: '2099-01-01T00:00:00+05:30' },
    ]);
    const after = dayOf(Date.now());
    expect(res.json()).toMatchObject({
      accepted: 3,
      dropped: 0,
      droppedReasons: { unknownId: 0, tooOld: 0, inactive: 0 },
    });
    await flush();
    expect(await totals(D)).toEqual({ views: 2, clicks: 1 });
    // Counted on the server's day, not on the days the phone's clock claims.
    const dash = await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${D}` });
    const { views_data, clicks_data } = dash.json<DashboardReply>();
    const today = views_data[0]?.createdAt;
    expect([before, after]).toContain(today);
    expect([views_data, clicks_data]).toEqual([
      [{ createdAt: today, count: 2 }],
      [{ createdAt: today, count: 1 }],
    ]);
  });

  it("puts an event stamped ahead of the server's time on the server's day, not the next one", async () => {
    // 23:58 in Kolkata on D1; the phone's clock says 00:01 on the next day.
    const now = Date.parse(`${D1}T18:28:00Z`);
    const counted = await t.app.streamdesk.analytics.counter.ingest(
      { events: [{ type: 'view', entity: 'reel', id: E, clientId: 'c1', at: `${D1}T18:31:00Z` }] },
      now,
    );
    expect(counted.accepted).toBe(1);
    await flush();
    const dash = await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${E}` });
    expect(dash.json<DashboardReply>().views_data).toEqual([{ createdAt: D1, count: 1 }]);
  });

  it('says why each dropped event was dropped, first reason first, adding up to dropped', async () => {
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const unknown = 'ffffffffffffffffffffffff';
    const res = await send([
      { type: 'view', entity: 'reel', id: A, clientId: 'c1' },
      { type: 'view', entity: 'reel', id: A, clientId: 'c1', at: old },
      { type: 'click', entity: 'reel', id: unknown, clientId: 'c1', at: old },
      { type: 'click', entity: 'reel', id: unknown, clientId: 'c1' },
      { type: 'heartbeat', entity: 'liveMatch', id: unknown, clientId: 'c1' },
    ]);
    expect(res.json()).toEqual(countedReply(1, { unknownId: 2, tooOld: 2, inactive: 0 }));
  });

  it('describes the reasons in the published OpenAPI description, next to accepted and dropped', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> }>
      >;
    }>();
    const reply =
      doc.paths[analyticsRoutes.events.path]!.post!.responses['200']!.content['application/json']!.schema;
    expect(reply.required).toEqual(expect.arrayContaining(['accepted', 'dropped', 'droppedReasons']));
    expect(reply.properties!.accepted).toMatchObject({ type: 'integer' });
    expect(reply.properties!.dropped).toMatchObject({ type: 'integer' });
    const reasons = reply.properties!.droppedReasons!;
    expect(reasons.required).toEqual(['unknownId', 'tooOld', 'inactive']);
    for (const reason of ['unknownId', 'tooOld', 'inactive'])
      expect(reasons.properties![reason]).toMatchObject({ type: 'integer', description: expect.any(String) });
  });

  it('takes a batch of exactly 500 events, the limit', async () => {
    const events = Array.from({ length: 500 }, (_, i) => ({
      type: i % 5 ? 'view' : 'click',
      entity: 'reel',
      id: B,
      clientId: `phone-${i}`,
    }));
    const before = await totals(B);
    const res = await send(events);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(countedReply(500, { unknownId: 0, tooOld: 0, inactive: 0 }));
    await flush();
    expect(await totals(B)).toEqual({ views: before!.views + 400, clicks: before!.clicks + 100 });
  });

  it('refuses bad shapes and batches over 500 with a 400 naming the problem', async () => {
    const big = Array.from({ length: 501 }, () => ({ type: 'view', entity: 'reel', id: A, clientId: 'c' }));
    expect((await send(big)).json()).toEqual(errorBody('events: events holds at most 500 events per batch'));
    expect((await send([{ type: 'like', entity: 'reel', id: A, clientId: 'c' }])).json()).toEqual(
      errorBody('events.0.type: type must be view, click or heartbeat'),
    );
    expect((await send([{ type: 'view', entity: 'reel', id: A }])).statusCode).toBe(400);
    expect((await send([])).statusCode).toBe(400);
  });

  it('needs the api-key but no token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: analyticsRoutes.events.path,
      payload: { events: [] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the automatic flush', () => {
  it('writes what was counted within a few seconds, with no flush called', async () => {
    const other = await createTestApp();
    try {
      await addTestItems(other);
      const res = await other.request({
        method: 'POST',
        url: analyticsRoutes.events.path,
        admin: false,
        payload: {
          events: [
            { type: 'view', entity: 'reel', id: A, clientId: 'c1' },
            { type: 'click', entity: 'reel', id: A, clientId: 'c1' },
          ],
        },
      });
      expect(res.json()).toMatchObject({ accepted: 2 });
      // The timer writes at most a second later; the bound only keeps a broken timer from hanging the test.
      await expect
        .poll(() => testItemTotals(other.app, A), { timeout: 10_000, interval: 100 })
        .toEqual({ views: 1, clicks: 1 });
    } finally {
      await other.close();
    }
  });
});

describe('clearing a range', () => {
  it('clears only that range and fixes the totals', async () => {
    await send([
      { type: 'click', entity: 'reel', id: C, clientId: 'c1', at: `${D1}T06:00:00Z` },
      { type: 'click', entity: 'reel', id: C, clientId: 'c1', at: `${D2}T06:00:00Z` },
      { type: 'click', entity: 'reel', id: C, clientId: 'c1', at: `${D3}T06:00:00Z` },
    ]);
    await flush();
    const before = await totals(C);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/view/dashbord/${C}?startDate=${D2}&endDate=${D2}`,
    });
    expect(res.json()).toEqual({ status: true, message: 'Analytics data cleared' });
    expect(await totals(C)).toEqual({ views: before!.views, clicks: before!.clicks - 1 });
    const dash = await t.request({
      method: 'GET',
      url: `/api/admin/view/dashbord/${C}?startDate=${D1}&endDate=${D3}`,
    });
    expect(dash.json().clicks_data).toEqual([
      { createdAt: D1, count: 1 },
      { createdAt: D3, count: 1 },
    ]);
  });

  it('no flush runs while a clear does, and the clear writes what was counted before it first', async () => {
    const { counter } = t.app.streamdesk.analytics;
    await send([{ type: 'click', entity: 'reel', id: C, clientId: 'c1' }]);
    const before = await totals(C);
    let release: () => void = () => undefined;
    const clearing = counter.exclusively(async () => {
      const during = await totals(C); // the click counted before the clear is written already
      await new Promise<void>((resolve) => (release = resolve));
      return during;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await send([{ type: 'click', entity: 'reel', id: C, clientId: 'c1' }]);
    let flushed = false;
    const flushing = flush().then(() => (flushed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flushed).toBe(false);
    release();
    expect(await clearing).toEqual({ ...before, clicks: before!.clicks + 1 });
    await flushing;
    expect(await totals(C)).toEqual({ ...before, clicks: before!.clicks + 2 });
  });

  it('refuses a reversed or malformed range', async () => {
    const reversed = await t.request({
      method: 'GET',
      url: `/api/admin/view/dashbord/${B}?startDate=2026-05-03&endDate=2026-05-01`,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual(errorBody('querystring startDate: startDate must not be after endDate'));
    const bad = await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${B}?startDate=01-05-2026` });
    expect(bad.json()).toEqual(errorBody('querystring startDate: must be a date as YYYY-MM-DD'));
    for (const day of ['2026-02-30', '2026-13-01'])
      expect(
        (await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${B}?endDate=${day}` })).json(),
      ).toEqual(errorBody('querystring endDate: must be a date as YYYY-MM-DD'));
  });
});

describe('limits per client', () => {
  const batch = (app: TestApp, ip?: string) =>
    app.request({
      method: 'POST',
      url: analyticsRoutes.events.path,
      admin: false,
      headers: ip ? { 'x-forwarded-for': ip } : {},
      payload: { events: [{ type: 'view', entity: 'reel', id: A, clientId: 'c' }] },
    });

  it('answers 429 past EVENTS_RATE_LIMIT batches a minute from one IP; behind a trusted proxy, per client', async () => {
    const proxied = await createTestApp({ EVENTS_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' });
    const direct = await createTestApp({ EVENTS_RATE_LIMIT: '3' });
    try {
      for (const app of [proxied, direct]) await addTestItems(app);
      const statuses = async (app: TestApp, ips: string[]) => {
        const out: number[] = [];
        for (const ip of ips) out.push((await batch(app, ip)).statusCode);
        return out;
      };
      // Through the proxy each phone has its own budget.
      expect(await statuses(proxied, ['1.1.1.1', '1.1.1.1', '1.1.1.1', '1.1.1.1', '2.2.2.2'])).toEqual([
        200, 200, 200, 429, 200,
      ]);
      const refused = await batch(proxied, '1.1.1.1');
      expect(refused.json()).toEqual({
        status: false,
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
      // Without TRUST_PROXY anyone could send the header, so it is not believed: one budget per connection IP.
      expect(await statuses(direct, ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toEqual([
        200, 200, 200, 429,
      ]);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('refuses a body over 256 KB with a 413', async () => {
    const events = Array.from({ length: 500 }, () => ({
      type: 'view',
      entity: 'reel',
      id: A,
      clientId: 'c'.repeat(600),
    }));
    const res = await send(events);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, message: expect.any(String) });
  });
});

describe('shutdown', () => {
  it('writes every counted event when the app closes', async () => {
    const other = await createTestApp();
    await addTestItems(other);
    let sent = 0;
    for (let i = 0; i < 20; i++) {
      const events = Array.from({ length: 100 }, () => ({
        type: 'view',
        entity: 'reel',
        id: A,
        clientId: 'c',
      }));
      const res = await other.request({
        method: 'POST',
        url: analyticsRoutes.events.path,
        admin: false,
        payload: { events },
      });
      sent += res.json().accepted;
    }
    expect(sent).toBe(2000);
    await other.app.close();
    // Read the result through a new connection: close() must have written the events first.
    const fresh = createDatabase({ databaseUrl: other.config.databaseUrl, dataDir: other.config.dataDir });
    const { rows } = await sql<{ views: number }>`SELECT views FROM test_items WHERE id = ${A}`.execute(
      fresh.db,
    );
    await fresh.destroy();
    await other.close();
    expect(Number(rows[0]?.views)).toBe(2000);
  });

  it('also writes what requests in flight add while it closes (kept-alive connections do not hold it), and the app opens', async () => {
    const other = await createTestApp();
    await addTestItems(other);
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as AddressInfo;
    const body = JSON.stringify({ events: [{ type: 'view', entity: 'reel', id: A, clientId: 'c' }] });
    // A batch whose body is still arriving when the close begins.
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: analyticsRoutes.events.path,
          // Keep-alive, with a client that would hold the idle connection for a minute: the close
          // must not wait for it (the test would time out).
          agent: new HttpAgent({ keepAlive: true, timeout: 60_000 }),
          headers: {
            'api-key': TEST_API_KEY,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        // An app open just before: opens are written in batches 2 s apart, so it is still in memory.
        void other.request({ method: 'GET', url: controllerRoutes.loadCheck.path, admin: false }).then(() => {
          closing = other.app.close();
          setTimeout(() => req.end(body.slice(10)), 100);
        });
      }, 100);
    });
    let closing: Promise<void> | undefined;
    const answered = await reply;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ accepted: 1 });
    await closing;
    const fresh = createDatabase({ databaseUrl: other.config.databaseUrl, dataDir: other.config.dataDir });
    const { rows } = await sql<{ views: number }>`SELECT views FROM test_items WHERE id = ${A}`.execute(
      fresh.db,
    );
    const { rows: opens } = await sql<{
      value: number;
    }>`SELECT value FROM controller_counters WHERE name = 'app_open'`.execute(fresh.db);
    await fresh.destroy();
    await other.close();
    expect([Number(rows[0]?.views), Number(opens[0]?.value)]).toEqual([1, 1]);
  });
});
