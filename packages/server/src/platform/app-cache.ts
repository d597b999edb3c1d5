/**
 * In-memory cache for app-facing reads. Entries are tagged with the features they were built from; a
 * write in a feature invalidates its tag, so an app launch is served from memory and never stale. The
 * other server processes on the same database learn of the invalidation through cache-sync.ts.
 * Each entry keeps its serialized JSON and an ETag, so a hit costs no serialization and a 304 no body.
 * The ETag is made of the entry's version, a hash of the value, so two processes give the same reply the
 * same ETag; a versioned entry (a launch list, 0007-app-reads.md) also carries it in its body.
 */
import { createHash } from 'node:crypto';
import { LIST_VERSION_FIELD } from '@streamdesk/contract/launch-lists';
import { setBounded, type Evictable } from './bounded-map.js';
import { afterWriteScope, currentWriteScope } from './db/write-scope.js';
import type { CodedReplies } from './http/cached-reply.js';

export interface CachedReply {
  /** The cache key the entry was stored under (the fast path looks it up again with `peek`). */
  key: string;
  /** The JSON, as UTF-8 bytes. */
  body: Buffer;
  /** The first 16 hex digits of a SHA-256 of the value's JSON (before `version` is added to it). */
  version: string;
  /** The version, quoted. */
  etag: string;
  /** The replies as sent, as is and gzipped, each built on its first request (cached-reply.ts). */
  plainReplies?: CodedReplies;
  gzipReplies?: CodedReplies;
}

/** `used`: read since eviction last passed over it (setBounded's second chance). */
interface Entry extends CachedReply, Evictable {
  tags: readonly string[];
}

/**
 * Hears each invalidation: the tag, and the fields the write changed when it only changed fields of rows
 * already there (undefined: anything may have changed, another process's write included).
 */
export type InvalidationListener = (tag: string, changed?: readonly string[]) => void;

export class AppCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, { loading: Promise<CachedReply>; generation: number }>();
  private generation = 0;
  private readonly listeners: InvalidationListener[] = [];
  private share: ((tag: string) => void) | undefined;

  constructor(
    /**
     * Entries kept at most; past it the oldest not read since it was last passed over goes first. Keys
     * carry query values (`reels:${page}:…`), so requests for random pages would otherwise grow memory
     * until the next write of the feature.
     */
    private readonly maxEntries = 2000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Called with the tag on every invalidation (e.g. to drop other in-memory views of that feature). */
  onInvalidate(listener: InvalidationListener): void {
    this.listeners.push(listener);
  }

  /** Called with the tag of each of this process's own invalidations, to pass on to the other processes. */
  shareWith(share: (tag: string) => void): void {
    this.share = share;
  }

  /**
   * The entry for `key`, loaded when there is none. `versioned`: the value is an object, and the body
   * carries its version as `version` (the app compares it with the launch reply's, launch-lists.ts).
   * `tagsOf`: tags the loaded value calls for besides `tags`, so a narrow invalidation drops only the
   * entries it concerns (a reels page holding a reel in processing, whose percent moves: 0059).
   */
  async get<T>(
    key: string,
    tags: readonly string[],
    load: () => Promise<T>,
    options: { versioned?: boolean; tagsOf?: (value: T) => readonly string[] } = {},
  ): Promise<CachedReply> {
    const hit = this.peek(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    // A load that began before a write may hold what the write changed: join it only if none came since,
    // so a read sent after a write (the back office reloading its list) never gets the old data.
    if (running && running.generation === this.generation) return running.loading;
    const generation = this.generation;
    const loading: Promise<CachedReply> = load()
      .then((value) => {
        const json = JSON.stringify(value);
        const version = createHash('sha256').update(json).digest('hex').slice(0, 16);
        const body = Buffer.from(
          options.versioned ? JSON.stringify({ ...(value as object), [LIST_VERSION_FIELD]: version }) : json,
        );
        const more = options.tagsOf?.(value) ?? [];
        const entry: Entry = { key, body, version, etag: `"${version}"`, tags: [...tags, ...more] };
        // A write that landed while loading makes this value stale: serve it once, do not keep it.
        if (generation === this.generation) setBounded(this.entries, key, entry, this.maxEntries);
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key)?.loading === loading) this.pending.delete(key);
      });
    this.pending.set(key, { loading, generation });
    return loading;
  }

  /** The stored entry, marked read, without loading: undefined after an invalidation until the next `get`. */
  peek(key: string): CachedReply | undefined {
    const hit = this.entries.get(key);
    if (hit) hit.used = true;
    return hit;
  }

  /**
   * A write in this process changed what `tag` covers. `changed`: the write only changed these fields of
   * rows already there (none added or removed), for the listeners that can keep what those leave alone;
   * the other processes hear the tag alone.
   */
  invalidate(tag: string, changed?: readonly string[]): void {
    this.drop(tag, changed);
    // Inside a back-office write the change is visible to other requests only once it commits: a read in
    // between would cache the old data again, so the tag is dropped again then, and passed on then.
    if (!currentWriteScope()) return void this.share?.(tag);
    afterWriteScope(() => {
      this.drop(tag, changed);
      this.share?.(tag);
    });
  }

  /** Another server process's write changed what `tag` covers (cache-sync.ts): drop it, pass nothing on. */
  invalidateFromPeer(tag: string): void {
    this.drop(tag);
  }

  private drop(tag: string, changed?: readonly string[]): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(key);
    for (const listener of this.listeners) listener(tag, changed);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
