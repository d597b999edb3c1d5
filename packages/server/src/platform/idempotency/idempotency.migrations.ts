import type { Kysely, Migration } from 'kysely';

export const idempotencyMigrations: Record<string, Migration> = {
  '0070_idempotency_keys': {
    async up(db: Kysely<unknown>) {
      // One row per Idempotency-Key an admin sent with a write (idempotency.service.ts): the request it
      // was first used for, the claim of the request running it, and once it has run, its reply. Times
      // in ms since 1970.
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('admin_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('claim', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('touched_at', 'bigint', (c) => c.notNull())
        .addColumn('reply_status', 'integer')
        .addColumn('reply_body', 'text')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['admin_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_at')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  },
};
