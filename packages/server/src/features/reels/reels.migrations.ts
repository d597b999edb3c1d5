import type { Kysely, Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';

export const reelsMigrations: Record<string, Migration> = {
  '0400_reels': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('video', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text', (c) => c.notNull())
        .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('click', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reels_created_at').on('reels').columns(['created_at', 'id']).execute();
    },
  },
  '0401_reels_counts_bigint': countsToBigint({ reels: ['view', 'click'] }),
};
