import type { Kysely, Migration } from 'kysely';
import { newestFirstIndexes } from '../db/newest-first-indexes.js';

/**
 * The trash (docs/decisions/0037-trash.md): one row per deleted item, keyed by the item's own id, with a
 * JSON snapshot of the rows its delete removed (`{ tables: [[table, rows], ...] }`, parents first).
 * `feature` is the contract's feature name (the list's filter), `kind` what the feature registered (a
 * feature may trash several kinds: live matches, web live ads, fires). `created_at` is when it was deleted (the list's order), `purge_at` when the daily job removes it.
 */
export const trashMigrations: Record<string, Migration> = {
  '1600_trash': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trash')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('feature', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('thumbnail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('person_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('purge_at', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .execute();
      await newestFirstIndexes([
        { name: 'trash_newest', table: 'trash' },
        { name: 'trash_feature', table: 'trash', leading: ['feature'] },
      ]).up(db);
      await db.schema.createIndex('trash_purge_at').on('trash').column('purge_at').execute();
    },
  },
};
