import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIDEO_SORTS, videoRoutes as routes, type Video } from '@streamdesk/contract/videos';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectSlicesInAnyOrder } from '../../test/list-pages.js';
import { LANDMARKS } from '../../platform/db/page-boundaries.js';
import * as repo from './videos.repository.js';

// The library's pages are found by their ids first (pageOfVideos' deferred join): every page of every
// filter and sort must be exactly the slice of the whole ordered list, ties included, before and after
// deletes and restores, on SQLite and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT = 7;
const VIDEOS = 45;

interface Row {
  id: string;
  category_id: string;
  web: number;
  created_at: string;
  title: string;
  duration: number;
  views: number;
}

/**
 * VIDEOS rows in two categories, three to a second (ties on the date), some durations and views equal;
 * `apart` ms between the seconds (a day and more: the rows of the day counts' landmarks).
 */
async function seed(categories: string[], apart = 1000, prefix = 'deep') {
  const rows: Row[] = Array.from({ length: VIDEOS }, (_, i) => ({
    id: `${prefix}${String((i * 7919) % 100_000).padStart(20, '0')}`,
    category_id: categories[i % 2]!,
    web: i % 3 === 0 ? 1 : 0,
    created_at: new Date(Date.UTC(2031, 0, 1) + Math.floor(i / 3) * apart).toISOString(),
    title: `Clip ${String.fromCharCode(65 + (i % 5))}${i % 4}`,
    duration: i % 6,
    views: i % 4,
  }));
  // The other columns take their defaults.
  const db = t.app.streamdesk.context.db;
  await db
    .insertInto('videos')
    .values(
      rows.map((r) => ({ ...r, video: `videos/${r.id}.mp4`, thumbnail: `videos/${r.id}.jpg` })) as never,
    )
    .execute();
  return rows;
}

const keyOf: Record<string, (r: Row) => string | number> = {
  date: (r) => r.created_at,
  title: (r) => r.title.toLowerCase(),
  duration: (r) => r.duration,
  views: (r) => r.views,
};

/** The whole list as the spec orders it, ties by id in the sort's direction. */
function expected(rows: Row[], sort: string) {
  const key = keyOf[sort.replace(/^-/, '')]!;
  const sign = sort.startsWith('-') ? -1 : 1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id))).map((r) => r.id);
}

