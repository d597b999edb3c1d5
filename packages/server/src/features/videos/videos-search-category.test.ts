import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { writeVideoRows } from '../../test/library-videos.js';
import { countWay, SCAN_ROWS } from '../../platform/db/search-count.js';
import { videosSearch } from './videos.migrations.js';

/**
 * A category of more than SCAN_ROWS videos searched for a text the rest of the library holds far more
 * often (search-count.ts): its count reads the category's own rows, or looks the index's matches up among
 * the category's rowids, or probes the table, by what the index holds; every page and total must be the
 * hand count's, in both date orders, by title, and with the web filter, on both databases.
 */
let t: TestApp;
let big: string;
const BIG = SCAN_ROWS + 100;
const OTHER = 9_000;
/** The big category's videos, oldest first: a few hold `Common 1`, the rest of the library's text. */
const bigTitles = Array.from({ length: BIG }, (_, i) => (i % 300 === 7 ? `Common 1 big ${i}` : `Big ${i}`));
/** The rest of the library (another category): every one holds `common`, a ninth of them `common 1`. */
const otherTitles = Array.from({ length: OTHER }, (_, i) => `Common ${i}`);

beforeAll(async () => {
  t = await createTestApp();
  big = await storedId(t, addCall.category('Big'));
  const other = await storedId(t, addCall.category('Other'));
  // The other category's videos first (lower rowids), the big one's dates among theirs.
  await writeVideoRows(t, {
    prefix: 'oth',
    category: other,
    titles: otherTitles,
    from: Date.UTC(2035, 0, 1),
  });
  await writeVideoRows(t, {
    prefix: 'big',
    category: big,
    titles: bigTitles,
    from: Date.UTC(2035, 0, 1) + 500,
  });
  const { db, dialect } = t.app.streamdesk.context;
  if (dialect === 'postgres') await sql`ANALYZE videos`.execute(db);
}, 60_000);
afterAll(() => t.close());

const inBig = async (query: Record<string, string>) => {
  const res = await t.request({
    method: 'GET',
    url: videoRoutes.adminList.path.replace(':category', big),
    query: { limit: '3', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<{ data: Video[]; totalRecord: number; totalCapped: boolean }>(res);
};

/** The big category's titles holding `q` (folded), in the order asked, by hand. */
const byHand = (q: string, { sort = '-date', web = false } = {}) => {
  const held = bigTitles
    .map((title, i) => ({ title, i, file: `big${i}.mp4` }))
    .filter((v) => (!web || v.i % 2 === 1) && (v.title.toLowerCase().includes(q) || v.file.includes(q)));
  if (sort === 'title') held.sort((a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1));
  const titles = held.map((v) => v.title);
  return sort === '-date' ? titles.reverse() : titles;
};

describe('a big category searched for a text the rest of the library holds', () => {
  it('counts the way the index and the category call for (SQLite)', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    if (dialect !== 'sqlite') return;
    const way = (text: string) =>
      countWay(
        {
          db,
          dialect,
          base: db.selectFrom('videos').where('category_id', '=', big),
          index: videosSearch,
          search: { text },
          rows: BIG,
        } as never,
        SEARCH_COUNT_MAX,
      );
    // `common`: 9,007 matches, more than four a row of the category: its rows are checked.
    expect(await way('common')).toBe('scan');
    // `common 1`: about 1,118, a few of them the category's: looked up among its rowids.
    expect(await way('common 1')).toBe('set');
    // `.mp4`: every video, the index's first (oldest) matches none of the category's: its rows are checked.
    expect(await way('.mp4')).toBe('scan');
    // `big`: every video of the category: probed, it stops at the cap.
    expect(await way('big')).toBe('probe');
    // `big 2`: few matches anywhere.
    expect(await way('big 2')).toBe('probe');
  });

  it('pages every way as a hand count, in both date orders, by title and web only', async () => {
    for (const q of ['common', 'COMMON 1', 'big 2', 'big 1', 'big', '.mp4', 'nothing at all'])
      for (const query of [{}, { sort: 'date' }, { sort: 'title' }, { web: 'true' }] as Record<
        string,
        string
      >[]) {
        const expected = byHand(q.toLowerCase(), { sort: query.sort ?? '-date', web: 'web' in query });
        const found: string[] = [];
        const pages = Math.min(Math.ceil(expected.length / 3), 6);
        for (let page = 1; page <= pages + 1; page++) {
          const reply = await inBig({ q, page: String(page), ...query });
          found.push(...reply.data.map((v) => v.title));
          expect([reply.totalRecord, reply.totalCapped], `${q} ${JSON.stringify(query)}`).toEqual([
            Math.min(expected.length, SEARCH_COUNT_MAX),
            expected.length > SEARCH_COUNT_MAX,
          ]);
        }
        // Up to six pages and the one after them (empty past the last).
        expect(found, `${q} ${JSON.stringify(query)}`).toEqual(
          expected.slice(0, pages === Math.ceil(expected.length / 3) ? undefined : (pages + 1) * 3),
        );
      }
  }, 60_000);
});
