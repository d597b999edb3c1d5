import type { Kysely, Migration } from 'kysely';

export const teamMigrations: Record<string, Migration> = {
  '1400_team_password_links': {
    async up(db: Kysely<unknown>) {
      // One-time set-password links: only a hash of the token is kept; the row goes when it is used.
      await db.schema
        .createTable('password_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_links_admin_id')
        .on('password_links')
        .column('admin_id')
        .execute();
    },
  },
};
