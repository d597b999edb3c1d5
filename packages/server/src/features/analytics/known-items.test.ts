import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import type { ItemCounter } from '../../platform/item-counter.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addTestItems } from '../../test/test-items.js';

/**
 * The event counter asks a feature's counter about the ids a batch names, never for every item of its
 * table (0095): at a million videos that read took 400 ms and paused the server's collector, after every
 * write of a video.
 */
let t: TestApp;
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const NEW = 'cccccccccccccccccccccccc';
const NONE = 'ffffffffffffffffffffffff';
/** What the counter was asked, in order. */
const asked: (readonly string[])[] = [];

const views = (...ids: string[]) =>
  t
    .request({
      method: 'POST',
      url: analyticsRoutes.events.path,
      admin: false,
      payload: { events: ids.map((id) => ({ type: 'view', entity: 'reel', id, clientId: 'c1' })) },
    })
    .then((res) => res.json<{ accepted: number; droppedReasons: { unknownId: number } }>());

beforeAll(async () => {
  t = await createTestApp();
  await addTestItems(t.app, [A, B]);
  await t.app.streamdesk.analytics.counter.stop();
  const counters = t.app.streamdesk.analytics.counters;
  const counter = counters.get('reel')!;
  const recording: ItemCounter = {
    ...counter,
    items: (db, ids) => {
      asked.push([...ids].sort());
      return counter.items(db, ids);
    },
  };
  counters.set('reel', recording);
});
afterAll(() => t.close());

describe('the ids an events batch names', () => {
  it('are asked about once each, and only those', async () => {
    expect(await views(A, A, NONE)).toMatchObject({ accepted: 2, droppedReasons: { unknownId: 1 } });
    expect(asked).toEqual([[A, NONE]]);
    // A and NONE are known now (an item, and no item): only B is asked.
    expect(await views(A, B, NONE)).toMatchObject({ accepted: 2, droppedReasons: { unknownId: 1 } });
    expect(asked).toEqual([[A, NONE], [B]]);
  });

  it('are asked again after a write of the feature invalidates its items, and a new item counts', async () => {
    await sql`INSERT INTO test_items (id) VALUES (${NEW})`.execute(t.app.streamdesk.context.db);
    asked.length = 0;
    t.app.streamdesk.context.cache.invalidate('test-items');
    expect(await views(NEW, A)).toMatchObject({ accepted: 2, droppedReasons: { unknownId: 0 } });
    expect(asked).toEqual([[NEW, A].sort()]);
  });

  it('of a flush are checked against deleted items by those ids', async () => {
    expect(await views(B)).toMatchObject({ accepted: 1 });
    await sql`DELETE FROM test_items WHERE id = ${B}`.execute(t.app.streamdesk.context.db);
    asked.length = 0;
    t.app.streamdesk.analytics.counter.forgetItems('reel');
    await t.app.streamdesk.analytics.counter.flush();
    // One read of the flush's ids (the earlier tests' counts are in it too), never of every item.
    expect(asked).toEqual([[A, B, NEW]]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM event_rollups WHERE entity_id = ${B}`.execute(t.app.streamdesk.context.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
