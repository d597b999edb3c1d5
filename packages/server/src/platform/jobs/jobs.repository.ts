import type { ExpressionBuilder } from 'kysely';
import type { AppDb, AppTables, DialectName } from '../db/database.js';

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

/** Pending jobs due by `now`, and running ones whose lease ran out (their process stopped). */
const isDue = (eb: ExpressionBuilder<AppTables, 'scheduled_jobs'>, now: string) =>
  eb.and([
    eb('run_at', '<=', now),
    eb.or([
      eb('status', '=', 'pending'),
      eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
    ]),
  ]);

/**
 * Takes up to `limit` due jobs for this process until `leaseUntil`, oldest first, in one statement: the
 * outer condition is checked again on each row as it is changed, so of several processes racing for a job
 * exactly one takes it (on PostgreSQL, rows another process is taking are skipped rather than waited for).
 * One statement for a batch, where one claim a job cost a commit each: 0033 and bench/notes/schedules.md.
 */
export async function claimDueJobs(
  db: AppDb,
  dialect: DialectName,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<JobRow[]> {
  let due = db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where((eb) => isDue(eb, now))
    .orderBy('run_at')
    .limit(limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('scheduled_jobs')
    .set({ status: 'running', lease_until: leaseUntil })
    .where('id', 'in', due)
    .where((eb) => isDue(eb, now))
    .returningAll()
    .execute();
  // RETURNING gives no order: due order, and ids for a stable one among jobs due at one time.
  return rows.sort((a, b) => a.run_at.localeCompare(b.run_at) || a.id.localeCompare(b.id));
}

export const finishJob = (db: AppDb, id: string, status: JobStatus, at: string, note = '') =>
  db
    .updateTable('scheduled_jobs')
    .set({ status, finished_at: at, lease_until: null, note })
    .where('id', '=', id)
    .execute();

/** Finishes jobs run together (Scheduler.runGroup) in one statement. */
export const finishJobs = (db: AppDb, ids: string[], status: JobStatus, at: string) =>
  db
    .updateTable('scheduled_jobs')
    .set({ status, finished_at: at, lease_until: null, note: '' })
    .where('id', 'in', ids)
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
