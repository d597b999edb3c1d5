import type { Kysely, Migration } from 'kysely';

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
};
