import type { AppDb } from '../../platform/db/database.js';
import type { DialectName } from '../../platform/db/database.js';
import { equalsInsensitive } from '../../platform/db/dialect.js';
import { searchFor } from '../../platform/db/search.js';
import { videoCategoriesSearch } from './video-categories.migrations.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

export interface VideoCategoriesTables {
  video_categories: {
    id: string;
    name: string;
    main_image: string;
    status: number;
    created_at: string;
  };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends VideoCategoriesTables {}
}

export type CategoryRow = VideoCategoriesTables['video_categories'];
type Db = AppDb;

export const listCategories = async (db: Db, dialect: DialectName, q?: string) => {
  const searched = q ? await searchFor(db, dialect, videoCategoriesSearch, q) : undefined;
  return db
    .selectFrom('video_categories')
    .selectAll()
    .$if(!!searched, (qb) => qb.where(searched!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
};

export const listActiveCategories = (db: Db) =>
  db
    .selectFrom('video_categories')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findCategory = (db: Db, id: string) =>
  db.selectFrom('video_categories').selectAll().where('id', '=', id).executeTakeFirst();

/** Whether another category (not `exceptId`) has this name, compared case-insensitively. */
export const nameTaken = async (db: Db, dialect: DialectName, name: string, exceptId?: string) =>
  Boolean(
    await db
      .selectFrom('video_categories')
      .select('id')
      .where(() => equalsInsensitive(dialect, 'name', name))
      .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
      .limit(1)
      .executeTakeFirst(),
  );

export const insertCategory = (db: Db, row: CategoryRow) =>
  db.insertInto('video_categories').values(row).execute();

export const updateCategory = async (db: Db, id: string, changes: Partial<Omit<CategoryRow, 'id'>>) => {
  await noteUpdate(db, 'video_categories', [id], changes);
  return db.updateTable('video_categories').set(changes).where('id', '=', id).executeTakeFirst();
};

/** Deletes the category and answers its row, or undefined when it was not there (or a delete took it first). */
export const deleteCategory = (db: Db, id: string) =>
  db.deleteFrom('video_categories').where('id', '=', id).returningAll().executeTakeFirst();

export const activeCategoryIds = async (db: Db) =>
  (await db.selectFrom('video_categories').select('id').where('status', '=', 1).execute()).map((r) => r.id);