async function onePage(category: string, query: Record<string, string>, page: number, limit = LIMIT) {
  const res = await t.request({
    method: 'GET',
    url: routes.adminList.path.replace(':category', category),
    query: { ...query, page: String(page), limit: String(limit) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const reply = await t.json<{ data: Video[]; totalPage: number }>(res);
  return { ids: reply.data.map((v) => v._id), totalPage: reply.totalPage };
}

async function everyPage(category: string, query: Record<string, string>) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const reply = await onePage(category, query, page);
    ids.push(...reply.ids);
    if (page >= reply.totalPage) return { ids, totalPage: reply.totalPage };
  }
}

/** Every page of the list read in an order that starts each from another (list-pages.ts). */
const jumbledPages = (category: string, query: Record<string, string>, whole: string[]) =>
  expectSlicesInAnyOrder(async (page) => (await onePage(category, query, page)).ids, whole, LIMIT);

describe('the library pages', () => {
  let categories: string[];
  let rows: Row[];
  beforeAll(async () => {
    categories = [
      await storedId(t, addCall.category('Deep A')),
      await storedId(t, addCall.category('Deep B')),
    ];
    rows = await seed(categories);
  });

  const check = async (present: Row[]) => {
    for (const sort of VIDEO_SORTS) {
      const cat = categories[0]!;
      const inCat = present.filter((r) => r.category_id === cat);
      for (const [query, subset] of [
        [{}, inCat],
        [{ web: 'true' }, inCat.filter((r) => r.web === 1)],
        [{ web: 'false' }, inCat.filter((r) => r.web === 0)],
      ] as const) {
        const { ids, totalPage } = await everyPage(cat, { ...query, sort });
        expect([sort, query, ids]).toEqual([sort, query, expected(subset, sort)]);
        expect(totalPage).toBe(Math.ceil(subset.length / LIMIT));
      }
    }
  };

  it('are slices of the whole ordered list for every page, filter and sort, ties included', async () => {
    await check(rows);
  });

  it('are the same slices read in any order, from the end, backwards and by jumps', async () => {
    for (const sort of VIDEO_SORTS) {
      const cat = categories[0]!;
      const inCat = rows.filter((r) => r.category_id === cat);
      await jumbledPages(cat, { sort }, expected(inCat, sort));
      await jumbledPages(
        cat,
        { sort, web: 'false' },
        expected(
          inCat.filter((r) => r.web === 0),
          sort,
        ),
      );
    }
  });

  it('are the same slices started from the nearest page read or the end (page-boundaries.test.ts)', async () => {
    // 45 videos, 3 to a page: from the start, after page 1 (skipping 9), from the end, before page 14
    // (skipping 9), at page 10, after it, before it, past the end.
    for (const sort of VIDEO_SORTS) {
      const whole = expected(rows, sort);
      for (const page of [1, 5, 14, 10, 10, 11, 9, 16]) {
        const { ids } = await onePage('all', { sort }, page, 3);
        expect([sort, page, ids]).toEqual([sort, page, whole.slice((page - 1) * 3, page * 3)]);
      }
    }
  });

  it('follow a new title at once when ordered by title', async () => {
    const cat = categories[0]!;
    const inCat = rows.filter((r) => r.category_id === cat);
    const first = inCat.find((r) => r.id === expected(inCat, 'title')[0])!;
    const rename = async (title: string) => {
      const res = await t.request({
        method: 'PUT',
        url: routes.rename.path,
        payload: { id: first.id, title },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await jumbledPages(cat, { sort: 'title' }, expected(inCat, 'title'));
    // The first by title becomes the last: every page moves by one row.
    await rename('Zz last');
    const moved = inCat.map((r) => (r === first ? { ...r, title: 'Zz last' } : r));
    await jumbledPages(cat, { sort: 'title' }, expected(moved, 'title'));
    await rename(first.title);
    await jumbledPages(cat, { sort: '-title' }, expected(inCat, '-title'));
  });

  it('keep their places through a web toggle or a rename where it moves no row of the list', async () => {
    const cat = categories[0]!;
    const inCat = rows.filter((r) => r.category_id === cat);
    const seeks = vi.spyOn(repo, 'pageOfVideos');
    /** Page 2 of the list, and whether its read started from a row known before (not a walk from an end). */
    const pageTwo = async (query: Record<string, string>) => {
      const { ids } = await onePage(cat, query, 2);
      const { from } = seeks.mock.calls.at(-1)![4];
      return { ids, known: from !== 'start' && from !== 'end' };
    };
    const call = async (url: string, payload: object) => {
      const res = await t.request({ method: 'PUT', url, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    // A third of the category's videos, none of them on the web yet.
    const flipped = inCat.filter((r, j) => j % 3 === 1 && r.web === 0);
    const now = inCat.map((r) => (flipped.includes(r) ? { ...r, web: 1 } : r));
    const lists = ['title', '-date', 'duration'].flatMap((sort): Record<string, string>[] => [
      { sort },
      { sort, web: 'true' },
    ]);
    try {
      for (const query of lists) await pageTwo(query);
      await call(routes.webStatus.path, { id: flipped.map((r) => r.id), status: true });
      for (const query of lists) {
        const subset = query.web ? now.filter((r) => r.web === 1) : now;
        // Read again from a page known before the toggle, unless the list is filtered by web.
        expect([query, await pageTwo(query)]).toEqual([
          query,
          {
            ids: expected(subset, query.sort!).slice(LIMIT, 2 * LIMIT),
            known: !query.web,
          },
        ]);
        await jumbledPages(cat, query, expected(subset, query.sort!));
      }
      // A rename moves the lists by title only.
      const [renamed] = flipped;
      await call(routes.rename.path, { id: renamed!.id, title: 'Aa first' });
      const titled = now.map((r) => (r.id === renamed!.id ? { ...r, title: 'Aa first' } : r));
      expect(await pageTwo({ sort: '-date' })).toEqual({
        ids: expected(titled, '-date').slice(LIMIT, 2 * LIMIT),
        known: true,
      });
      // By title, which pages it keeps: the next test.
      expect((await pageTwo({ sort: 'title' })).ids).toEqual(
        expected(titled, 'title').slice(LIMIT, 2 * LIMIT),
      );
      await call(routes.rename.path, { id: renamed!.id, title: renamed!.title });
    } finally {
      seeks.mockRestore();
      await call(routes.webStatus.path, { id: flipped.map((r) => r.id), status: false });
    }
    await check(rows);
  });

  it("keep the pages by title outside a rename's old and new title, and read the others again", async () => {
    const cat = categories[0]!;
    const inCat = rows.filter((r) => r.category_id === cat);
    const seeks = vi.spyOn(repo, 'pageOfVideos');
    const pages = Math.ceil(inCat.length / 3);
    /** Every page by title, 3 to a page: its ids, and whether its read started from its own first row. */
    const readAll = async () => {
      const read = [];
      for (let page = 1; page <= pages; page++) {
        const { ids } = await onePage(cat, { sort: 'title' }, page, 3);
        read.push({ ids, known: seeks.mock.calls.at(-1)![4].from === 'at' });
      }
      return read;
    };
    const rename = async (id: string, title: string) => {
      const res = await t.request({ method: 'PUT', url: routes.rename.path, payload: { id, title } });
      expect(res.statusCode, res.body).toBe(200);
    };
    /**
     * The pages of `before` (by title, 3 to a page) a move of a row from title `from` to `to` leaves where
     * they were: their first and last rows both before both titles, or both after (the titles are ASCII, in
     * the same order for JavaScript and both databases).
     */
    const keptPages = (before: Row[], id: string, from: string, to: string) => {
      const key = (title: string, rowId: string) => [title.toLowerCase(), rowId].join('\u0000');
      const ends = [key(from, id), key(to, id)];
      const side = (r: Row) => {
        const k = key(r.title, r.id);
        return ends.every((e) => k < e) ? -1 : ends.every((e) => k > e) ? 1 : 0;
      };
      const ordered = expected(before, 'title').map((rowId) => before.find((r) => r.id === rowId)!);
      return Array.from({ length: pages }, (_, n) => {
        const [first, last] = [
          side(ordered[n * 3]!),
          side(ordered[Math.min(n * 3 + 2, ordered.length - 1)]!),
        ];
        return first !== 0 && first === last;
      });
    };
    const slices = (whole: string[]) =>
      Array.from({ length: pages }, (_, n) => whole.slice(n * 3, n * 3 + 3));
    try {
      await readAll();
      // The first row of page 3 goes past the last of page 5: pages 1 and 2 and the last stay.
      const byTitle = expected(inCat, 'title').map((id) => inCat.find((r) => r.id === id)!);
      const renamed = byTitle[6]!;
      const title = `${byTitle[14]!.title}z`;
      await rename(renamed.id, title);
      const moved = inCat.map((r) => (r === renamed ? { ...r, title } : r));
      const read = await readAll();
      expect(read.map((p) => p.ids)).toEqual(slices(expected(moved, 'title')));
      const kept = keptPages(inCat, renamed.id, renamed.title, title);
      expect([kept.slice(0, 3), kept.at(-1)]).toEqual([[true, true, false], true]);
      expect(read.map((p) => p.known)).toEqual(kept);
      // And back: the pages read since, outside the same two titles, stay.
      await rename(renamed.id, renamed.title);
      const back = await readAll();
      expect(back.map((p) => p.ids)).toEqual(slices(expected(inCat, 'title')));
      expect(back.map((p) => p.known)).toEqual(keptPages(moved, renamed.id, title, renamed.title));
    } finally {
      seeks.mockRestore();
    }
  });

  it('stay so after a delete and a restore', async () => {
    const gone = rows.filter((_, i) => i % 5 === 0).map((r) => r.id);
    const removed = await t.request({ method: 'DELETE', url: routes.remove.path, payload: { id: gone } });
    expect(removed.statusCode).toBe(200);
    await check(rows.filter((r) => !gone.includes(r.id)));
    const restored = await t.request({
      method: 'POST',
      url: '/api/admin/trash/restore',
      payload: { id: gone },
    });
    expect(restored.statusCode).toBe(200);
    await check(rows);
  });
});

describe('the library pages in date order from the day counts', () => {
  let categories: string[];
  let rows: Row[];
  const landmarks = vi.spyOn(repo, 'videoDayLandmark');
  const from = LANDMARKS.from;
  beforeAll(async () => {
    categories = [
      await storedId(t, addCall.category('Days A')),
      await storedId(t, addCall.category('Days B')),
    ];
    // Three to a second, a second every 7 hours: three to six rows a day, ties on the date.
    rows = await seed(categories, 7 * 3_600_000, 'days');
    // Every walk asks for a landmark first.
    LANDMARKS.from = 0;
  });
  afterAll(() => {
    LANDMARKS.from = from;
    landmarks.mockRestore();
  });

  it('are slices of the whole ordered list, read in any order, for each filter and both ways', async () => {
    for (const sort of ['-date', 'date']) {
      const cat = categories[0]!;
      const inCat = rows.filter((r) => r.category_id === cat);
      for (const [query, subset] of [
        [{}, inCat],
        [{ web: 'false' }, inCat.filter((r) => r.web === 0)],
      ] as const) {
        landmarks.mockClear();
        await jumbledPages(cat, { ...query, sort }, expected(subset, sort));
        // The landmarks answered (a day of the rows), and pages were read from them.
        const answered = await Promise.all(landmarks.mock.results.map((r) => r.value));
        expect(
          answered.filter((m) => m && m.before > 0).length,
          `${sort} ${JSON.stringify(query)}`,
        ).toBeGreaterThan(0);
      }
    }
  });
});
