import type { FastifyInstance } from 'fastify';
import type { Reverts } from './activity/reverts.js';
import type { AppCache } from './app-cache.js';
import type { ResolvedConfig } from './config.js';
import type { AppDb, DialectName } from './db/database.js';
import type { ProcessNotices } from './db/process-notices.js';
import type { MediaColumns } from './media/media-references.js';
import type { Scheduler } from './jobs/scheduler.js';
import type { MediaStore } from './media/media-store.js';
import type { RecordLocks } from './record-locks.js';
import type { TrashBin } from './trash/trash-bin.js';
import type { VideoQueue } from './media/video-queue.js';
import type { LaunchRegistry, LiveViewers } from './registries.js';

/** What every feature's `register` function receives. */
export interface FeatureContext {
  app: FastifyInstance;
  config: ResolvedConfig;
  db: AppDb;
  /**
   * For pure reads that can take more than a millisecond at scale, outside a transaction or write scope:
   * off the event loop on SQLite (db/sqlite-readers.ts), `db` itself on PostgreSQL (database.ts).
   */
  readDb: AppDb;
  dialect: DialectName;
  media: MediaStore;
  /** Each feature declares the columns of its tables that name media files (the orphan sweep reads them). */
  mediaColumns: MediaColumns;
  cache: AppCache;
  launch: LaunchRegistry;
  liveViewers: LiveViewers;
  /** Serializes the edits and deletes of one record (record-locks.ts). */
  locks: RecordLocks;
  /** Messages to the other server processes of the database: PostgreSQL only (db/process-notices.ts). */
  notices?: ProcessNotices;
  /** How each feature writes an activity entry's before values back (activity/reverts.ts). */
  reverts: Reverts;
  /** Stored due work, run once across processes (jobs/scheduler.ts). */
  jobs: Scheduler;
  /** Where deletes move their items (trash/trash-bin.ts). */
  trash: TrashBin;
  /** Processes new videos of every kind registered (faststart, HLS ladder): media/video-queue.ts. */
  videoQueue: VideoQueue;
}
