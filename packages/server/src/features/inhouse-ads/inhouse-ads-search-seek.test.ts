import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { inHouseAdsSearch } from './inhouse-ads.migrations.js';
import { writeTitledAds } from './inhouse-ads-search-rows.js';
import { NEWEST_FIRST, type ListOrder } from '../../platform/db/paging.js';
import { ftsPhrase } from '../../platform/db/search.js';
import { SEEK, seekedPage } from '../../platform/db/search-seek.js';
import { searchedPage } from '../../platform/db/search-page.js';

/**
 * SQLite's walk of a broad search's page (search-seek.ts, 0063): the order's index walked, each row told a
 * match by the index's first matches in rowid order, or by its text beyond them. Every page must be the hand count's slice, with the rows in
 * rowid order, with rows written out of it (an ad restored from the trash: a new rowid, its old date), and
 * when it gives way (`far`), through searchedPage. PostgreSQL has no seek.
 */
let t: TestApp;
const FROM = Date.UTC(2036, 0, 1);
const OLDEST_FIRST: ListOrder = { ...NEWEST_FIRST, desc: false };
/** Each ad's title and date (seconds after FROM), in rowid order. */
const written: { title: string; at: number }[] = [];

async function write(prefix: string, titles: string[], at: number) {
  await writeTitledAds(t, prefix, titles, FROM + at * 1000);
  titles.forEach((title, i) => written.push({ title, at: at + i }));
}

beforeAll(async () => {
  t = await createTestApp();
  if (t.app.streamdesk.context.dialect !== 'sqlite') return;
  // 40 `Seek` ads, then 40 `Other` ones (the `Seek` ones are the oldest), then 30 `Seek` ones.
  await write(
    'seeka',
    Array.from({ length: 40 }, (_, i) => `Seek ${i}`),
    0,
  );
  await write(
    'seekb',
    Array.from({ length: 40 }, (_, i) => `Other ${i}`),
    100,
  );
  await write(
    'seekc',
    Array.from({ length: 30 }, (_, i) => `Seek ${100 + i}`),
    200,
  );
});
afterAll(() => t.close());

const byHand = (q: string, newestFirst: boolean, among = written) => {
  const held = among
    .filter((a) => `${a.title} about ${a.title}`.toLowerCase().includes(q))
    .sort((a, b) => a.at - b.at)
    .map((a) => a.title);
  return newestFirst ? held.reverse() : held;
};

const listOf = (q: string) => {
  const { db, dialect } = t.app.streamdesk.context;
  return {
    db,
    dialect,
    base: db.selectFrom('inhouse_ads').where('id', 'like', 'seek%'),
    index: inHouseAdsSearch,
    search: { text: q },
  };
};

/** Every page of `limit` through the seek alone: its rows, or how it gave way. */
/** Small bounds for a table of a hundred ads: a slack of 2 matches, a walk of `rows` (200 by default). */
const small = (rows = 200) => ({ ...SEEK, slack: 2, span: { min: rows, max: rows } });

async function seekEvery(q: string, order: ListOrder, limit: number, walked?: number) {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const rows = await seekedPage<never, never, { main_title: string }>(listOf(q) as never, order, {
      phrase: ftsPhrase(q)!,
      page,
      limit,
      seek: small(walked),
    });
    if (!Array.isArray(rows)) return rows;
    found.push(...rows.map((r) => r.main_title));
    if (rows.length < limit) return found;
  }
}

/** Every page through searchedPage (the seek, or what it gives way to). */
async function searchedEvery(q: string, order: ListOrder, limit: number, walked?: number) {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const rows = await searchedPage<never, never, { main_title: string }>(listOf(q) as never, order, {
      page,
      limit,
      broad: true,
      walkable: true,
      walk: { min: 4, max: 8 },
      seek: small(walked),
    });
    found.push(...rows.map((r) => r.main_title));
    if (rows.length < limit) return found;
  }
}

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('a broad search seeked on SQLite', () => {
  it('pages as a hand count with the rows in rowid order, newest and oldest first', async () => {
    for (const q of ['seek', 'seek 1', 'other', 'about']) {
      for (const limit of [3, 7, 50]) {
        expect(await seekEvery(q, NEWEST_FIRST, limit), `${q} ${limit}`).toEqual(byHand(q, true));
        expect(await seekEvery(q, OLDEST_FIRST, limit), `${q} ${limit} oldest`).toEqual(byHand(q, false));
      }
    }
  });

  it('reads its pages from S where the rows follow rowid order, and searchedPage pages exactly', async () => {
    // `seek 1`'s newest matches are the newest rows; `other`'s are behind the 30 newest `Seek` ones, past
    // a walk of 20 rows, but no row written before them is newer: S's newest are each page
    // (search-blocks.ts; search-seek.test.ts gives way where a row before S is newer).
    expect(await seekEvery('other', NEWEST_FIRST, 5, 20)).toEqual(byHand('other', true));
    // Its first page is within 20 rows; its later pages are not.
    const first = await seekedPage<never, never, { main_title: string }>(
      listOf('seek 1') as never,
      NEWEST_FIRST,
      {
        phrase: ftsPhrase('seek 1')!,
        page: 1,
        limit: 5,
        seek: small(20),
      },
    );
    expect(Array.isArray(first) && first.map((r) => r.main_title)).toEqual(
      byHand('seek 1', true).slice(0, 5),
    );
    for (const q of ['other', 'seek', 'seek 1'])
      expect(await searchedEvery(q, NEWEST_FIRST, 5, 20), q).toEqual(byHand(q, true));
  });

  it('pages as a hand count with rows written out of rowid order (restored from the trash)', async () => {
    // New rowids with old dates: among the oldest `Seek` ones and the `Other` ones, matching or not.
    await write('seekd', ['Seek 300', 'Other 300', 'Seek 301'], 10);
    await write('seeke', ['Seek 310', 'Plain 310'], 150);
    await write('seekf', ['Seek 320'], 250);
    for (const q of ['seek', 'seek 3', 'other', 'about'])
      for (const limit of [2, 5, 50]) {
        expect(await seekEvery(q, NEWEST_FIRST, limit), `${q} ${limit}`).toEqual(byHand(q, true));
        expect(await seekEvery(q, OLDEST_FIRST, limit), `${q} ${limit} oldest`).toEqual(byHand(q, false));
        expect(await searchedEvery(q, NEWEST_FIRST, limit), `${q} ${limit} searched`).toEqual(
          byHand(q, true),
        );
      }
  });

  it('keeps to the list filters: only the active ones', async () => {
    const { db } = t.app.streamdesk.context;
    await db
      .updateTable('inhouse_ads')
      .set({ status: 0 })
      .where('main_title', 'in', ['Seek 129', 'Seek 127', 'Seek 0', 'Seek 320'])
      .execute();
    const active = written.filter((a) => !['Seek 129', 'Seek 127', 'Seek 0', 'Seek 320'].includes(a.title));
    const list = { ...listOf('seek'), base: listOf('seek').base.where('status', '=', 1) };
    const rows = await seekedPage<never, never, { main_title: string }>(list as never, NEWEST_FIRST, {
      phrase: ftsPhrase('seek')!,
      page: 2,
      limit: 10,
      seek: small(),
    });
    expect(rows).toEqual(expect.any(Array));
    expect((rows as { main_title: string }[]).map((r) => r.main_title)).toEqual(
      byHand('seek', true, active).slice(10, 20),
    );
    await sql`UPDATE inhouse_ads SET status = 1 WHERE id LIKE 'seek%'`.execute(db);
  });
});
