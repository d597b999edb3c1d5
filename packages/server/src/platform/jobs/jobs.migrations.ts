import type { Kysely, Migration } from 'kysely';

export const jobsMigrations: Record<string, Migration> = {
  '0090_scheduled_jobs': {
    async up(db: Kysely<unknown>) {
      // Due work, stored so it survives restarts; a process takes a job with a lease (scheduler.ts).
      await db.schema
        .createTable('scheduled_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('person_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('scheduled_jobs_due')
        .on('scheduled_jobs')
        .columns(['status', 'run_at'])
        .execute();
    },
  },
};
