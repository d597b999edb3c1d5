import type { Kysely, Migration } from 'kysely';

export const policyMigrations: Record<string, Migration> = {
  '0600_policy': {
    async up(db: Kysely<unknown>) {
      // One row per policy document; the privacy policy is the row with id 'privacy'.
      await db.schema
        .createTable('policies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
