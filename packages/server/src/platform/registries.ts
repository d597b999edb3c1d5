import type { EventEntity } from '@streamdesk/contract/analytics';
import { launchLists, type LaunchList, type LaunchListName } from '@streamdesk/contract/launch-lists';
import type { AppCache, CachedReply } from './app-cache.js';
import type { AnyDb } from './db/database.js';

/**
 * Extension points that let one feature use what another provides without importing its internals.
 * The app composes them in features.ts.
 */

/** A section of the app's launch reply (`GET /api/App/Controler/app/loadCheck`), sent in it whole. */
export type LaunchSection = () => Promise<unknown>;

/**
 * A launch list: the launch reply names its path and version (0007-app-reads.md). `read` is the list
 * route's own cached read (versioned), so both give the app the same version.
 */
export interface LaunchListSource {
  path: string;
  tags: readonly string[];
  read: () => Promise<CachedReply>;
}

/**
 * A launch list's cached read and its tags: the one versioned AppCache entry under `key` that the list's
 * route answers from and the launch reply takes the version of, so the two cannot come apart.
 */
export function launchListRead(
  cache: AppCache,
  key: string,
  tags: readonly string[],
  load: () => Promise<unknown>,
): Omit<LaunchListSource, 'path'> {
  return { tags, read: () => cache.get(key, tags, load, { versioned: true }) };
}

export class LaunchRegistry {
  readonly sections = new Map<string, { tags: readonly string[]; load: LaunchSection }>();
  readonly lists = new Map<LaunchListName, LaunchListSource>();
  add(name: string, tags: readonly string[], load: LaunchSection): void {
    this.sections.set(name, { tags, load });
  }
  addList(name: LaunchListName, source: LaunchListSource): void {
    this.lists.set(name, source);
  }
  /** The tags of every section and list: a write to any of them changes the launch reply. */
  get tags(): string[] {
    const all = [...this.sections.values(), ...this.lists.values()].flatMap((s) => s.tags);
    return [...new Set(all)];
  }
  async loadAll(): Promise<{ sections: Record<string, unknown>; lists: Record<string, LaunchList> }> {
    const sections: Record<string, unknown> = {};
    for (const [name, section] of this.sections) sections[name] = await section.load();
    const lists: Record<string, LaunchList> = {};
    // In the contract's order, whatever order the features registered in.
    for (const name of Object.keys(launchLists.shape) as LaunchListName[]) {
      const list = this.lists.get(name);
      // The published reply names every list: a feature that stopped registering one is a wiring fault.
      if (!list) throw new Error(`no feature registered the launch list ${name}`);
      lists[name] = { path: list.path, version: (await list.read()).version };
    }
    return { sections, lists };
  }
}

/**
 * Where an entity's view and click totals live, so app events can be counted into them.
 * `entity` is the event entity name of the app API (story, shortcut, reel, ...).
 */
export interface CounterTarget {
  entity: string;
  table: string;
  idColumn: string;
  viewColumn?: string;
  clickColumn?: string;
  /**
   * The cache tag of the replies that show the totals, invalidated after every flush that counted this
   * entity; none when no cached reply shows them (a flush then invalidates nothing for it).
   */
  tag?: string;
  /**
   * The tag the feature's writes invalidate when they add or remove items or switch one off: the counter
   * forgets the entity's known ids on it, and on nothing else. Not `tag`, which every flush invalidates:
   * forgetting on it re-read every id of the table after each flush (18,700 videos, 28 ms on PostgreSQL,
   * every second under steady traffic).
   */
  itemsTag: string;
  /** Only the rows with these column values are items of this entity (a table shared by entities). */
  scope?: Record<string, string>;
  /**
   * For an entity whose items can be switched off (live matches): the column values of an active item.
   * A heartbeat for an item without them is dropped (nobody can be watching it); its views and clicks
   * still count. The counter reads it with the known ids, so a write that changes it must invalidate
   * `itemsTag`.
   */
  activeScope?: Record<string, string | number>;
  /**
   * For a feature that keeps its own per-day counts (web ads): called with each counted day row inside
   * the transaction that writes the rollups and totals.
   */
  onCount?: (
    db: AnyDb,
    row: { id: string; day: string; kind: 'view' | 'click'; count: number },
  ) => Promise<void>;
  /**
   * For a feature whose app reads depend on the totals (a story leaves the app's list at its limit):
   * called inside the transaction that changes them (a flush of counted events, a clear), after the
   * change, with what it added to each item (negative on a clear). Returns further cache tags to
   * invalidate once it commits; `tag` alone is invalidated otherwise.
   */
  onTotals?: (db: AnyDb, added: readonly TotalsChange[]) => Promise<readonly string[]>;
  /** Called inside the transaction that clears an item's counts (a day range, or all days without one). */
  onClear?: (
    db: AnyDb,
    row: { id: string; startDate?: string | undefined; endDate?: string | undefined },
  ) => Promise<void>;
}

/** What one write added to an item's view and click totals. */
export interface TotalsChange {
  id: string;
  view: number;
  click: number;
}

type ClearCounts = (id: string, startDate?: string, endDate?: string) => Promise<{ cleared: number }>;
type ForgetCounts = (db: AnyDb, entity: string, ids: readonly string[]) => Promise<void>;

export class CounterRegistry {
  readonly targets = new Map<string, CounterTarget>();
  private clearer: ClearCounts | undefined;
  private forgetter: ForgetCounts | undefined;
  add(target: CounterTarget): void {
    this.targets.set(target.entity, target);
  }
  /** The analytics feature provides the clear of an item's counted days and totals. */
  provideClear(clear: ClearCounts): void {
    this.clearer = clear;
  }
  /** Clears an item's counts through the provider; undefined when none is registered. */
  async clear(id: string, startDate?: string, endDate?: string): Promise<{ cleared: number } | undefined> {
    return this.clearer?.(id, startDate, endDate);
  }
  /** The analytics feature provides the removal of deleted items' counted days. */
  provideForget(forget: ForgetCounts): void {
    this.forgetter = forget;
  }
  /**
   * Removes the counted days of these items of `entity`, which their feature deletes: call it in the
   * delete's transaction (`db`) where there is one. Without it the days stayed for good, the dashboard
   * of a deleted item still answered, and the table grew with every delete.
   */
  async forget(db: AnyDb, entity: EventEntity, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.forgetter?.(db, entity, ids);
  }
}

interface LiveViewerCounts {
  /** Distinct clients with a heartbeat in the last 60 s. */
  count(): Promise<number>;
  /** The same per live match id, for matches with any. */
  perMatch(): Promise<Map<string, number>>;
}

/** Live app viewers, provided by the analytics feature; none until it registers. */
export class LiveViewers implements LiveViewerCounts {
  private provider: LiveViewerCounts = { count: async () => 0, perMatch: async () => new Map() };
  provide(counts: LiveViewerCounts): void {
    this.provider = counts;
  }
  count(): Promise<number> {
    return this.provider.count();
  }
  perMatch(): Promise<Map<string, number>> {
    return this.provider.perMatch();
  }
}
