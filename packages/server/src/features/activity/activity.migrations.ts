import type { Kysely, Migration } from 'kysely';
import { newestFirstIndexes } from '../../platform/db/newest-first-indexes.js';

/**
 * The activity log (docs/decisions/0028-activity-log.md). No foreign key to admins: an entry outlives
 * what it names, and a failed sign-in may name nobody. `changes` is JSON text ([{ field, before, after }]).
 * Each index ends in (created_at, id), the screen's order, after the column a filter fixes.
 */
export const activityMigrations: Record<string, Migration> = {
  '1500_activity_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('activity_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('person_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('feature', 'text', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await newestFirstIndexes([
        { name: 'activity_log_newest', table: 'activity_log' },
        { name: 'activity_log_person', table: 'activity_log', leading: ['person_id'] },
        { name: 'activity_log_item', table: 'activity_log', leading: ['item_id'] },
        { name: 'activity_log_feature', table: 'activity_log', leading: ['feature', 'action'] },
        { name: 'activity_log_action', table: 'activity_log', leading: ['action'] },
      ]).up(db);
    },
  },
};
