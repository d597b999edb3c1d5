import type { Kysely, Migration } from 'kysely';
import {
  loweredOrderIndexesAgain,
  orderIndexes,
  type OrderIndex,
} from '../../platform/db/newest-first-indexes.js';
import { keptCountsMigration, wholeCounts } from '../../platform/db/kept-counts.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';

/** What the history's `q` searches (issue 36): the title and the message. */
export const notificationsSearch: SearchIndex = { table: 'notifications', columns: ['title', 'message'] };

/** The notification history, counted whole (the list's total). */
export const notificationCounts = wholeCounts('notifications');

/** The indexes of the lists' orders other than the date (0075). */
const NOTIFICATION_ORDER_INDEXES: OrderIndex[] = [
  { name: 'notifications_title', table: 'notifications', by: 'title', lowered: true },
];

export const notificationsMigrations: Record<string, Migration> = {
  '0700_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('icon', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('fcm_status', 'text', (c) => c.notNull())
        .addColumn('fcm_detail', 'text')
        .addColumn('web_status', 'text', (c) => c.notNull())
        .addColumn('web_detail', 'text')
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('notifications_created_at')
        .on('notifications')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema.createIndex('notifications_icon').on('notifications').column('icon').execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0705_notifications_send_later': {
    async up(db: Kysely<unknown>) {
      // Send later (issue 34): a scheduled send is a row of its own, `scheduled` until its job sends it.
      await db.schema
        .alterTable('notifications')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('sent'))
        .execute();
      await db.schema.alterTable('notifications').addColumn('scheduled_at', 'text').execute();
      await db.schema.alterTable('notifications').addColumn('send_job', 'text').execute();
    },
  },
  '0710_notifications_search': searchIndexMigration(notificationsSearch),
  // Issue 39: the notification history by title walks an index (0075).
  '0711_notifications_order_indexes': orderIndexes(NOTIFICATION_ORDER_INDEXES),
  // Issue 39: the history's total kept by triggers, not counted at each page (kept-counts.ts wholeCounts).
  '0712_notifications_counts_kept': keptCountsMigration(notificationCounts),
  // Issue 39: PostgreSQL walks a lower-cased order's index alone with the column included (0077).
  '0713_notifications_title_index_included': loweredOrderIndexesAgain(NOTIFICATION_ORDER_INDEXES),
};
