/** What the live matches feature's services share: its cache tags, its dependencies and its clock. */
import type { AppCache } from '../../platform/app-cache.js';
import type { TrashBin } from '../../platform/trash/trash-bin.js';
import type { DialectName } from '../../platform/db/database.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { RecordLocks } from '../../platform/record-locks.js';
import type * as repo from './live-matches.repository.js';

/** Cache tags of the app-facing reads; every write of the feature invalidates the ones it touches. */
export const LIVE_TAGS = {
  matches: 'liveMatches',
  liveAds: 'liveAds',
  fire: 'liveAdFire',
  /**
   * The fires' `itemsTag`: a fire or a delete of fires invalidates it, so the event counter learns the
   * ids (`fire` is invalidated only when the latest fire changes). The matches' is `matches`: every
   * write of a match invalidates it, its status too, as the counter drops heartbeats for a match that is
   * switched off.
   */
  fireItems: 'liveAdFireItems',
} as const;

export interface LiveMatchesDeps {
  db: repo.Db;
  /** For the lists' reads (off the event loop on SQLite: FeatureContext.readDb). */
  readDb: repo.Db;
  dialect: DialectName;
  media: MediaStore;
  cache: AppCache;
  locks: RecordLocks;
  /** Remove deleted matches' and fires' counted days (the analytics feature's). */
  forgetCounts: { liveMatch: ForgetCounts; liveAdFire: ForgetCounts };
  trash: TrashBin;
  /** The controller's liveMatch switch (the Running badge). */
  liveMatchRunning: () => Promise<boolean>;
}

/**
 * Creation times strictly increase within the process, so "newest first" is exact even for writes in
 * the same millisecond (ids only order by the second).
 */
let lastCreated = 0;
export function createdNow(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

/** 0 for an empty list, as every other paged list of the API answers (the screens show no pager then). */
export const totalPages = (total: number, limit: number) => Math.ceil(total / limit);
