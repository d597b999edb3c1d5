import path from 'node:path';
import pLimit from 'p-limit';
import {
  VIDEO_TITLE_MAX,
  videoMessages,
  type AppVideoListReply,
  type FeedReply,
  type Video,
  type VideoSort,
  type WebFilter,
} from '@streamdesk/contract/videos';
import type { VideoState } from '@streamdesk/contract/video-processing';
import { trashMessages } from '@streamdesk/contract/trash';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import type { FeatureContext } from '../../platform/feature-context.js';
import type { AppDb } from '../../platform/db/database.js';
import { fromDbBool, newId, nowIso, toDbBool } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import { forgetItems, type TrashKind } from '../../platform/trash/trash-bin.js';
import { afterWriteScope } from '../../platform/db/write-scope.js';
import { PageBoundaries, type PageSeek } from '../../platform/db/page-boundaries.js';
import { SearchStarts } from '../../platform/db/search-starts.js';
import { moveSides } from '../../platform/db/move-sides.js';
import type { RejectedFile, UploadedFile } from '../../platform/media/multipart.js';
import { acceptVideo, type VideoInfo } from '../../platform/media/video-tools.js';
import { posterOf } from '../../platform/media/video-queue.repository.js';
import { keptCounts } from './videos.counts.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import * as repo from './videos.repository.js';

/** What the library needs from the categories, provided by the video-categories feature. */
export interface VideoCategoryLookup {
  /** On `db` when given (a restore's transaction). */
  exists(id: string, db?: AppDb): Promise<boolean>;
  isActive(id: string): Promise<boolean>;
  activeIds(): Promise<string[]>;
  /** Runs `work` under the category's record lock, the one its edits and its delete take. */
  whileLocked<T>(id: string, work: () => Promise<T>): Promise<T>;
}

export interface VideosDeps {
  categories: VideoCategoryLookup;
  /** Seconds before the public feed's download overlay; owned by the controller. */
  webPosition: () => Promise<number>;
  /** Removes deleted videos' counted days (the analytics feature's). */
  forgetCounts: ForgetCounts;
}

/** The feed depends on the videos and on the controller's webPosition. */
export const FEED_TAGS = ['videos', 'controller'] as const;

const FILE_REMOVALS_AT_ONCE = 8;
/**
 * The app's video lists depend on the videos and on their category's status; every category write
 * invalidates `videos` too (CATEGORY_TAGS). They carry no view totals, so view events leave them alone.
 */
export const APP_LIST_TAGS = ['videos'] as const;

export const VIDEOS_FOLDER = 'videos';

const toJson = (row: repo.VideoRow): Video => ({
  _id: row.id,
  video: row.video,
  thumbnail: row.thumbnail,
  createdAt: row.created_at,
  web: fromDbBool(row.web),
  category: row.category_id,
  view: Number(row.views),
  title: row.title || storedName(row.video),
  fileName: row.file_name,
  duration: Number(row.duration),
  width: Number(row.width),
  height: Number(row.height),
  size: Number(row.size),
  state: row.state as VideoState,
  progress: Number(row.progress),
  error: row.error,
  hls: row.hls,
  poster: posterOf(row),
});

/** A video uploaded before titles were kept is shown by its stored file's name, without the extension. */
const storedName = (url: string) => withoutExtension(path.posix.basename(url));
const withoutExtension = (name: string) => name.replace(/\.[^.]*$/, '') || name;

/** The client's file name, shortened and without folders, for messages. */
export const displayName = (name: string) => path.basename(name.replace(/\\/g, '/')).slice(0, 120) || 'file';

/** Every media file of a video: its MP4, thumbnail, and HLS ladder once made. */
const filesOf = (row: { video: string; thumbnail: string; hls?: string; hls_files?: string }) => [
  row.video,
  row.thumbnail,
  ...(row.hls ? [row.hls] : []),
  ...(row.hls_files ? row.hls_files.split(' ') : []),
];

