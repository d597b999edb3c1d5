import { setBounded, type Evictable } from '../bounded-map.js';
import type { InvalidationListener } from '../app-cache.js';
import type { RowKey } from './page-boundaries.js';
import type { SearchCount } from './search-count.js';

/** What a searched list's first page found: its bounded count, and the key of its first match. */
export interface SearchStart {
  counted: Pick<SearchCount, 'total' | 'capped'>;
  first: RowKey;
}

/** What `plan` gives: the list's start where it is known, and where to put what a first page found. */
export interface SearchStartPlan {
  known: SearchStart | undefined;
  /** Keeps the start, unless a write of the rows came since the plan was made. */
  remember(start: SearchStart): void;
}

/**
 * The first match of each searched list (a filter, a text and an order), kept from its first page until
 * the next write of its rows (docs/decisions/0091-search-starts.md): the cached page boundary of a search.
 * A search whose matches all lie far from the order's start (`Video 1` newest first: a tenth of a million
 * videos, all among the oldest fifth) finds its first match through the spans (search-spans.ts) on
 * PostgreSQL, 6-8 ms a read, and through the index's count and a walk on SQLite, 8.5-10.9 ms; from its
 * first match known, any near page is a walk of the order from
 * there. Any write of the rows may add, remove or move a match, so the owner forgets every list on its
 * cache tag (which the other server processes also hear through cache-sync), and a read planned before
 * a forget keeps nothing.
 */
export class SearchStarts {
  /** Starts forgotten whenever `cache` invalidates `tag` (any write of the feature that owns the rows). */
  static forgetOn(cache: { onInvalidate(listener: InvalidationListener): void }, tag: string): SearchStarts {
    const starts = new SearchStarts();
    cache.onInvalidate((invalidated) => {
      if (invalidated === tag) starts.forget();
    });
    return starts;
  }

  private generation = 0;
  private readonly lists = new Map<string, SearchStart & Evictable>();

  /** `maxLists`: lists kept; the least used go first. */
  constructor(private readonly maxLists = 500) {}

  forget(): void {
    this.generation++;
    this.lists.clear();
  }

  plan(list: string): SearchStartPlan {
    const known = this.lists.get(list);
    if (known) known.used = true;
    const generation = this.generation;
    return {
      known: known && { counted: known.counted, first: known.first },
      remember: (start) => {
        if (generation === this.generation) setBounded(this.lists, list, { ...start }, this.maxLists);
      },
    };
  }
}
