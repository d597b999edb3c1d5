import type { AppDb } from '../db/database.js';

export type JobStatus = 'pending' | 'running' | 'done' | 'missed' | 'failed' | 'cancelled';

export interface JobTables {
  scheduled_jobs: {
    id: string;
    kind: string;
    /** ISO time in UTC: ISO texts of one format sort as the times do. */
    run_at: string;
    /** JSON. */
    payload: string;
    status: string;
    lease_until: string | null;
    person_id: string | null;
    created_at: string;
    finished_at: string | null;
    note: string;
  };
}

declare module '../db/database.js' {
  interface AppTables extends JobTables {}
}

export type JobRow = JobTables['scheduled_jobs'];

export const insertJob = (db: AppDb, row: JobRow) => db.insertInto('scheduled_jobs').values(row).execute();

/** Pending jobs due by `now`, and running ones whose lease ran out (their process stopped), oldest first. */
export const dueJobs = (db: AppDb, now: string, limit: number) =>
  db
    .selectFrom('scheduled_jobs')
    .selectAll()
    .where('run_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('run_at')
    .limit(limit)
    .execute();

/**
 * Takes a due job for this process until `leaseUntil`: one conditional UPDATE, so of several processes
 * racing for it exactly one changes the row. True when this one did.
 */
export async function claimJob(db: AppDb, id: string, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_jobs')
    .set({ status: 'running', lease_until: leaseUntil })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const finishJob = (db: AppDb, id: string, status: JobStatus, at: string, note = '') =>
  db
    .updateTable('scheduled_jobs')
    .set({ status, finished_at: at, lease_until: null, note })
    .where('id', '=', id)
    .execute();

/** Cancels or moves a job that has not started; false when it already ran or is running. */
export async function updatePendingJob(
  db: AppDb,
  id: string,
  values: Partial<Pick<JobRow, 'status' | 'run_at' | 'payload'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_jobs')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findJob = (db: AppDb, id: string) =>
  db.selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** The next pending job's time, to wake up for it. */
export const nextRunAt = async (db: AppDb): Promise<string | undefined> =>
  (
    await db
      .selectFrom('scheduled_jobs')
      .select('run_at')
      .where('status', '=', 'pending')
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst()
  )?.run_at;
