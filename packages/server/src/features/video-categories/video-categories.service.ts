import {
  categoryMessages,
  type categoryAddFields,
  type categoryEditFields,
  type AppCategoryListReply,
  type AppVideoCategory,
  type VideoCategory,
} from '@streamdesk/contract/video-categories';
import { trashMessages } from '@streamdesk/contract/trash';
import type { FeatureContext } from '../../platform/feature-context.js';
import type { AppDb } from '../../platform/db/database.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import {
  editVersionOf,
  foundAtVersion,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { fromDbBool, newId, nowIso, toDbBool } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { SavedMedia } from '../../platform/media/media-store.js';
import type { z } from 'zod';
import * as repo from './video-categories.repository.js';

/** What the categories need from the video library, provided by the videos feature (see features.ts). */
export interface CategoryVideos {
  countByCategory(): Promise<Map<string, number>>;
  /** Deletes every video of a category on `db` (the category's delete) and answers their rows. */
  takeAllOf(db: AppDb, categoryId: string): Promise<Array<{ id: string }>>;
  /** Removes the counted days of videos deleted forever. */
  forget(db: AppDb, videoIds: readonly string[]): Promise<void>;
}

/**
 * Cache tags whose app replies depend on categories (the public feed and the app's video lists show only
 * active categories). The app's category list carries video counts, so it is cached under both too:
 * every video write invalidates `videos`.
 */
export const CATEGORY_TAGS = ['video-categories', 'videos'] as const;

/**
 * What the edit form writes of a category: its version covers these, not the video count the uploads
 * change nor the status its own switch flips (docs/decisions/0009-edit-conflicts.md).
 */
const EDITABLE_FIELDS = ['name', 'main_image'] as const satisfies readonly (keyof repo.CategoryRow)[];
const categoryVersion = (row: repo.CategoryRow) => editVersionOf(row, EDITABLE_FIELDS);

/** A category as the app lists it: only active ones, so no status; the app edits none, so no version. */
const toAppJson = (row: repo.CategoryRow, count: number): AppVideoCategory => ({
  _id: row.id,
  name: row.name,
  main_image: row.main_image,
  total_products: count,
});

const toJson = (row: repo.CategoryRow, count: number): VideoCategory => ({
  ...toAppJson(row, count),
  status: fromDbBool(row.status),
  createdAt: row.created_at,
  version: categoryVersion(row),
});

/** The record lock of a category (platform/record-locks.ts): its edits, its delete, uploads into it. */
const LOCKED = 'video_categories';
/**
 * The lock of the set of names, taken by an add and a rename with their check: two admins adding
 * 'Sports' at once (or through two server processes) cannot both find the name free. No unique index:
 * installs from before the check may hold duplicates, which stay editable.
 */
const NAMES = 'names';

