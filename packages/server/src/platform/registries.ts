import { launchLists, type LaunchList, type LaunchListName } from '@streamdesk/contract/launch-lists';
import type { AppCache, CachedReply } from './app-cache.js';

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

/**
 * A launch list read a page at a time (0048): `read`, what the launch reply names, is page 1 at `size`,
 * cached under `key` as before paging; every other page and size has its own versioned entry.
 * `tagsOf`: the tags a page's value calls for besides `tags` (AppCache.get's); `launchTags`: those of
 * them the launch reply carries too, so a narrow invalidation of page 1 drops the version it names
 * (a story video's percent: 0059).
 */
export function launchListPages<T>(
  cache: AppCache,
  key: string,
  tags: readonly string[],
  size: number,
  load: (page: number, limit: number) => Promise<T>,
  options: { tagsOf?: (value: T) => readonly string[]; launchTags?: readonly string[] } = {},
) {
  const readPage = (page: number, limit: number) =>
    cache.get(page === 1 && limit === size ? key : `${key}:${page}:${limit}`, tags, () => load(page, limit), {
      versioned: true,
      tagsOf: options.tagsOf,
    });
  return { tags: [...tags, ...(options.launchTags ?? [])], read: () => readPage(1, size), readPage };
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
