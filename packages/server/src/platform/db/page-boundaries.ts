import { setBounded, type Evictable } from '../bounded-map.js';
import type { InvalidationListener } from '../app-cache.js';
import type { SeekPage } from './paging.js';

/** A row's place in a list's order: its sort value, as the database compares it, and its id. */
export interface RowKey {
  value: string | number;
  id: string;
}

/**
 * How to read one page's rows: `skip` rows then `take`, counted from the start or the end of the list, or
 * from a row already seen (from it, after it, or before it reading backwards). From the end and before a
 * row, the rows are read in the list's reverse order.
 */
export type PageSeek =
  | { from: 'start' | 'end'; skip: number; take: number }
  | { from: 'at' | 'after' | 'before'; key: RowKey; skip: number; take: number };

/** One row's move in a list's order (a rename in a list by name): its key before and after. */
export interface RowMove {
  from: RowKey;
  to: RowKey;
}

/**
 * Where each of `keys` lies against each of `moves` (`sides[k][m]`): -1 before both of the move's keys in
 * ascending order, 1 after both, 0 between or on one. Asked of the database, which alone compares text as
 * its indexes do (its collation).
 */
export type MoveSides = (keys: RowKey[], moves: RowMove[]) => Promise<number[][]>;

/** Moves kept for a list before its next read places them; past it the list is forgotten instead. */
export const MOVES_KEPT = 16;

/** The first and last row of each page read of one list, by page number. */
interface KnownPages extends Evictable {
  pages: Map<number, { first: RowKey; last: RowKey }>;
  /** Rows moved since those pages were read, and how to place the pages against them. */
  moved?: { moves: RowMove[]; sides: MoveSides };
}

/**
 * A place in a list's order known without reading the rows before it (the kept day counts of a date
 * order): the rows before it in the order (`before`), and a key every row from there on lies beyond, as
 * an `after` seek reads them.
 */
export interface Landmark {
  key: RowKey;
  before: number;
}

/**
 * The walk (rows skipped) from which a page asks for a landmark before it reads. At a million videos the
 * library's day counts are read in 2.1 ms (SQLite) and 3.4-3.6 ms (PostgreSQL); a walk of 20,000 index
 * entries takes 0.2 ms and about 2 ms, and from a cold page cache (100,000 entries) 100-130 ms on both
 * (docs/decisions/0074-deep-pages-from-day-counts.md). An object, so that a test can lower it.
 */
export const LANDMARKS = { from: 20_000 };

/** What `plan` gives: the seek, and where to put what the read found. */
export interface PagePlan {
  seek: PageSeek;
  /** Keeps the page's first and last row, unless a write forgot everything since the plan was made. */
  remember(first: RowKey | undefined, last: RowKey | undefined): void;
}

/**
 * Keyset under the page number (issue 39). A page N of a list is the spec's `page`/`limit`, and the
 * database has no way to find its rows without walking the N × limit entries before them (an OFFSET). So
 * each page read keeps its first and last row's keys, and the next read of that list starts from the
 * nearest known page, or from the end of the list when that is nearer (the total is kept, 0047): the next
 * page, the previous one and the last are then a seek of `limit` entries, whatever N. A jump to a far page
 * nobody read since the last write still walks from the nearest known point.
 *
 * Any write to the rows can move every page, so the owner calls `forget` on each (the feature's cache tag,
 * which the other server processes also hear through cache-sync). A write that only changed some fields
 * of rows already there forgets only the lists whose filter or order reads them (`moves`): a web toggle
 * leaves the library's unfiltered pages where they were, and a rename (`moved`) the pages outside its
 * row's old and new place. A read planned before a `forget` keeps nothing.
 * Only for orders no silent write changes (not the views, which app events count up).
 */
export class PageBoundaries {
  /**
   * Boundaries forgotten whenever `cache` invalidates `tag` (a write of the feature that owns the rows):
   * every list's, or when the write names the fields it changed, those of the lists `moves` says they
   * move (without `moves`, every list's).
   */
  static forgetOn(
    cache: { onInvalidate(listener: InvalidationListener): void },
    tag: string,
    moves?: (list: string, changed: readonly string[]) => boolean,
  ): PageBoundaries {
    const boundaries = new PageBoundaries();
    cache.onInvalidate((invalidated, changed) => {
      if (invalidated !== tag) return;
      if (changed && moves) boundaries.forget((list) => moves(list, changed));
      else boundaries.forget();
    });
    return boundaries;
  }

  private generation = 0;
  private readonly lists = new Map<string, KnownPages>();

  constructor(
    /** Lists kept (a list is one filter, order and page size); the least used go first. */
    private readonly maxLists = 200,
    /** Pages kept per list; past it the list starts again from what the next reads find. */
    private readonly maxPages = 2000,
  ) {}

