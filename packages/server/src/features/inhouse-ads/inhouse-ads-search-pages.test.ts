import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inHouseRoutes, type InHouseListReply } from '@streamdesk/contract/inhouse-ads';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { everyPage } from '../../test/list-pages.js';
import { leadSearch } from '../../platform/db/search-lead.js';
import { inHouseAdsSearch } from './inhouse-ads.migrations.js';
import { writeSearchedAds, type SearchedAd } from './inhouse-ads-search-rows.js';

/**
 * A text of several words on PostgreSQL is led by its rarest one in the index and each ad checked for the
 * whole text (search-lead.ts, 0047): every page, its total and its folding must stay a count by hand's.
 * Its own file: the lead reads the table's statistics once, after the ANALYZE below.
 */
let t: TestApp;
const LIMIT = 4;
let ads: SearchedAd[];

beforeAll(async () => {
  t = await createTestApp();
  const named = [
    ...Array.from({ length: 40 }, (_, i) => [`Promo ${995 + i}`, `Sub ${i}`, `About promo ${995 + i}`]),
    ['Promo 7 (100 off)', 'x', 'y'],
    ['Other', 'PROMO 100 final', 'z'],
    ['PRÓMO 100 b', 'x', 'y'],
    ['Promo 100%', 'x', 'y'],
    ['promo_100 raw', 'x', 'y'],
    ['promoX100', 'x', 'y'],
  ];
  ads = named.map(([main, sub, about], i) => ({
    id: `lead${String(i).padStart(20, '0')}`,
    main_title: main!,
    sub_title: sub!,
    description: about!,
    call_to_action: `https://example.com/${i}`,
  }));
  // The lead is chosen from the table's statistics, as the planner's estimates are.
  await writeSearchedAds(t, ads, Date.UTC(2032, 0, 1));
});
afterAll(() => t.close());

const page = async (q: string, n: number) => {
  const res = await t.request({
    method: 'GET',
    url: inHouseRoutes.list.path,
    query: { a: 'true', q, page: String(n), limit: String(LIMIT) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<InHouseListReply>(res);
};

/** Every page's titles, with the totals each page gave. */
const pages = (q: string) =>
  everyPage(async (n) => {
    const reply = await page(q, n);
    return { items: reply.data.map((a) => a.mainTitle), totals: [reply.total, reply.totalPages] };
  });

/** The ads holding `q` in a searched column, counted by hand, newest first. */
const byHand = (q: string) =>
  ads
    .filter((a) =>
      [a.main_title, a.sub_title, a.description, a.call_to_action].some((s) =>
        s.toLowerCase().includes(q.toLowerCase()),
      ),
    )
    .reverse()
    .map((a) => a.main_title);

describe('a search of a word every ad holds and a rarer one', () => {
  it('leads with the rarer word on PostgreSQL, with none on SQLite or where no word is rarer', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const led = await leadSearch(db, dialect, inHouseAdsSearch, 'Promo 100');
    // With the space before it, so that the index reads the trigrams of a word starting `100`.
    expect(led.lead).toBe(dialect === 'postgres' ? ' 100' : undefined);
    expect((await leadSearch(db, dialect, inHouseAdsSearch, 'promo 10')).lead).toBeUndefined();
    expect((await leadSearch(db, dialect, inHouseAdsSearch, 'promo')).lead).toBeUndefined();
  });

  it('answers every page and the same total on each as a count made by hand', async () => {
    for (const q of ['Promo 100', 'promo 10', 'PROMO 1']) {
      const expected = byHand(q);
      expect(expected.length).toBeGreaterThan(LIMIT * 2);
      const { found, totals } = await pages(q);
      expect(found, q).toEqual(expected);
      const total = [expected.length, Math.ceil(expected.length / LIMIT)];
      expect(totals, q).toEqual(totals.map(() => total));
    }
  });

  it('keeps the words together and in order, folds case and keeps accents, and takes % and _ as themselves', async () => {
    expect((await pages('promo 100')).found).not.toContain('Promo 7 (100 off)');
    expect((await pages('100 PROMO')).found).toEqual([]);
    expect((await pages('pRómo 100')).found).toEqual(['PRÓMO 100 b']);
    expect((await pages('promo 100%')).found).toEqual(['Promo 100%']);
    expect((await pages('promo_100')).found).toEqual(['promo_100 raw']);
    expect((await pages('promo 100 FINAL')).found).toEqual(['Other']);
    expect((await pages('100 off')).found).toEqual(['Promo 7 (100 off)']);
  });
});
