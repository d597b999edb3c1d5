import type { Kysely, Migration } from 'kysely';

export const analyticsMigrations: Record<string, Migration> = {
  '1100_analytics_event_rollups': {
    async up(db: Kysely<unknown>) {
      // Raw events are never stored: only per-day counts per item and kind.
      await db.schema
        .createTable('event_rollups')
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_rollups_pk', ['entity_id', 'day', 'kind', 'entity'])
        .execute();
    },
  },
};
