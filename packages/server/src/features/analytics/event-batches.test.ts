import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../platform/db/database.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { addTestItems, countTestItems, testItemTotals } from '../../test/test-items.js';
import { EventCounter } from './event-counter.js';
import { EventJournal } from './event-journal.js';
import { LiveViewerTracker } from './live-viewers.js';
import { createDayOf } from './report-day.js';

/**
 * A batch's `batchId` makes the app's retry safe (0005-app-events.md): a batch counted once is not
 * counted again within the window, whichever server process gets the copy, and a crash or failed write
 * keeps the id and the counts together.
 */
let t: TestApp;
const ITEMS = Array.from({ length: 14 }, (_, i) => `item-${i}`);
const UNKNOWN = 'ffffffffffffffffffffffff';

beforeAll(async () => {
  t = await createTestApp();
  await addTestItems(t.app, ITEMS);
});
afterAll(() => t.close());

/** Two views and a click of `id`, and a view of no item. */
const batchOf = (id: string, batchId?: string) => ({
  ...(batchId === undefined ? {} : { batchId }),
  events: [
    { type: 'view', entity: 'reel', id, clientId: 'phone-1' },
    { type: 'view', entity: 'reel', id, clientId: 'phone-2' },
    { type: 'click', entity: 'reel', id, clientId: 'phone-1' },
    { type: 'view', entity: 'reel', id: UNKNOWN, clientId: 'phone-1' },
  ],
});
const counted = { accepted: 3, dropped: 1, droppedReasons: { unknownId: 1, tooOld: 0, inactive: 0 } };
const duplicate = { accepted: 0, dropped: 0, droppedReasons: { unknownId: 0, tooOld: 0, inactive: 0 } };
const reply = (said: typeof counted, repeat: boolean) => ({
  status: true,
  message: 'Events counted',
  ...said,
  duplicate: repeat,
});

const post = (app: FastifyInstance, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: analyticsRoutes.events.path,
    headers: { 'api-key': TEST_API_KEY },
    payload: payload as Record<string, unknown>,
  });
const send = async (payload: unknown) => (await post(t.app, payload)).json();
const flush = () => t.app.streamdesk.analytics.counter.flush();

/** An item's totals and the sums of its day rows (the dashboard's). */
async function countsOf(id: string) {
  const dash = await t.request({ method: 'GET', url: `/api/admin/view/dashbord/${id}` });
  const { totalViews, totalClicks } = dash.json<{ totalViews: number; totalClicks: number }>();
  return { totals: await testItemTotals(t.app, id), rollups: { views: totalViews, clicks: totalClicks } };
}
const countedTimes = (n: number) => ({
  totals: { views: 2 * n, clicks: n },
  rollups: { views: 2 * n, clicks: n },
});

const batchRows = () =>
  t.app.streamdesk.context.db.selectFrom('event_batches').selectAll().orderBy('batch_id').execute();

/** A counter of its own, as another server process has, with no flush timer: the test flushes it. */
const newCounter = (tracker = new LiveViewerTracker()) => {
  const { db, cache } = t.app.streamdesk.context;
  return new EventCounter(
    db,
    t.app.streamdesk.analytics.counters,
    cache,
    tracker,
    createDayOf(t.config.reportTimeZone),
    t.app.log,
    t.config.eventBatchWindowMs,
    new EventJournal(path.join(t.config.dataDir, `journal-${randomUUID()}`)),
  );
};
type Body = Parameters<EventCounter['ingest']>[0];

