import type { Kysely, Migration } from 'kysely';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';

/** What the list's `q` searches. */
export const videoCategoriesSearch: SearchIndex = { table: 'video_categories', columns: ['name'] };

export const videoCategoriesMigrations: Record<string, Migration> = {
  '1200_video_categories': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('video_categories')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('main_image', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '1201_video_categories_search': searchIndexMigration(videoCategoriesSearch),
};
