import type { AppDb } from '../../platform/db/database.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

/** The row a processing run works from. */
export interface QueuedVideo {
  id: string;
  video: string;
  attempts: number;
}

/**
 * Takes the video queued longest ago, or one whose run's lease ran out (its process stopped), for
 * `worker` until `leaseUntil`: a conditional UPDATE, so of several processes exactly one takes it.
 */
export async function takeNext(
  db: AppDb,
  worker: string,
  now: string,
  leaseUntil: string,
): Promise<QueuedVideo | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    const next = await db
      .selectFrom('videos')
      .select(['id', 'video', 'attempts', 'state', 'worker'])
      .where((eb) =>
        eb.or([
          eb('state', '=', 'queued'),
          eb.and([eb('state', '=', 'processing'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('queued_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const taken = await db
      .updateTable('videos')
      .set({ state: 'processing', worker, lease_until: leaseUntil, attempts: next.attempts + 1, error: '' })
      .where('id', '=', next.id)
      .where('state', '=', next.state)
      .where('worker', '=', next.worker)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1)
      return { id: next.id, video: next.video, attempts: next.attempts + 1 };
  }
  return undefined;
}

/** Keeps the run's hold and says how far it is; false when the video is gone or no longer this run's. */
export async function renew(db: AppDb, id: string, worker: string, leaseUntil: string, progress: number) {
  const result = await db
    .updateTable('videos')
    .set({ lease_until: leaseUntil, progress })
    .where('id', '=', id)
    .where('worker', '=', worker)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The run's outcome, written only while the run still holds the video; false when it does not. */
export async function settle(
  db: AppDb,
  id: string,
  worker: string,
  values: { state: 'ready' | 'queued' | 'failed'; progress: number; error: string } & Partial<{
    video: string;
    hls: string;
    hls_files: string;
    attempts: number;
  }>,
) {
  const result = await db
    .updateTable('videos')
    .set({ ...values, worker: '', lease_until: null })
    .where('id', '=', id)
    .where('worker', '=', worker)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const statesOf = (db: AppDb, ids: readonly string[]) =>
  db.selectFrom('videos').select(['id', 'state']).where('id', 'in', ids).execute();

/** Queues failed videos again with a fresh count of attempts. */
export async function requeueFailed(db: AppDb, ids: readonly string[], now: string) {
  const changes = { state: 'queued', progress: 0, error: '', attempts: 0, queued_at: now };
  await noteUpdate(db, 'videos', ids, { state: changes.state });
  const result = await db
    .updateTable('videos')
    .set(changes)
    .where('id', 'in', ids)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Gives the videos this process's runs hold back to the queue (a stop): not a failed attempt, so the
 * attempt is not counted.
 */
export const giveBack = (db: AppDb, workerPrefix: string) =>
  db
    .updateTable('videos')
    .set((eb) => ({
      state: 'queued',
      worker: '',
      lease_until: null,
      progress: 0,
      attempts: eb('attempts', '-', 1),
    }))
    .where('state', '=', 'processing')
    .where('worker', 'like', `${workerPrefix}%`)
    .execute();