export function createVideoCategoriesService(ctx: FeatureContext, videos: CategoryVideos) {
  const db = ctx.db;
  const invalidate = () => CATEGORY_TAGS.forEach((tag) => ctx.cache.invalidate(tag));
  // A category goes to the trash with its videos as one entry, and comes back before any video of the
  // same restore (rank 0): a video alone waits for its category (the videos' check).
  ctx.trash.register('video-categories', {
    feature: 'video-categories',
    changed: invalidate,
    rank: 0,
    lock: [LOCKED, [NAMES]],
    // Names are unique (add and rename check them, in any case): one taken since keeps it in the trash,
    // with its videos.
    async check(trx, snapshot) {
      for (const row of snapshot.tables[0]?.[1] ?? []) {
        const name = String(row.name);
        if (await repo.nameTaken(trx, ctx.dialect, name))
          throw conflict(trashMessages.categoryNameTaken(name));
      }
    },
    forget: (trx, snapshot) => {
      const videoRows = snapshot.tables.find(([table]) => table === 'videos')?.[1] ?? [];
      return videos.forget(
        trx,
        videoRows.map((row) => String(row.id)),
      );
    },
  });

  const one = async (id: string) => {
    const row = await repo.findCategory(db, id);
    if (!row) throw notFound(categoryMessages.notFound);
    return row;
  };
  const withCount = async (row: repo.CategoryRow) =>
    toJson(row, (await videos.countByCategory()).get(row.id) ?? 0);

  return {
    async list(q?: string) {
      const [rows, counts] = await Promise.all([
        repo.listCategories(ctx.readDb, ctx.dialect, q?.trim()),
        videos.countByCategory(),
      ]);
      return rows.map((row) => toJson(row, counts.get(row.id) ?? 0));
    },

    /** The app's category screen, cached until a category or video write. */
    appList() {
      return ctx.cache.get('video-categories:app', CATEGORY_TAGS, async (): Promise<AppCategoryListReply> => {
        const [rows, counts] = await Promise.all([repo.listActiveCategories(db), videos.countByCategory()]);
        return {
          status: true,
          message: categoryMessages.listed,
          data: rows.map((row) => toAppJson(row, counts.get(row.id) ?? 0)),
        };
      });
    },

    async add({ name }: z.output<typeof categoryAddFields>, image: SavedMedia) {
      const row: repo.CategoryRow = {
        id: newId(),
        name,
        main_image: image.url,
        status: toDbBool(true),
        created_at: nowIso(),
      };
      await ctx.locks.run(LOCKED, [NAMES], () =>
        db.transaction().execute(async (trx) => {
          if (await repo.nameTaken(trx, ctx.dialect, name)) throw conflict(categoryMessages.nameTaken);
          await repo.insertCategory(trx, row);
        }),
      );
      invalidate();
      return toJson(row, 0);
    },

    /**
     * Edits the name and, when a new image came, swaps the image (the old file is removed after). An edit
     * sent with the version its row was listed at is refused (409) when the category changed since:
     * checked under the category's lock (on PostgreSQL its advisory lock too) before anything is written.
     */
    async update(fields: z.output<typeof categoryEditFields>, image: SavedMedia | undefined) {
      const { id, name } = fields;
      const sent = readEditVersion(fields.version);
      return ctx.locks.run(LOCKED, [id, NAMES], async () => {
        const before = foundAtVersion(
          await repo.findCategory(db, id),
          sent,
          categoryVersion,
          categoryMessages,
        );
        await db.transaction().execute(async (trx) => {
          // Its own name in another case is a rename, not a clash.
          if (await repo.nameTaken(trx, ctx.dialect, name, id)) throw conflict(categoryMessages.nameTaken);
          await repo.updateCategory(trx, id, { name, ...(image ? { main_image: image.url } : {}) });
        });
        if (image) await ctx.media.remove(before.main_image);
        invalidate();
        return withCount({ ...before, name, main_image: image?.url ?? before.main_image });
      });
    },

    toggleStatus(id: string) {
      return ctx.locks.run(LOCKED, [id], async () => {
        const row = await one(id);
        const status = toDbBool(!fromDbBool(row.status));
        await repo.updateCategory(db, id, { status });
        invalidate();
        return withCount({ ...row, status });
      });
    },

    /** Moves the category and its videos to the trash (rows, counts, files kept); answers how many videos. */
    async remove(id: string) {
      // An upload into the category takes the same lock to insert its videos (whileLocked).
      return ctx.locks.run(LOCKED, [id], async () => {
        const deletedVideos = await db.transaction().execute(async (trx) => {
          // The videos first: the category's own delete would cascade to them.
          const videoRows = await videos.takeAllOf(trx, id);
          const row = await repo.deleteCategory(trx, id);
          if (!row) throw notFound(categoryMessages.notFound);
          await ctx.trash.move(trx, 'video-categories', [
            {
              id,
              label: itemLabel('video-categories', row, id),
              thumbnail: row.main_image,
              tables: [
                ['video_categories', [{ ...row }]],
                ['videos', videoRows],
              ],
            },
          ]);
          return videoRows.length;
        });
        invalidate();
        return deletedVideos;
      });
    },

    /** For the videos feature: whether a category exists, whether it is active, and which are. */
    exists: async (id: string, on = db) => Boolean(await repo.findCategory(on, id)),
    isActive: async (id: string) => fromDbBool((await repo.findCategory(db, id))?.status),
    whileLocked: <T>(id: string, work: () => Promise<T>) => ctx.locks.run(LOCKED, [id], work),
    activeIds: () => repo.activeCategoryIds(db),
  };
}

export type VideoCategoriesService = ReturnType<typeof createVideoCategoriesService>;
