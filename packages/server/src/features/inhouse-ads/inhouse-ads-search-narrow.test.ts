import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { everyPage } from '../../test/list-pages.js';
import { inHouseAdsSearch } from './inhouse-ads.migrations.js';
import { writeTitledAds } from './inhouse-ads-search-rows.js';
import { NEWEST_FIRST, newestFirstPage, seekPage } from '../../platform/db/paging.js';
import { leadSearch } from '../../platform/db/search-lead.js';
import { matchesSearch, type Search } from '../../platform/db/search.js';

/**
 * A search expected to match few rows is read first and then sorted (search.ts, `narrow`), one most rows
 * match walks the order's index: both must give every page and its total as a count by hand, the matches
 * here the oldest rows (as `Video 10` at a million videos, 0047) and rows led by a rarer word.
 */
let t: TestApp;
const LIMIT = 3;
const titles = [
  ...Array.from({ length: 12 }, (_, i) => `Narrow ${100 + i}`),
  ...Array.from({ length: 30 }, (_, i) => `Narrow ${500 + i}`),
  'NARROW 10%',
  'other narrow_10',
];

beforeAll(async () => {
  t = await createTestApp();
  await writeTitledAds(t, 'narrow', titles, Date.UTC(2033, 0, 1));
});
afterAll(() => t.close());

/** The titles holding `q` in a searched column (title, or `about <title>`), newest first, by hand. */
const byHand = (q: string) =>
  titles.filter((title) => `${title} about ${title}`.toLowerCase().includes(q.toLowerCase())).reverse();

const base = (search: Search) => {
  const { db, dialect } = t.app.streamdesk.context;
  return db.selectFrom('inhouse_ads').where(matchesSearch(dialect, inHouseAdsSearch, search));
};

describe('a search read before sorting and one walking the order', () => {
  it('is narrow on PostgreSQL for a small analyzed table, never on SQLite', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const search = await leadSearch(db, dialect, inHouseAdsSearch, 'Narrow 10');
    expect(search.narrow).toBe(dialect === 'postgres' ? true : undefined);
  });

  it('gives every page and total as a count by hand, both ways', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    for (const q of ['Narrow 10', 'narrow', 'Narrow 5', 'narrow 10%', 'narrow_1']) {
      const expected = byHand(q);
      const led = await leadSearch(db, dialect, inHouseAdsSearch, q);
      for (const narrow of [false, true]) {
        const search = { ...led, narrow };
        const { found, totals } = await everyPage(async (n) => {
          const { rows, total } = await newestFirstPage(base(search), n, LIMIT);
          return { items: rows.map((r) => r.main_title), totals: [total, Math.ceil(total / LIMIT)] };
        });
        expect(found, `${q} ${narrow}`).toEqual(expected);
        expect(new Set(totals.map((x) => x.join()))).toEqual(
          new Set([[expected.length, Math.ceil(expected.length / LIMIT)].join()]),
        );
        // The deferred join of the lists read by seeks (paging.ts) over the same search.
        const pages = await Promise.all(
          Array.from({ length: Math.ceil(expected.length / LIMIT) }, (_, i) =>
            seekPage<never, never, { main_title: string }>(base(search) as never, NEWEST_FIRST, {
              from: 'start',
              skip: i * LIMIT,
              take: LIMIT,
            }),
          ),
        );
        expect(pages.flatMap((p) => p.rows.map((r) => r.main_title))).toEqual(expected);
      }
    }
  });
});