describe('POST /api/App/events with a batchId', () => {
  it('counts a batch sent twice before a flush once; the copy is answered as a duplicate with zeros', async () => {
    const batchId = randomUUID();
    const replies = [await send(batchOf(ITEMS[0]!, batchId)), await send(batchOf(ITEMS[0]!, batchId))];
    await flush();
    expect(await countsOf(ITEMS[0]!)).toEqual(countedTimes(1));
    expect(replies).toEqual([reply(counted, false), reply(duplicate, true)]);
    expect((await batchRows()).map((r) => r.batch_id)).toContain(batchId);

    // Held in memory, not yet written: a counter without a flush timer shows it is not the table.
    const counter = newCounter();
    const again = randomUUID();
    expect(await counter.ingest(batchOf(ITEMS[1]!, again) as Body)).toMatchObject({ duplicate: false });
    expect(await counter.ingest(batchOf(ITEMS[1]!, again) as Body)).toEqual({
      ...duplicate,
      duplicate: true,
    });
    await counter.flush();
    expect(await countsOf(ITEMS[1]!)).toEqual(countedTimes(1));
  });

  it('counts two copies arriving at once, and many batches looked up together, each once', async () => {
    const counter = newCounter();
    const batchId = randomUUID();
    const others = Array.from({ length: 30 }, () => randomUUID());
    const replies = await Promise.all([
      counter.ingest(batchOf(ITEMS[12]!, batchId) as Body),
      counter.ingest(batchOf(ITEMS[12]!, batchId) as Body),
      ...others.map((id) => counter.ingest(batchOf(ITEMS[12]!, id) as Body)),
    ]);
    expect(replies.filter((r) => r.duplicate)).toHaveLength(1);
    await counter.flush();
    expect(await countsOf(ITEMS[12]!)).toEqual(countedTimes(1 + others.length));
  });

  it('refuses a batch with an id while the ids cannot be looked up, so the app sends it again', async () => {
    const { db } = t.app.streamdesk.context;
    await sql`ALTER TABLE event_batches RENAME TO event_batches_away`.execute(db);
    let withId, withoutId;
    try {
      withId = await post(t.app, batchOf(ITEMS[13]!, randomUUID()));
      withoutId = await post(t.app, batchOf(ITEMS[13]!));
    } finally {
      await sql`ALTER TABLE event_batches_away RENAME TO event_batches`.execute(db);
    }
    expect([withId.statusCode, withId.json()]).toEqual([500, { status: false, message: expect.any(String) }]);
    expect(withoutId.json()).toEqual(reply(counted, false));
  });

  it('counts a batch sent again after it was written once', async () => {
    const batchId = randomUUID();
    const first = await send(batchOf(ITEMS[2]!, batchId));
    await flush();
    const again = await send(batchOf(ITEMS[2]!, batchId));
    await flush();
    expect(await countsOf(ITEMS[2]!)).toEqual(countedTimes(1));
    expect([first, again]).toEqual([reply(counted, false), reply(duplicate, true)]);
  });

  it('counts a batch without a batchId every time it is sent, as before', async () => {
    const replies = [await send(batchOf(ITEMS[3]!)), await send(batchOf(ITEMS[3]!))];
    await flush();
    expect(await countsOf(ITEMS[3]!)).toEqual(countedTimes(2));
    expect(replies).toEqual([reply(counted, false), reply(counted, false)]);
  });

  it('counts a batch two server processes each took before either wrote it once', async () => {
    const [one, two] = [newCounter(), newCounter()];
    const batchId = randomUUID();
    const loose = batchOf(ITEMS[4]!) as Body;
    for (const counter of [one, two]) {
      expect(await counter.ingest(batchOf(ITEMS[4]!, batchId) as Body)).toEqual({
        ...counted,
        duplicate: false,
      });
      // Counts without an id written in the same flush still count, in both.
      await counter.ingest(loose);
    }
    await Promise.all([one.flush(), two.flush()]);
    expect(await countsOf(ITEMS[4]!)).toEqual(countedTimes(3));
    expect((await batchRows()).filter((r) => r.batch_id === batchId)).toHaveLength(1);
  });

  it('counts the same batchId again once the window has passed', async () => {
    const counter = newCounter();
    const batchId = randomUUID();
    const at = new Date().toISOString();
    const body = (id: string) => {
      const batch = batchOf(id, batchId);
      return { ...batch, events: batch.events.map((e) => ({ ...e, at })) } as Body;
    };
    await counter.ingest(body(ITEMS[5]!));
    await counter.flush();
    const later = Date.now() + t.config.eventBatchWindowMs + 1000;
    expect(await counter.ingest(body(ITEMS[5]!), later - 2000)).toMatchObject({ duplicate: true });
    expect(await counter.ingest(body(ITEMS[5]!), later)).toMatchObject({ duplicate: false });
    await counter.flush();
    expect(await countsOf(ITEMS[5]!)).toEqual(countedTimes(2));
    // The id's time moved on, so the window starts again from the second count.
    const row = (await batchRows()).find((r) => r.batch_id === batchId);
    expect(Number(row?.received_at)).toBe(later);
  });

  it('keeps a batch and its id through a failed flush, and writes both once on the next', async () => {
    const counter = newCounter();
    const batchId = randomUUID();
    await counter.ingest(batchOf(ITEMS[6]!, batchId) as Body);
    const { db } = t.app.streamdesk.context;
    // The rollups out of reach: the id is inserted first, so it must be rolled back with the counts.
    await sql`ALTER TABLE event_rollups RENAME TO event_rollups_away`.execute(db);
    try {
      await counter.flush();
    } finally {
      await sql`ALTER TABLE event_rollups_away RENAME TO event_rollups`.execute(db);
    }
    expect((await batchRows()).map((r) => r.batch_id)).not.toContain(batchId);
    expect(await testItemTotals(t.app, ITEMS[6]!)).toEqual({ views: 0, clicks: 0 });
    // Still held: the app's retry meanwhile is a duplicate.
    expect(await counter.ingest(batchOf(ITEMS[6]!, batchId) as Body)).toMatchObject({ duplicate: true });
    await counter.flush();
    expect(await countsOf(ITEMS[6]!)).toEqual(countedTimes(1));
    expect((await batchRows()).map((r) => r.batch_id)).toContain(batchId);
    expect(await counter.ingest(batchOf(ITEMS[6]!, batchId) as Body)).toMatchObject({ duplicate: true });
  });

  it('writes a pending batch and its id before a clear', async () => {
    const batchId = randomUUID();
    await send(batchOf(ITEMS[7]!, batchId));
    const res = await t.request({ method: 'DELETE', url: `/api/admin/view/dashbord/${ITEMS[7]}` });
    expect(res.json()).toEqual({ status: true, message: 'Analytics data cleared' });
    // Written before the clear and cleared with it: the retry must not bring it back.
    const again = await send(batchOf(ITEMS[7]!, batchId));
    await flush();
    expect(await countsOf(ITEMS[7]!)).toEqual(countedTimes(0));
    expect(again).toEqual(reply(duplicate, true));
  });

  it('refuses a batchId that is not 8 to 64 letters, digits, - or _ with a 400 naming it', async () => {
    const refused = errorBody('batchId: batchId must be 8 to 64 letters, digits, - or _');
    for (const bad of [
      'short',
      'x'.repeat(65),
      'has space',
      'ünïcödé-id',
      'a/b/c/d/e',
      '',
      12345678,
      null,
      ['x'],
    ]) {
      const res = await post(t.app, batchOf(ITEMS[8]!, bad as string));
      expect([bad, res.statusCode, res.json()]).toEqual([bad, 400, refused]);
    }
    for (const good of ['a'.repeat(8), 'Z'.repeat(64), randomUUID(), 'abc_DEF-123'])
      expect(await send(batchOf(ITEMS[8]!, good))).toMatchObject({ duplicate: false });
  });

  it('describes batchId and duplicate in the published OpenAPI description', async () => {
    interface Schema {
      required?: string[];
      properties?: Record<string, { type?: string; description?: string }>;
    }
    type Operation = {
      requestBody: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content: Record<string, { schema: Schema }> }>;
    };
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post: Operation }>;
    }>();
    const { post: op } = doc.paths[analyticsRoutes.events.path]!;
    const body = op.requestBody.content['application/json']!.schema;
    expect(body.required).toEqual(['events']);
    expect(body.properties!.batchId).toMatchObject({
      type: 'string',
      description: expect.stringMatching(/retry.*60 minutes.*EVENT_BATCH_WINDOW_MINUTES/s),
    });
    const answer = op.responses['200']!.content['application/json']!.schema;
    expect(answer.required).toEqual(
      expect.arrayContaining(['accepted', 'dropped', 'droppedReasons', 'duplicate']),
    );
    expect(answer.properties!.duplicate).toMatchObject({ type: 'boolean', description: expect.any(String) });
  });
});

