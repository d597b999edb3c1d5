import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addTestItems, testItemTotals } from '../../test/test-items.js';
import type { RollupRow } from './analytics.repository.js';
import { addToItemTotals } from './item-totals.js';

let t: TestApp;
/** 1,201 items: past two of addToTotalColumns' chunks of 500. */
const ids = Array.from({ length: 1201 }, (_, i) => i.toString(16).padStart(24, '0'));

beforeAll(async () => {
  t = await createTestApp();
  await addTestItems(t.app, ids);
});
afterAll(() => t.close());

const row = (id: string, kind: RollupRow['kind'], count: number, entity = 'reel') => ({
  entity,
  entity_id: id,
  kind,
  count,
});

describe('addToItemTotals', () => {
  it("adds each row's count to its own item, across chunks and counts, never below 0", async () => {
    const { db } = t.app.streamdesk.context;
    const { counters } = t.app.streamdesk.analytics;
    // Most items take 1 view, every third 2 more; each tenth a click of its index.
    const rows = [
      ...ids.map((id) => row(id, 'view', 1)),
      ...ids.filter((_, i) => i % 3 === 0).map((id) => row(id, 'view', 2)),
      ...ids.filter((_, i) => i % 10 === 0).map((id) => row(id, 'click', ids.indexOf(id))),
      // An entity without a counter, and a zero, change nothing.
      row(ids[5]!, 'view', 40, 'nothing'),
      row(ids[6]!, 'view', 0),
    ];
    await addToItemTotals(db, counters, rows);
    const { rows: all } = await sql<{ id: string; views: number; clicks: number }>`
      SELECT id, views, clicks FROM test_items ORDER BY id`.execute(db);
    expect(all.length).toBe(ids.length);
    const wrong = all.filter((item) => {
      const i = ids.indexOf(item.id);
      return item.views !== (i % 3 === 0 ? 3 : 1) || item.clicks !== (i % 10 === 0 ? i : 0);
    });
    expect(wrong).toEqual([]);

    // A clear takes counts off, and a total never goes below 0.
    await addToItemTotals(db, counters, [row(ids[3]!, 'view', -2), row(ids[4]!, 'view', -5)]);
    expect(await testItemTotals(t.app, ids[3]!)).toEqual({ views: 1, clicks: 0 });
    expect(await testItemTotals(t.app, ids[4]!)).toEqual({ views: 0, clicks: 0 });
  });
});
