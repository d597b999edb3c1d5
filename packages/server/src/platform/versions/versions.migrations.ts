import type { Kysely, Migration } from 'kysely';

export const versionsMigrations: Record<string, Migration> = {
  '0080_setting_versions': {
    async up(db: Kysely<unknown>) {
      // Every version of a settings record (subject 'controller', 'policy'), with its whole state as JSON.
      await db.schema
        .createTable('setting_versions')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('rolled_back_to', 'integer')
        .addColumn('keys', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('setting_versions_pk', ['subject', 'n'])
        .execute();
      // The last number of each subject: taking the next one locks its row until the write commits, so
      // versions are numbered (and their states read) one write at a time, across processes too.
      await db.schema
        .createTable('setting_version_heads')
        .addColumn('subject', 'text', (c) => c.primaryKey())
        .addColumn('last_n', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};
