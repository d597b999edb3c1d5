import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { inHouseAdsSearch } from './inhouse-ads.migrations.js';
import { writeTitledAds } from './inhouse-ads-search-rows.js';
import { NEWEST_FIRST, type ListOrder } from '../../platform/db/paging.js';
import { leadSearch } from '../../platform/db/search-lead.js';
import { countSearch, searchedPage } from '../../platform/db/search-page.js';
import { sql } from 'kysely';

/**
 * A search's count stops at its cap, and the page of a search that matches more than the cap walks the
 * order (search-page.ts, 0063): every page, walked or read and sorted, must be the hand count's slice, for
 * matches spread through the order, bunched at its far end (the walk finds too few and gives way), few,
 * a text too short for the index, and with the list's own filter. Small caps and walks stand in for the
 * real ones (1,000 matches counted, 2,000-20,000 rows walked).
 */
let t: TestApp;
const LIMIT = 4;
const CAP = 10;
const WALK = { min: 8, max: 24 };
// Oldest first: the `Old` ones are bunched at the far end of the newest-first order.
const titles = [
  ...Array.from({ length: 30 }, (_, i) => `Old ${i}`),
  ...Array.from({ length: 60 }, (_, i) => `Wide ${i}`),
  'Wide 100%',
  'wide_9 raw',
];

beforeAll(async () => {
  t = await createTestApp();
  await writeTitledAds(t, 'broad', titles, Date.UTC(2034, 0, 1));
  // Every third ad is off: the list's own filter (status), beside the search.
  const { db } = t.app.streamdesk.context;
  await db
    .updateTable('inhouse_ads')
    .set({ status: 0 })
    .where('id', 'like', 'broad%')
    .where(sql`cast(substr(id, 6) as integer) % 3 = 0` as never)
    .execute();
});
afterAll(() => t.close());

interface Ad {
  main_title: string;
  status: number;
}

/** The ads holding `q` in a searched column (title, or `about <title>`), in `order`, by hand. */
const byHand = (q: string, activeOnly: boolean, newestFirst: boolean) => {
  const held = titles
    .map((title, i) => ({ title, on: i % 3 !== 0 }))
    .filter(
      (a) => (!activeOnly || a.on) && `${a.title} about ${a.title}`.toLowerCase().includes(q.toLowerCase()),
    )
    .map((a) => a.title);
  return newestFirst ? held.reverse() : held;
};

async function everyPage(q: string, activeOnly: boolean, order: ListOrder, walkable: boolean) {
  const { db, dialect } = t.app.streamdesk.context;
  const list = {
    db,
    dialect,
    base: db
      .selectFrom('inhouse_ads')
      .where('id', 'like', 'broad%')
      .$if(activeOnly, (qb) => qb.where('status', '=', 1)),
    index: inHouseAdsSearch,
    search: await leadSearch(db, dialect, inHouseAdsSearch, q),
  };
  const { total, capped } = await countSearch(list, CAP);
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const rows = await searchedPage<never, never, Ad>(list as never, order, {
      page,
      limit: LIMIT,
      broad: capped,
      walkable,
      walk: WALK,
    });
    found.push(...rows.map((r) => r.main_title));
    if (rows.length < LIMIT) break;
  }
  return { found, total, capped };
}

describe('a searched list: its bounded count and its pages, walked or sorted', () => {
  const OLDEST_FIRST: ListOrder = { ...NEWEST_FIRST, desc: false };
  const cases: [string, boolean][] = [
    ['wide', false], // every row after the `Old` ones: the walk finds each page
    ['wide', true],
    ['old', false], // bunched at the far end: the walk ends short and the matches are sorted
    ['old', true],
    ['Wide 1', false], // 11 matches, over the cap
    ['wide 100%', false], // few, `%` as itself
    ['wide_9', false], // `_` as itself
    ['wi', false], // too short for the index: scanned
    ['nothing like it', false],
  ];

  it.each(cases)('%s (active only: %s) pages as a hand count, newest and oldest first', async (q, active) => {
    for (const [order, newestFirst] of [
      [NEWEST_FIRST, true],
      [OLDEST_FIRST, false],
    ] as const) {
      for (const walkable of [true, false]) {
        const expected = byHand(q, active, newestFirst);
        const { found, total, capped } = await everyPage(q, active, order, walkable);
        expect(found, `${q} ${newestFirst} ${walkable}`).toEqual(expected);
        expect({ total, capped }).toEqual({
          total: Math.min(expected.length, CAP),
          capped: expected.length > CAP,
        });
      }
    }
  });
});
