import type { Kysely, Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';

export const controllerMigrations: Record<string, Migration> = {
  '0500_controller_settings': {
    async up(db: Kysely<unknown>) {
      // One row per changed setting; a setting without a row has its default (contract controllerDefaults).
      await db.schema
        .createTable('controller_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('controller_counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0501_controller_counters_bigint': countsToBigint({ controller_counters: ['value'] }),
  '0502_controller_schedules': {
    async up(db: Kysely<unknown>) {
      // Scheduled changes; their start and end run as scheduled jobs (platform/jobs).
      await db.schema
        .createTable('controller_schedules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('start_at', 'text', (c) => c.notNull())
        .addColumn('end_at', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('start_job', 'text', (c) => c.notNull())
        .addColumn('end_job', 'text')
        // The changed settings' values just before the start: what the end puts back.
        .addColumn('before', 'text')
        .addColumn('start_version', 'integer')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
};