export function createVideosService(ctx: FeatureContext, deps: VideosDeps) {
  const db = ctx.db;
  // The event counter learns the video ids on `videos` too (its itemsTag).
  // `changed`: the fields a write changed of videos already there (page boundaries keep what it cannot move).
  const invalidate = (changed?: readonly string[]) => ctx.cache.invalidate('videos', changed);
  // Every new video is processed by the queue (platform/media/video-queue.ts); `queued` wakes it once a
  // write that queued videos has committed.
  const kind = { table: 'videos', video: 'video', folder: VIDEOS_FOLDER, changed: invalidate };
  const queued = ctx.videoQueue.register(kind);

  const counts = keptCounts(db);
  // The lists' pages and counts (a search's counts read every matching row) off the event loop on SQLite.
  const listCounts = keptCounts(ctx.readDb);

  // A video comes back only into a category that is there: one in the trash is restored first (with its
  // videos), and a video restored with it is checked after it went back (its rank is lower).
  const categoryIsBack: TrashKind['check'] = async (trx, snapshot) => {
    const categoryIds = new Set((snapshot.tables[0]?.[1] ?? []).map((row) => String(row.category_id)));
    for (const id of categoryIds) {
      if (await deps.categories.exists(id, trx)) continue;
      const trashed = await ctx.trash.trashedRow(trx, id);
      throw conflict(
        trashed ? trashMessages.categoryInTrash(String(trashed.name)) : trashMessages.categoryGone,
      );
    }
  };
  ctx.trash.register('videos', {
    feature: 'videos',
    changed: invalidate,
    check: categoryIsBack,
    forget: forgetItems(deps.forgetCounts),
  });
  // Deep pages start from a page read before (keyset under the page number); any write to the videos
  // moves them (every one invalidates `videos`, also from another server process through cache-sync), but
  // a web toggle here, which moves only the lists filtered by web, and a rename, which moves one row of the
  // lists by title: `rename` tells them where from and to (`moved`), and they keep the pages outside.
  const listOf = (list: string) => JSON.parse(list) as [repo.UnsearchedFilter, VideoSort];
  const boundaries = PageBoundaries.forgetOn(ctx.cache, 'videos', (list, changed) => {
    const [filter] = listOf(list);
    return changed.some((field) => (field === 'web' ? filter.web !== undefined : field !== 'title'));
  });
  const byTitle = (list: string) => listOf(list)[1].endsWith('title');
  // A search's first match in date order, kept until any write of the videos (0091): finding it far from
  // the order's start costs PostgreSQL the spans' statement (`Video 1`: 13-15 ms a read) and SQLite the
  // index's count and a walk (8.5-10.9 ms a read; 3.8-4.2 ms from the kept match).
  const starts = SearchStarts.forgetOn(ctx.cache, 'videos');
  const titleSides = moveSides(ctx.readDb);

  /** A page of a list with its total, kept by the database (videos.counts.ts), not counted per read. */
  const listPage = async (
    { text, ...filter }: repo.VideoFilter,
    page: number,
    limit: number,
    sort: VideoSort = '-date',
  ) => {
    if (text) return searchPage(filter, text, page, limit, sort);
    const read = (seek: PageSeek) => repo.pageOfVideos(ctx.readDb, ctx.dialect, filter, sort, seek);
    // App events move the views without a write of ours: that order walks from the start, which needs no
    // total, so the two are read side by side.
    const [total, rows] = sort.endsWith('views')
      ? await Promise.all([
          listCounts.matching(filter),
          read({ from: 'start', skip: (page - 1) * limit, take: limit }).then((found) => found.rows),
        ])
      : await listCounts.matching(filter).then(async (n) => {
          const key = JSON.stringify([filter, sort, limit]);
          // In date order a far page starts from the day of its first row (the kept day counts).
          const landmark = sort.endsWith('date')
            ? (start: number) => repo.videoDayLandmark(ctx.readDb, filter, start, sort.startsWith('-'))
            : undefined;
          return [n, await boundaries.page(key, page, limit, n, read, landmark)] as const;
        });
    return { rows, total, totalCapped: false, totalPage: Math.ceil(total / limit) };
  };

  /**
   * A searched page: its count stops at SEARCH_COUNT_MAX (0063), and tells the page whether the search is
   * broad (a walk finds its rows) or few (read and sorted). Both from the same lead (search-lead.ts). Where
   * the search's first match and count are kept from its first page (0091), a walk from that match.
   */
  const searchPage = async (
    filter: repo.UnsearchedFilter,
    text: string,
    page: number,
    limit: number,
    sort: VideoSort,
  ) => {
    const start = sort.endsWith('date') ? starts.plan(JSON.stringify([filter, text, sort])) : undefined;
    if (start?.known) {
      const rows = await repo.searchedVideosFrom(ctx.readDb, ctx.dialect, filter, text, sort, start.known, {
        page,
        limit,
      });
      if (rows) return searchedReply(rows, start.known.counted, limit);
    }
    // A filtered list's size, from the kept counts: a small category's rows are checked for the text
    // rather than found through the index (search-count.ts).
    const [search, listed] = await Promise.all([
      repo.searchOfVideos(ctx.readDb, ctx.dialect, text),
      filter.categoryIds || filter.web !== undefined ? listCounts.matching(filter) : undefined,
    ]);
    // The count's way (and on SQLite its matches, under the cap) tells the page where to read.
    const { rows, counted } = await repo.searchedVideos(ctx.readDb, ctx.dialect, filter, search, sort, {
      page,
      limit,
      rows: listed,
      countMax: SEARCH_COUNT_MAX,
    });
    const first = page === 1 ? rows[0] : undefined;
    if (start && first) {
      const { total, capped } = counted;
      start.remember({ counted: { total, capped }, first: { value: first.created_at, id: first.id } });
    }
    return searchedReply(rows, counted, limit);
  };

  const searchedReply = <R>(
    rows: R[],
    { total, capped }: { total: number; capped: boolean },
    limit: number,
  ) => ({
    rows,
    total,
    totalCapped: capped,
    totalPage: Math.ceil(total / limit),
  });

  // A few removals at a time: a category of tens of thousands of videos would otherwise queue every
  // unlink at once on libuv's four threads, ahead of every other request's file work (media, uploads).
  const removeFiles = (rows: Parameters<typeof filesOf>[0][]) => {
    const slot = pLimit(FILE_REMOVALS_AT_ONCE);
    return Promise.all(rows.flatMap((r) => filesOf(r).map((file) => slot(() => ctx.media.remove(file)))));
  };

  /** Each video's thumbnail (made in the background); a video ffprobe cannot read is dropped and reported. */
  async function withThumbnails(files: UploadedFile[]) {
    const made: { file: UploadedFile; thumbnail: string; info: VideoInfo }[] = [];
    const unreadable: UploadedFile[] = [];
    // Most probes finished while their file streamed in; the others (and their fallbacks) run in turn.
    for (const file of files) {
      try {
        const { thumbnail, ...info } = await acceptVideo(ctx.media, file, VIDEOS_FOLDER, ctx.app.log);
        made.push({ file, thumbnail: thumbnail.url, info });
      } catch {
        await ctx.media.remove(file.key);
        unreadable.push(file);
      }
    }
    return { made, unreadable };
  }

  return {
    /** A batch from the upload form: the files were stored and checked by the route (videoRoutes.upload). */
    async upload(categoryId: string, files: UploadedFile[], refused: RejectedFile[]) {
      const rejected = refused.map((r) => {
        const name = displayName(r.filename);
        return {
          file: name,
          message: r.statusCode === 413 ? videoMessages.tooLarge(name) : videoMessages.notMp4(name),
        };
      });
      if (!(await deps.categories.exists(categoryId))) throw notFound(videoMessages.categoryNotFound);
      if (!files.length && !rejected.length) throw badRequest(videoMessages.videoRequired);

      const { made, unreadable } = await withThumbnails(files);
      for (const file of unreadable) {
        const name = displayName(file.filename);
        rejected.push({ file: name, message: videoMessages.unreadable(name) });
      }
      if (!made.length) throw badRequest(rejected.map((r) => r.message).join(' '));

      const createdAt = nowIso();
      const rows: repo.VideoRow[] = made.map(({ file, thumbnail, info }) => {
        const fileName = displayName(file.filename);
        return {
          id: newId(),
          category_id: categoryId,
          video: file.url,
          thumbnail,
          web: toDbBool(false),
          views: 0,
          created_at: createdAt,
          title: withoutExtension(fileName).slice(0, VIDEO_TITLE_MAX),
          file_name: fileName,
          duration: info.durationSeconds,
          width: info.width,
          height: info.height,
          size: file.size,
          // Every new video is processed (faststart, HLS ladder) by the queue.
          state: 'queued',
          progress: 0,
          error: '',
          hls: '',
          hls_files: '',
          attempts: 0,
          queued_at: createdAt,
          worker: '',
          lease_until: null,
        };
      });
      try {
        // Under the category's lock, as its delete is: it may have gone while the files streamed in.
        await deps.categories.whileLocked(categoryId, async () => {
          if (!(await deps.categories.exists(categoryId))) throw notFound(videoMessages.categoryNotFound);
          await repo.insertVideos(db, rows);
        });
      } catch (error) {
        await removeFiles(rows);
        throw error;
      }
      invalidate();
      afterWriteScope(queued);
      const total = made.length + rejected.length;
      return {
        message: rejected.length
          ? [videoMessages.partlyUploaded(made.length, total), ...rejected.map((r) => r.message)].join(' ')
          : videoMessages.uploaded,
        data: rows.map(toJson),
        rejected,
      };
    },

    async adminList(
      category: string,
      query: { page: number; limit: number; web: WebFilter; q?: string; sort: VideoSort },
    ) {
      if (category !== 'all' && !(await deps.categories.exists(category)))
        throw notFound(videoMessages.categoryNotFound);
      const filter: repo.VideoFilter = {
        ...(category === 'all' ? {} : { categoryIds: [category] }),
        ...(query.web === 'all' ? {} : { web: query.web === 'true' }),
        ...(query.q ? { text: query.q } : {}),
      };
      const { rows, total, totalPage, totalCapped } = await listPage(
        filter,
        query.page,
        query.limit,
        query.sort,
      );
      return { data: rows.map(toJson), totalPage, totalRecord: total, totalCapped };
    },

    /** A new title. The app's replies carry none, but it moves the library's pages by title. */
    async rename(id: string, title: string) {
      const move = await repo.setTitle(db, ctx.dialect, id, title);
      if (!move) throw notFound(videoMessages.videoNotFound);
      boundaries.moved(byTitle, move, titleSides);
      invalidate(['title']);
      return toJson((await repo.videoById(db, id))!);
    },

    /** Queues failed videos again; unknown ids among known ones are ignored, as in every bulk action. */
    retry: (ids: string[]) =>
      ctx.videoQueue.retry(kind, ids, {
        none: () => notFound(videoMessages.noneFound),
        notFailed: (notFailed) => conflict(videoMessages.notFailed(notFailed)),
      }),

    async setWeb(ids: string[], web: boolean) {
      const modified = await repo.setWeb(db, [...new Set(ids)], web);
      if (!modified) throw notFound(videoMessages.noneFound);
      invalidate(['web']);
      return modified;
    },

    /** Moves the videos to the trash with their counts and files, until restored or purged. */
    async remove(ids: string[]) {
      const deleted = await db.transaction().execute(async (trx) => {
        const rows = await repo.deleteVideos(trx, { ids: [...new Set(ids)] });
        if (!rows.length) throw notFound(videoMessages.noneFound);
        await ctx.trash.moveRows(trx, 'videos', 'videos', rows, (row) => ({
          label: itemLabel('videos', { title: toJson(row).title }, row.id),
          thumbnail: row.thumbnail,
        }));
        return rows.length;
      });
      invalidate();
      return deleted;
    },

    /** For the categories: video counts; a category's videos for its trash entry; their counted days. */
    countByCategory: counts.byCategory,
    takeAllOf: (trx: AppDb, categoryId: string) => repo.deleteVideos(trx, { categoryId }),
    forget: deps.forgetCounts,

    /** The public feed page, cached as JSON with its ETag until a write touches the videos. */
    feed(page: number, limit: number) {
      return ctx.cache.get(`feed:${page}:${limit}`, FEED_TAGS, async (): Promise<FeedReply> => {
        const categoryIds = await deps.categories.activeIds();
        const { rows, totalPage } = await listPage({ categoryIds, web: true }, page, limit);
        return {
          status: true,
          message: videoMessages.listed,
          data: rows.map((r) => ({
            _id: r.id,
            video: r.video,
            thumbnail: r.thumbnail,
            hls: r.hls,
            poster: posterOf(r),
          })),
          totalPage,
          webPosition: await deps.webPosition(),
        };
      });
    },

    /**
     * One page of an active category's videos for the app, web flag or not: the flag only says whether
     * the public site shows a video. The category check runs inside the load, so a 404 is never cached,
     * and a hit needs no query: a status change or a delete of the category invalidates `videos`.
     */
    appList(categoryId: string, page: number, limit: number) {
      const key = `videos:app:${categoryId}:${page}:${limit}`;
      return ctx.cache.get(key, APP_LIST_TAGS, async (): Promise<AppVideoListReply> => {
        if (!(await deps.categories.isActive(categoryId))) throw notFound(videoMessages.categoryNotFound);
        const { rows, totalPage } = await listPage({ categoryIds: [categoryId] }, page, limit);
        return {
          status: true,
          message: videoMessages.listed,
          // No web flag (it is about the public site), no views (events would rebuild the page), and
          // none of the library's own fields.
          data: rows.map((r) => ({
            _id: r.id,
            video: r.video,
            hls: r.hls,
            poster: posterOf(r),
            thumbnail: r.thumbnail,
            createdAt: r.created_at,
            category: r.category_id,
          })),
          totalPage,
        };
      });
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
