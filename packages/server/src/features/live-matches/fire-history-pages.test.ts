import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMatchRoutes as routes, type HistoryReply } from '@streamdesk/contract/live-matches';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectSlicesInAnyOrder } from '../../test/list-pages.js';
import { insertFire, type FireRow } from './live-matches.repository.js';

/**
 * The fire history's unsearched pages by date and by name start from a page read before (page-boundaries.ts)
 * and take their totals from the kept row (0078): every page, read in any order, is its slice of the whole
 * ordered history, before and after a delete.
 */

let t: TestApp;

// Names of lower-case letters only (no collation orders them otherwise), some equal but for case; dates two
// to a minute, so both orders have ties, broken by id.
const NAMES = ['bravo', 'alpha', 'Charlie', 'ALPHA', 'delta', 'bravo'];
const fires: FireRow[] = Array.from({ length: 27 }, (_, n) => ({
  id: `6f00000000000000000000${String(n).padStart(2, '0')}`,
  ads_type: 'Url_Ads_Fire',
  a_name: NAMES[n % NAMES.length]!,
  url: `https://ads.example/${n}`,
  a_view: n % 5,
  a_click: n % 3,
  created_at: `2026-11-01T10:${String(Math.floor(n / 2)).padStart(2, '0')}:00.000Z`,
  web_ad_id: null,
}));

beforeAll(async () => {
  t = await createTestApp();
  for (const row of fires) await insertFire(t.app.streamdesk.context.db, row);
});
afterAll(() => t.close());

/** The history as the spec orders it: the key, then the id, both the sort's way. */
function ordered(rows: FireRow[], sort: string) {
  const key = (r: FireRow) => (sort.endsWith('name') ? r.a_name.toLowerCase() : r.created_at);
  const sign = sort.startsWith('-') ? -1 : 1;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id))).map((r) => r.id);
}

const LIMIT = 4;
const pageOf = async (sort: string, page: number) => {
  const res = await t.request({
    method: 'GET',
    url: `${routes.history.path}?sort=${sort}&page=${page}&limit=${LIMIT}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<HistoryReply>(res);
};

const SORTS = ['-date', 'date', 'name', '-name'];

/** Every page in every order, read in any order, is its slice of `rows` ordered, with `rows`' totals. */
async function expectPagesOf(rows: FireRow[]) {
  for (const sort of SORTS) {
    await expectSlicesInAnyOrder(
      async (page) => (await pageOf(sort, page)).data.map((f) => f._id),
      ordered(rows, sort),
      LIMIT,
    );
    expect(await pageOf(sort, 3)).toMatchObject({
      total: rows.length,
      totalPage: Math.ceil(rows.length / LIMIT),
      totalViews: rows.reduce((n, f) => n + f.a_view, 0),
      totalClicks: rows.reduce((n, f) => n + f.a_click, 0),
    });
  }
}

describe('the fire history pages', () => {
  it('are slices of the whole ordered history read in any order, with the totals of every fire', async () => {
    await expectPagesOf(fires);
  });

  it('are the slices of the history left after a delete', async () => {
    for (const sort of SORTS) await pageOf(sort, 5);
    const gone = [fires[3]!.id, fires[10]!.id, fires[20]!.id];
    const res = await t.request({ method: 'DELETE', url: routes.removeHistory.path, payload: { id: gone } });
    expect(res.statusCode, res.body).toBe(200);
    await expectPagesOf(fires.filter((f) => !gone.includes(f.id)));
  });
});
