import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { reelMessages, type Reel, type ReelListReply } from '@streamdesk/contract/reels';
import type { AppCache } from '../../platform/app-cache.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import type { AppDb, DialectName } from '../../platform/db/database.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { MediaStore } from '../../platform/media/media-store.js';
import type { UploadedFile } from '../../platform/media/multipart.js';
import { acceptVideo } from '../../platform/media/video-tools.js';
import { forgetItems, type TrashBin } from '../../platform/trash/trash-bin.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import * as repo from './reels.repository.js';
import { storedFileName } from './reels.migrations.js';
import { queuedColumns } from '../../platform/media/video-queue.repository.js';
import { progressTagsOf, type VideoQueue } from '../../platform/media/video-queue.js';

/** The cache tag of everything the app reads from this feature. */
export const REELS_TAG = 'reels';
/** Invalidated by the writes that add or remove reels (the counter's `itemsTag`); counting leaves it. */
export const REEL_ITEMS_TAG = 'reel-items';
export const REELS_FOLDER = 'reels';
/**
 * Also on a cached list page that holds a reel in processing: a run's new percent drops only those pages,
 * so the back office's next read shows it and the app's other pages stay cached (0059).
 */
const REELS_KIND = { table: 'reels', video: 'video' };
export const progressTags = (reply: ReelListReply) => progressTagsOf(REELS_KIND, reply.data);

export interface ReelDeps {
  db: AppDb;
  /** For the list's read (off the event loop on SQLite: FeatureContext.readDb). */
  readDb: AppDb;
  dialect: DialectName;
  media: MediaStore;
  cache: AppCache;
  forgetCounts: ForgetCounts;
  trash: TrashBin;
  /** The controller's reels flag (drives the Running badge). */
  reelsRunning: () => Promise<boolean>;
  /** Processes each new reel's video (faststart, the HLS ladder), as the library's (0059). */
  videoQueue: VideoQueue;
}

export function createReelService(deps: ReelDeps) {
  const db = deps.db;
  const changed = () => {
    deps.cache.invalidate(REELS_TAG);
    deps.cache.invalidate(REEL_ITEMS_TAG);
  };
  deps.trash.register('reels', { feature: 'reels', changed, forget: forgetItems(deps.forgetCounts) });
  const kind = { ...REELS_KIND, folder: REELS_FOLDER, changed: () => deps.cache.invalidate(REELS_TAG) };
  const queued = deps.videoQueue.register(kind);

  async function list(query: repo.ReelListQuery): Promise<ReelListReply> {
    const [{ rows, total, capped }, running] = await Promise.all([
      repo.listReels(deps.readDb, deps.dialect, query, SEARCH_COUNT_MAX),
      deps.reelsRunning(),
    ]);
    return {
      status: true,
      message: reelMessages.listed,
      data: rows.map(repo.toReel),
      totalPage: Math.ceil(total / query.limit),
      total,
      totalCapped: capped,
      reels: running,
    };
  }

  /** Stores a reel for an uploaded video: its duration is read first, its thumbnail made after. */
  async function add(video: UploadedFile): Promise<Reel> {
    const { durationSeconds, thumbnail: thumb } = await acceptVideo(deps.media, video, REELS_FOLDER);
    try {
      const createdAt = nowIso();
      const row: repo.ReelRow = {
        id: newId(),
        video: video.url,
        thumbnail: thumb.url,
        duration: durationSeconds,
        size: video.size,
        view: 0,
        click: 0,
        created_at: createdAt,
        file_name: (video.filename || storedFileName(video.url)).slice(0, 255),
        ...queuedColumns(createdAt),
      };
      await repo.insertReel(db, row);
      deps.cache.invalidate(REELS_TAG);
      deps.cache.invalidate(REEL_ITEMS_TAG);
      queued();
      return repo.toReel(row);
    } catch (error) {
      await deps.media.remove(thumb.key);
      throw error;
    }
  }

  async function remove(ids: readonly string[]): Promise<number> {
    const removed = await deleteAllOrNone(db, ids, {
      find: repo.findReels,
      remove: repo.deleteReels,
      // To the trash with their counts and files, until restored or purged.
      trash: deps.trash.rowsTo('reels', 'reels', (row) => ({
        label: itemLabel('reels', undefined, row.id),
        thumbnail: row.thumbnail,
      })),
      missing: () => notFound(reelMessages.notFound),
      some: true,
    });
    changed();
    return removed.length;
  }

  /** Queues failed reels again, as the library's Retry does (the same rule: videoQueue.retry). */
  const retry = (ids: readonly string[]) =>
    deps.videoQueue.retry(kind, ids, {
      none: () => notFound(reelMessages.notFound),
      notFailed: (notFailed) => conflict(reelMessages.notFailed(notFailed)),
    });

  return { list, add, remove, retry };
}
export type ReelService = ReturnType<typeof createReelService>;