  /** Every list's boundaries, or those of the lists `moved` picks. */
  forget(moved?: (list: string) => boolean): void {
    // A read under way when the rows changed keeps nothing, whichever list it reads.
    this.generation++;
    if (!moved) this.lists.clear();
    else for (const list of [...this.lists.keys()]) if (moved(list)) this.lists.delete(list);
  }

  /**
   * A write moved one row of the lists `picks` from one key to another (a rename): the rows of a page
   * entirely before or after both keys kept their places, those of a page between them moved by one. The
   * next read of each list forgets the pages between (`sides` places them), and keeps the others.
   */
  moved(picks: (list: string) => boolean, move: RowMove, sides: MoveSides): void {
    // A read under way may have read the rows before the move: it keeps nothing.
    this.generation++;
    for (const [list, known] of this.lists) {
      if (!picks(list)) continue;
      const moves = [...(known.moved?.moves ?? []), move];
      if (moves.length > MOVES_KEPT) this.lists.delete(list);
      else known.moved = { moves, sides };
    }
  }

  /** Forgets the pages of `list` that its rows' moves since they were read moved. */
  private async place(list: string, known: KnownPages): Promise<void> {
    const { moves, sides } = known.moved!;
    const pages = [...known.pages];
    let placed: number[][];
    try {
      placed = await sides(
        pages.flatMap(([, { first, last }]) => [first, last]),
        moves,
      );
    } catch (error) {
      if (this.lists.get(list) === known) this.lists.delete(list);
      throw error;
    }
    // Pages read since were read after the moves: only those placed are looked at, and moves added since stay.
    pages.forEach(([page, bounds], i) => {
      const [first, last] = [placed[2 * i]!, placed[2 * i + 1]!];
      const kept = moves.every((_, m) => first[m] !== 0 && first[m] === last[m]);
      if (!kept && known.pages.get(page) === bounds) known.pages.delete(page);
    });
    const now = known.moved;
    const left = now?.moves.filter((move) => !moves.includes(move)) ?? [];
    known.moved = left.length ? { moves: left, sides: now!.sides } : undefined;
  }

  /**
   * Page `page` of `list` (`total` rows, `limit` to a page) read by `read` from where `plan` says, or from
   * the `landmark` before the page's first row where the plan would walk further (LANDMARKS.from rows or
   * more) than from there.
   */
  async page<R>(
    list: string,
    page: number,
    limit: number,
    total: number,
    read: (seek: PageSeek) => Promise<SeekPage<R>>,
    landmark?: (start: number) => Promise<Landmark | undefined>,
  ): Promise<R[]> {
    const known = this.lists.get(list);
    if (known?.moved) await this.place(list, known);
    const plan = this.plan(list, page, limit, total);
    let seek = plan.seek;
    const start = (page - 1) * limit;
    if (landmark && seek.skip > 0 && seek.skip >= LANDMARKS.from && start < total) {
      const mark = await landmark(start);
      const skip = mark && start - mark.before;
      if (skip !== undefined && skip >= 0 && skip < seek.skip)
        seek = { from: 'after', key: mark!.key, skip, take: seek.take };
    }
    const { rows, first, last } = await read(seek);
    plan.remember(first, last);
    return rows;
  }

  /** The shortest walk to page `page` of `list`, which has `total` rows, `limit` to a page. */
  plan(list: string, page: number, limit: number, total: number): PagePlan {
    const start = (page - 1) * limit;
    const end = Math.min(page * limit, total);
    const take = Math.max(0, end - start);
    let seek: PageSeek = { from: 'start', skip: start, take };
    if (total - end < seek.skip) seek = { from: 'end', skip: total - end, take };
    const known = this.lists.get(list);
    if (known) {
      known.used = true;
      for (const [at, { first, last }] of known.pages) {
        const skip = Math.max(0, Math.abs(page - at) - 1) * limit;
        // A page read before starts from its own first row, rather than from a neighbour's.
        if (skip > seek.skip || (skip === seek.skip && at !== page)) continue;
        if (at === page) seek = { from: 'at', key: first, skip: 0, take };
        else if (at < page) seek = { from: 'after', key: last, skip, take };
        else seek = { from: 'before', key: first, skip, take };
      }
    }
    const generation = this.generation;
    return {
      seek,
      remember: (first, last) => {
        if (!first || !last || generation !== this.generation) return;
        let pages = this.lists.get(list)?.pages;
        if (!pages) {
          pages = new Map();
          setBounded(this.lists, list, { pages }, this.maxLists);
        }
        if (pages.size >= this.maxPages) pages.clear();
        pages.set(page, { first, last });
      },
    };
  }
}
