import type { Kysely, Migration } from 'kysely';

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
};
