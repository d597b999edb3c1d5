import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { NEWEST_FIRST, type ListOrder } from './paging.js';
import { ftsPhrase } from './search.js';
import { SEEK, seekedPage } from './search-seek.js';
import { searchedPage } from './search-page.js';
import type { SearchIndex } from './search-index.js';

/**
 * SQLite's seek on long walks (search-seek.ts, 0063 "Deep pages"): with a span over its fewest rows it first
 * estimates, from the table's rowids, whether the walk reaches its matches, and gives way (`far`) when they
 * lie far from the order's start. The estimate is wrong for rows written after their date (restored
 * videos): every page through searchedPage must still be the hand count's slice, in both date orders.
 */
let t: TestApp;
let category: string;
const FROM = Date.UTC(2037, 0, 1);
const OLDEST_FIRST: ListOrder = { ...NEWEST_FIRST, desc: false };
/** Each video's title and date (seconds after FROM), in rowid order. */
const written: { title: string; at: number }[] = [];

async function write(prefix: string, titles: string[], at: number) {
  await t.app.streamdesk.context.db
    .insertInto('videos')
    .values(
      titles.map((title, i) => ({
        id: `${prefix}${String(i).padStart(21, '0')}`,
        category_id: category,
        title,
        file_name: `${prefix}${i}.mp4`,
        video: `videos/${prefix}${i}.mp4`,
        thumbnail: `videos/${prefix}${i}.jpg`,
        created_at: new Date(FROM + (at + i) * 1000).toISOString(),
      })) as never,
    )
    .execute();
  titles.forEach((title, i) => written.push({ title, at: at + i }));
}

/** The library's search index (its migration's; the platform does not import a feature). */
const videosSearch: SearchIndex = {
  table: 'videos',
  columns: ['title', 'file_name'],
  folded: true,
  blocks: true,
};

const run = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

beforeAll(async () => {
  t = await createTestApp();
  if (t.app.streamdesk.context.dialect !== 'sqlite') return;
  category = await storedId(t, addCall.category('Seek deep'));
  // 20 `Deep a` (the oldest), 20 `Plain`, 20 `Deep b` (the newest); then, written last with old dates
  // (as restored from the trash), 5 `Deep c` between the first two runs and 5 `Plain late` among the oldest.
  await write('sda', run('Deep a', 20), 0);
  await write('spl', run('Plain', 20), 100);
  await write('sdb', run('Deep b', 20), 200);
  await write('sdc', run('Deep c', 5), 50);
  await write('spx', run('Plain late', 5), 5);
});
afterAll(() => t.close());

const byHand = (q: string, newestFirst: boolean) => {
  const held = written
    .filter((v) => v.title.toLowerCase().includes(q))
    .sort((a, b) => a.at - b.at)
    .map((v) => v.title);
  return newestFirst ? held.reverse() : held;
};

const listOf = (q: string) => {
  const { db, dialect } = t.app.streamdesk.context;
  return {
    db,
    dialect,
    base: db.selectFrom('videos').where('category_id', '=', category),
    index: videosSearch,
    search: { text: q },
  };
};

/** Spans of 4 rows or more, over the fewest (2): every walk is a long one and estimates first. */
const long = { ...SEEK, slack: 2, span: { min: 2, max: 4 } };

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('a long seek on SQLite', () => {
  it('reads S alone where no row before it is newer, gives way where one is, and walks', async () => {
    const seek = (q: string, order: ListOrder, limit: number) =>
      seekedPage<never, never, { title: string }>(listOf(q) as never, order, {
        phrase: ftsPhrase(q)!,
        page: 1,
        limit,
        seek: long,
      });
    // `Deep c` newest first: S's rows are the newest `Deep c`s, but rows written before them (`Deep b`) are
    // newer (search-blocks.ts), so S alone does not tell; the walk's 4 rows (`Deep b`s) hold none.
    expect(await seek('deep c', NEWEST_FIRST, 1)).toBe('far');
    // `Deep a`: the oldest rows, written first: no row before S's is newer, so S's newest is the page,
    // though 50 rows lie between it and the table's end.
    const oldest = await seek('deep a', NEWEST_FIRST, 1);
    expect(Array.isArray(oldest) && oldest.map((r) => r.title)).toEqual(byHand('deep a', true).slice(0, 1));
    // `Deep b`: the newest rows but for the 10 written last.
    const rows = await seek('deep b', NEWEST_FIRST, 1);
    expect(Array.isArray(rows) && rows.map((r) => r.title)).toEqual(byHand('deep b', true).slice(0, 1));
  });

  it('pages as a hand count, newest and oldest first, with rows written after their date', async () => {
    for (const q of ['deep', 'deep a', 'deep b', 'deep c', 'plain', 'late'])
      for (const limit of [1, 3, 7])
        for (const newestFirst of [true, false]) {
          const found: string[] = [];
          for (let page = 1; ; page++) {
            const rows = await searchedPage<never, never, { title: string }>(
              listOf(q) as never,
              newestFirst ? NEWEST_FIRST : OLDEST_FIRST,
              { page, limit, broad: true, walkable: true, walk: { min: 4, max: 8 }, seek: long },
            );
            found.push(...rows.map((r) => r.title));
            if (rows.length < limit) break;
          }
          expect(found, `${q} ${limit} ${newestFirst}`).toEqual(byHand(q, newestFirst));
        }
  });
});
