import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_COUNT_MAX, type ActivityListReply } from '@streamdesk/contract/activity';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // One more entry than the list counts, all of one item, a day each second apart.
  const rows = Array.from({ length: ACTIVITY_COUNT_MAX + 1 }, (_, i) => ({
    id: `bulk-${String(i).padStart(6, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    person_id: null,
    person_name: 'someone',
    role: 'admin',
    action: 'update',
    feature: 'stories',
    item_id: 'bulk',
    label: `story #${i}`,
    changes: '[]',
    ip: '',
    user_agent: '',
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await t.app.streamdesk.context.db
      .insertInto('activity_log')
      .values(rows.slice(i, i + 1000))
      .execute();
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/activity${query}` });
  expect(res.statusCode).toBe(200);
  return t.json<ActivityListReply>(res);
};

describe('the Activity list count (0041)', () => {
  it(`counts up to ${ACTIVITY_COUNT_MAX} entries and says when more match`, async () => {
    const capped = await list('?item=bulk&limit=50');
    expect(capped.total).toBe(ACTIVITY_COUNT_MAX);
    expect(capped.totalCapped).toBe(true);
    expect(capped.totalPage).toBe(ACTIVITY_COUNT_MAX / 50);
    expect(capped.data[0]!.label).toBe(`story #${ACTIVITY_COUNT_MAX}`);

    // The last counted page still answers its entries.
    const last = await list(`?item=bulk&limit=50&page=${ACTIVITY_COUNT_MAX / 50}`);
    expect(last.data).toHaveLength(50);
    expect(last.data.at(-1)!.label).toBe('story #1');
  });

  it('counts exactly below the cap', async () => {
    const day = await list('?item=bulk&from=2026-01-01T00:00:00.000Z&to=2026-01-01T00:00:09.000Z');
    expect(day.total).toBe(10);
    expect(day.totalCapped).toBe(false);
    expect(day.totalPage).toBe(1);
  });
});
