import type { FastifyBaseLogger } from 'fastify';
import type { AppCache } from '../app-cache.js';
import { OutageLog } from '../outage-log.js';
import type { AppDb } from '../db/database.js';
import { allVersions, bumpVersions, type TagVersion } from './cache-versions.repository.js';

/** How often a process looks for the other processes' invalidations: the longest it serves a stale read. */
export const SYNC_INTERVAL_MS = 500;

export interface CacheVersions {
  all(): Promise<TagVersion[]>;
  bump(tags: readonly string[]): Promise<TagVersion[]>;
}

export function cacheVersionsIn(db: AppDb): CacheVersions {
  const tables = db;
  return { all: () => allVersions(tables), bump: (tags) => bumpVersions(tables, tags) };
}

/**
 * Shares AppCache invalidations between the server processes of one database (ARCHITECTURE.md's
 * scale-out path: several processes behind a load balancer). Without it, an admin's write reached only
 * the process that took it, and the others served the old launch reply, story list or match list until
 * a write of their own.
 *
 * Each tag has a version in the database. A process's own invalidation adds one to it (soon after, in
 * the background, so a write's reply never waits), and every SYNC_INTERVAL_MS each process reads the
 * versions and drops the tags whose version moved. Versions rather than messages: nothing is missed
 * while the database cannot be reached (the next read catches up on everything), nothing needs
 * cleaning up, and it works the same on SQLite (several processes on one file) and PostgreSQL.
 */
export class CacheSync {
  /** The version of each tag this process's cache is up to date with. */
  private readonly known = new Map<string, number>();
  /** This process's invalidations not yet counted in the database. */
  private readonly unsent = new Set<string>();
  /** Sends and reads run one at a time, in order. */
  private running: Promise<void> = Promise.resolve();
  private sendQueued = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly outage: OutageLog;

  constructor(
    private readonly versions: CacheVersions,
    private readonly cache: AppCache,
    log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {
    this.outage = new OutageLog(log, {
      failed: 'Cache sync: the database did not answer; retrying',
      back: 'Cache sync: the database answers again; caught up',
    });
  }

  /** Takes the versions as they are (this process has cached nothing yet) and starts looking for changes. */
  async start(intervalMs = SYNC_INTERVAL_MS): Promise<void> {
    for (const { tag, version } of await this.versions.all()) this.known.set(tag, version);
    this.cache.shareWith((tag) => this.share(tag));
    this.timer = setInterval(() => void this.sync(), intervalMs);
    this.timer.unref();
  }

  /** Stops looking, and sends what this process has not sent yet, so the others learn of its last writes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  /** Sends this process's invalidations, then drops the tags other processes have invalidated since. */
  sync(): Promise<void> {
    this.running = this.running.then(() => this.exchange());
    return this.running;
  }

  private share(tag: string): void {
    this.unsent.add(tag);
    // A burst of invalidations (a flush invalidates several tags) goes out in one statement.
    if (this.sendQueued) return;
    this.sendQueued = true;
    setImmediate(() => {
      this.sendQueued = false;
      void this.sync();
    });
  }

  private async exchange(): Promise<void> {
    try {
      if (this.unsent.size) await this.send();
      for (const { tag, version } of await this.versions.all()) this.catchUp(tag, version, 0);
      this.outage.succeeded();
    } catch (error) {
      // Kept (unsent) or read again next time: nothing is lost.
      this.outage.failed(error);
    }
  }

  private async send(): Promise<void> {
    const tags = [...this.unsent];
    this.unsent.clear();
    let stored: TagVersion[];
    try {
      stored = await this.versions.bump(tags);
    } catch (error) {
      for (const tag of tags) this.unsent.add(tag);
      throw error;
    }
    // This process added one. Anything more was another process, whose write may have committed after
    // this process dropped the tag and reloaded it: drop it again.
    for (const { tag, version } of stored) this.catchUp(tag, version, 1);
  }

  /** `own`: how many of the version's steps this process made itself. */
  private catchUp(tag: string, version: number, own: number): void {
    const known = this.known.get(tag) ?? 0;
    if (version <= known) return;
    this.known.set(tag, version);
    if (version - known > own) this.cache.invalidateFromPeer(tag);
  }
}
