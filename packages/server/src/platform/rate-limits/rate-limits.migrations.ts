import type { Kysely, Migration } from 'kysely';

export const rateLimitsMigrations: Record<string, Migration> = {
  '0060_rate_limit_hits': {
    async up(db: Kysely<unknown>) {
      // Requests per client in the current window of each route whose limit every process shares
      // (shared-rate-limit-store.ts); window_start in ms since 1970.
      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_hits_pk', ['route', 'client'])
        .execute();
    },
  },
};