describe('batch ids past the window', () => {
  it('are deleted by a flush, about once a minute', async () => {
    const db = t.app.streamdesk.context.db;
    const now = Date.now();
    const past = now - t.config.eventBatchWindowMs - 1000;
    await db
      .insertInto('event_batches')
      .values([
        { batch_id: 'old-batch-1', received_at: past },
        { batch_id: 'old-batch-2', received_at: past - 60_000 },
        { batch_id: 'recent-batch', received_at: now - 1000 },
      ])
      .execute();
    const counter = newCounter();
    await counter.ingest(batchOf(ITEMS[9]!, randomUUID()) as Body);
    await counter.flush();
    const ids = (await batchRows()).map((r) => r.batch_id);
    expect(ids).toContain('recent-batch');
    expect(ids).not.toContain('old-batch-1');
    expect(ids).not.toContain('old-batch-2');
    // The next flush within the minute leaves them be.
    await db.insertInto('event_batches').values({ batch_id: 'old-batch-3', received_at: past }).execute();
    await counter.ingest(batchOf(ITEMS[9]!, randomUUID()) as Body);
    await counter.flush();
    expect((await batchRows()).map((r) => r.batch_id)).toContain('old-batch-3');
  });
});

describe('two server processes on one database', () => {
  let b: FastifyInstance;
  beforeAll(async () => {
    // A second process: its own server, memory and connections, on the same database.
    b = await buildApp(t.config, { logger: false });
    countTestItems(b);
  });
  afterAll(() => b.close());

  it('answers a batch the other process wrote as a duplicate, counting it once', async () => {
    const batchId = randomUUID();
    const first = await send(batchOf(ITEMS[10]!, batchId));
    await flush();
    const again = (await post(b, batchOf(ITEMS[10]!, batchId))).json();
    await b.streamdesk.analytics.counter.flush();
    expect(await countsOf(ITEMS[10]!)).toEqual(countedTimes(1));
    expect([first, again]).toEqual([reply(counted, false), reply(duplicate, true)]);
  });

  it('adds no viewer for the heartbeats of a repeated batch', async () => {
    const match = await storedId(t, addCall.liveMatch());
    const batchId = randomUUID();
    const beats = {
      batchId,
      events: [{ type: 'heartbeat', entity: 'liveMatch', id: match, clientId: 'repeat-watcher' }],
    };
    expect(await send(beats)).toMatchObject({ accepted: 1 });
    await flush();
    const tracker = b.streamdesk.analytics.viewers.tracker;
    const held = tracker.held();
    const again = (await post(b, beats)).json();
    // Neither overall nor for the match: the second process never heard of this phone.
    expect(tracker.held()).toBe(held);
    expect(again).toEqual(reply(duplicate, true));
  });
});

describe('shutdown', () => {
  it('writes a pending batch and its id when the app closes', async () => {
    const other = await createTestApp();
    await addTestItems(other.app, [ITEMS[11]!]);
    const batchId = randomUUID();
    expect((await post(other.app, batchOf(ITEMS[11]!, batchId))).json()).toMatchObject({ accepted: 3 });
    await other.app.close();
    const fresh = createDatabase({ databaseUrl: other.config.databaseUrl, dataDir: other.config.dataDir });
    const db = fresh.db.withTables<{ test_items: { id: string; views: number } }>();
    const ids = await db.selectFrom('event_batches').select('batch_id').execute();
    const item = await db.selectFrom('test_items').select('views').where('id', '=', ITEMS[11]!).execute();
    await fresh.destroy();
    await other.close();
    expect([ids.map((r) => r.batch_id), item.map((r) => Number(r.views))]).toEqual([[batchId], [2]]);
  });
});
