import type { Kysely, Migration } from 'kysely';

export const cacheSyncMigrations: Record<string, Migration> = {
  '0050_cache_versions': {
    async up(db: Kysely<unknown>) {
      // One row per cache tag a write has invalidated: how many times, across every server process.
      await db.schema
        .createTable('cache_versions')
        .addColumn('tag', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
