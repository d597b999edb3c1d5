import { describe, expect, it } from 'vitest';
import { AppCache } from '../app-cache.js';
import {
  LANDMARKS,
  MOVES_KEPT,
  PageBoundaries,
  type Landmark,
  type MoveSides,
  type PageSeek,
  type RowKey,
} from './page-boundaries.js';

const key = (page: number) => ({
  first: { value: `f${page}`, id: `a${page}` },
  last: { value: `l${page}`, id: `z${page}` },
});

/** Plans `page` of a list of 45 rows, 3 to a page, and keeps what the read would have found. */
function read(boundaries: PageBoundaries, page: number, list = 'l'): PageSeek {
  const plan = boundaries.plan(list, page, 3, 45);
  plan.remember(key(page).first, key(page).last);
  return plan.seek;
}

describe('page boundaries', () => {
  it('start each page from the nearest page read, or from the nearer end of the list', () => {
    const b = new PageBoundaries();
    expect(read(b, 1)).toEqual({ from: 'start', skip: 0, take: 3 });
    expect(read(b, 5)).toEqual({ from: 'after', key: key(1).last, skip: 9, take: 3 });
    expect(read(b, 14)).toEqual({ from: 'end', skip: 3, take: 3 });
    expect(read(b, 10)).toEqual({ from: 'before', key: key(14).first, skip: 9, take: 3 });
    expect(read(b, 10)).toEqual({ from: 'at', key: key(10).first, skip: 0, take: 3 });
    expect(read(b, 11)).toEqual({ from: 'after', key: key(10).last, skip: 0, take: 3 });
    expect(read(b, 9)).toEqual({ from: 'before', key: key(10).first, skip: 0, take: 3 });
    // Past the end there is nothing to read.
    expect(read(b, 16).take).toBe(0);
  });

  it('take only what is left on a last page that is not full', () => {
    const plan = new PageBoundaries().plan('l', 4, 10, 35);
    expect(plan.seek).toEqual({ from: 'end', skip: 0, take: 5 });
  });

  it('keep each list apart, and nothing planned before a forget', () => {
    const b = new PageBoundaries();
    read(b, 7, 'one');
    expect(read(b, 8, 'two').from).toBe('start');
    expect(read(b, 8, 'one').from).toBe('after');
    const planned = b.plan('one', 20, 1, 45);
    b.forget();
    planned.remember(key(20).first, key(20).last);
    expect(b.plan('one', 8, 3, 45).seek.from).toBe('start');
    expect(b.plan('one', 21, 1, 45).seek.from).toBe('start');
  });

  it('forget only the lists a change of some fields moves, and every list on any other write', () => {
    const cache = new AppCache();
    // Lists filtered by web or ordered by title, as the library's.
    const b = PageBoundaries.forgetOn(cache, 'rows', (list, changed) =>
      changed.some((f) => list.includes(f)),
    );
    const readAll = () => ['web', 'title', 'date'].forEach((list) => read(b, 7, list));
    const known = () =>
      ['web', 'title', 'date'].filter((list) => b.plan(list, 8, 3, 45).seek.from !== 'start');
    readAll();
    expect(known()).toEqual(['web', 'title', 'date']);
    const planned = b.plan('planned', 20, 1, 45);
    cache.invalidate('rows', ['web']);
    // A read under way keeps nothing, whichever list it reads.
    planned.remember(key(20).first, key(20).last);
    expect(b.plan('planned', 21, 1, 45).seek.from).toBe('start');
    expect(known()).toEqual(['title', 'date']);
    cache.invalidate('other', ['title']);
    cache.invalidate('rows', ['title', 'date']);
    expect(known()).toEqual([]);
    readAll();
    // A write that names no fields (rows added or removed), or another process's: every list.
    cache.invalidate('rows');
    expect(known()).toEqual([]);
    readAll();
    cache.invalidateFromPeer('rows');
    expect(known()).toEqual([]);
    // Without `moves`, a change of some fields forgets every list too.
    const all = PageBoundaries.forgetOn(cache, 'rows');
    read(all, 7, 'date');
    cache.invalidate('rows', ['web']);
    expect(read(all, 8, 'date').from).toBe('start');
  });

  it('keeps a bounded number of lists and pages', () => {
    const b = new PageBoundaries(2, 3);
    for (const list of ['a', 'b', 'c']) read(b, 7, list);
    expect(read(b, 8, 'a').from).toBe('start');
    expect(read(b, 8, 'c').from).toBe('after');
    for (const page of [1, 2, 3]) read(b, page, 'd');
    read(b, 12, 'd'); // the fourth page of `d` starts its pages again
    expect(read(b, 4, 'd').from).toBe('start');
  });

  describe('through a row moved from one key to another (a rename)', () => {
    /** Page `page`'s first and last keys, in order: row `n` of the list is `r0n`. */
    const row = (n: number): RowKey => ({ value: `r${String(n).padStart(3, '0')}`, id: 'x' });
    const bounds = (page: number) => ({ first: row(page * 3 - 2), last: row(page * 3) });
    const compare = (a: RowKey, b: RowKey) => a.value.toString().localeCompare(b.value.toString());
    // The database's comparison, here JavaScript's on keys it orders the same way (move-sides.test.ts: the database's).
    let asked = 0;
    const sides: MoveSides = async (keys, moves) => {
      asked++;
      return keys.map((k) =>
        moves.map(({ from, to }) => {
          const [a, b] = [compare(k, from), compare(k, to)];
          return a < 0 && b < 0 ? -1 : a > 0 && b > 0 ? 1 : 0;
        }),
      );
    };
    /** Reads `page` of list `list` (45 rows, 3 to a page); where its read started. */
    const readPage = async (b: PageBoundaries, page: number, list = 'l') => {
      let from = '';
      await b.page(list, page, 3, 45, async (seek) => {
        from = seek.from;
        return { rows: [], ...bounds(page) };
      });
      return from;
    };
    const readAll = async (b: PageBoundaries, list = 'l') => {
      for (let page = 1; page <= 15; page++) await readPage(b, page, list);
    };
    /** The pages known once the moves are placed (by a read that finds nothing): read from their own first row. */
    const known = async (b: PageBoundaries, list = 'l') => {
      await b.page(list, 1, 3, 45, async () => ({ rows: [], first: undefined, last: undefined }));
      const pages = [];
      for (let page = 1; page <= 15; page++)
        if (b.plan(list, page, 3, 45).seek.from === 'at') pages.push(page);
      return pages;
    };
    const move = (from: number, to: number) => ({ from: row(from), to: row(to) });

    it('forget at the next read the pages between its two keys, and keep the others', async () => {
      const b = new PageBoundaries();
      await readAll(b);
      await readAll(b, 'other');
      // Row 11 (page 4) moves between rows 25 and 26 (page 9): pages 4 to 9 move by one row.
      b.moved((list) => list === 'l', { from: row(11), to: { value: 'r025a', id: 'x' } }, sides);
      asked = 0;
      expect(await readPage(b, 2)).toBe('at');
      expect(asked).toBe(1);
      expect(await known(b)).toEqual([1, 2, 3, 10, 11, 12, 13, 14, 15]);
      expect(await known(b, 'other')).toHaveLength(15);
      // Page 6 is read from page 3, the nearest known.
      expect(await readPage(b, 6)).toBe('after');
      // Both keys inside one page: that page alone; a move back down: the same pages.
      await readAll(b);
      b.moved(() => true, move(20, 19), sides);
      expect(await known(b)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15]);
      expect(asked).toBe(2);
    });

    it('keep nothing a read planned before the move read, and place moves made since later', async () => {
      const b = new PageBoundaries();
      await readAll(b);
      await readPage(b, 7, 'p');
      const planned = b.plan('p', 8, 3, 45);
      b.moved(() => true, move(1, 2), sides);
      planned.remember(bounds(8).first, bounds(8).last);
      expect(await known(b, 'p')).toEqual([7]);
      // A move made while the first is placed stays for the read after.
      let release = () => {};
      const slow: MoveSides = (keys, moves) =>
        new Promise((resolve) => (release = () => resolve(sides(keys, moves))));
      await readAll(b);
      b.moved(() => true, move(1, 2), slow);
      const reading = readPage(b, 15);
      b.moved(() => true, move(40, 44), sides);
      release();
      await reading;
      expect(await known(b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    });

    it('forget the list when its moves cannot be placed, or past MOVES_KEPT of them', async () => {
      const b = new PageBoundaries();
      await readAll(b);
      b.moved(
        () => true,
        move(1, 2),
        async () => {
          throw new Error('connection lost');
        },
      );
      await expect(readPage(b, 7)).rejects.toThrow('connection lost');
      expect(await known(b)).toEqual([]);
      await readAll(b);
      for (let n = 0; n <= MOVES_KEPT; n++) b.moved(() => true, move(1, 2), sides);
      asked = 0;
      expect(await known(b)).toEqual([]);
      expect(asked).toBe(0);
    });
  });

  describe('with landmarks', () => {
    const total = 200_000;
    const limit = 20;
    /** Reads `page` of the list, answering `mark` to each landmark asked; the seek it read and the starts asked. */
    async function landmarked(
      b: PageBoundaries,
      page: number,
      mark: (start: number) => Landmark | undefined,
    ) {
      const asked: number[] = [];
      let seek: PageSeek | undefined;
      await b.page(
        'l',
        page,
        limit,
        total,
        async (s) => {
          seek = s;
          return { rows: [], first: key(page).first, last: key(page).last };
        },
        async (start) => {
          asked.push(start);
          return mark(start);
        },
      );
      return { seek: seek!, asked };
    }
    const day = { value: '2031-02-03', id: '' };

    it('start a far page from the landmark before its first row, where the plan walks further', async () => {
      const b = new PageBoundaries();
      // Page 2,500 starts at row 49,980: from the start, a walk of 49,980; from the landmark, of 980.
      expect(await landmarked(b, 2_500, () => ({ key: day, before: 49_000 }))).toEqual({
        seek: { from: 'after', key: day, skip: 980, take: limit },
        asked: [49_980],
      });
      // Near a page read before: no landmark asked.
      expect(await landmarked(b, 2_501, () => ({ key: day, before: 49_000 }))).toEqual({
        seek: { from: 'after', key: key(2_500).last, skip: 0, take: limit },
        asked: [],
      });
    });

    it('keep the plan where the landmark is no nearer, is past the page, or is not known', async () => {
      const plan = { from: 'start', skip: 49_980, take: limit };
      for (const mark of [
        () => ({ key: day, before: 0 }),
        () => ({ key: day, before: 49_981 }),
        () => undefined,
      ]) {
        expect((await landmarked(new PageBoundaries(), 2_500, mark)).seek).toEqual(plan);
      }
    });

    it('ask for none under LANDMARKS.from rows of walk', async () => {
      const page = Math.floor(LANDMARKS.from / limit);
      const { seek, asked } = await landmarked(new PageBoundaries(), page, () => ({ key: day, before: 1 }));
      expect([seek.from, asked]).toEqual(['start', []]);
    });
  });
});
