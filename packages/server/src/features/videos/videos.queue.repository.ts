import type { AppDb } from '../../platform/db/database.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

// The library's retry; the queue itself is platform/media/video-queue.ts.

export const statesOf = (db: AppDb, ids: readonly string[]) =>
  db.selectFrom('videos').select(['id', 'state']).where('id', 'in', ids).execute();

/** Queues failed videos again with a fresh count of attempts. */
export async function requeueFailed(db: AppDb, ids: readonly string[], now: string) {
  const changes = { state: 'queued' as const, progress: 0, error: '', attempts: 0, queued_at: now };
  await noteUpdate(db, 'videos', ids, { state: changes.state });
  const result = await db
    .updateTable('videos')
    .set(changes)
    .where('id', 'in', ids)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
