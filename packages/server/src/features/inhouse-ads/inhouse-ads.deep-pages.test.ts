import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCall, storedId } from '../../test/api-calls.js';
import { expectSlicesInAnyOrder } from '../../test/list-pages.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The in-house ad list's pages start from a page read before (page-boundaries.ts): read in any order,
// each is its slice of the whole list, ties on the date included, before and after writes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT = 4;
const ADS = 23;

/** Ads written straight into the table, three to a second, every third off; their ids newest first. */
async function seed() {
  const rows = Array.from({ length: ADS }, (_, i) => ({
    id: `page${String((i * 7919) % 100_000).padStart(20, '0')}`,
    status: i % 3 === 0 ? 0 : 1,
    created_at: new Date(Date.UTC(2021, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
  }));
  for (const r of rows)
    await sql`INSERT INTO inhouse_ads (id, main_title, sub_title, description, med_type, call_to_action,
        btn_name, ad_type, icon, med_view, status, created_at, updated_at)
      VALUES (${r.id}, 'Ad', 'Sub', 'About', 'image', 'https://example.com/', 'Open', 'fs_web',
        'ads/i.png', 'ads/m.png', ${r.status}, ${r.created_at}, ${r.created_at})`.execute(
      t.app.streamdesk.context.db,
    );
  const newestFirst = (a: (typeof rows)[0], b: (typeof rows)[0]) =>
    b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
  return rows.sort(newestFirst);
}

const read = (all: boolean) => async (page: number) => {
  const res = await t.request({
    method: 'GET',
    url: '/api/App/inhouse/ads',
    query: { page: String(page), limit: String(LIMIT), ...(all ? { a: 'true' } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await t.json<{ data: { _id: string }[] }>(res)).data.map((s) => s._id);
};

describe('the in-house ad pages', () => {
  it('are slices of the whole list read in any order, every ad or the active ones, after writes too', async () => {
    const rows = await seed();
    const ids = (list: typeof rows) => list.map((r) => r.id);
    await expectSlicesInAnyOrder(read(true), ids(rows), LIMIT);
    await expectSlicesInAnyOrder(read(false), ids(rows.filter((r) => r.status === 1)), LIMIT);
    const added = await storedId(t, addCall.inhouseAd());
    await expectSlicesInAnyOrder(read(true), [added, ...ids(rows)], LIMIT);
    // Switched off through the API: it leaves the active list.
    const off = rows.find((r) => r.status === 1)!;
    const res = await t.request({
      method: 'POST',
      url: '/api/App/inhouse/ads/update/status',
      payload: { id: off.id, status: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const active = rows.filter((r) => r.status === 1 && r !== off);
    await expectSlicesInAnyOrder(read(false), [added, ...ids(active)], LIMIT);
  });
});
