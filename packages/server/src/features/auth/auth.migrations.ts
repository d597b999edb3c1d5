import type { Kysely, Migration } from 'kysely';

export const authMigrations: Record<string, Migration> = {
  '0100_auth_admins_and_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('admin_sessions_admin_id')
        .on('admin_sessions')
        .column('admin_id')
        .execute();
    },
  },
  '0101_auth_login_failures': {
    async up(db: Kysely<unknown>) {
      // Failed sign-ins per email (ms since 1970), shared by every server process (login-limiter.ts).
      await db.schema
        .createTable('login_failures')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_email')
        .on('login_failures')
        .columns(['email', 'failed_at'])
        .execute();
    },
  },
};
