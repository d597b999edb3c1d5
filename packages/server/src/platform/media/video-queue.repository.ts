import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { AppDb, AppTables } from '../db/database.js';
import { noteUpdate } from '../activity/noted-update.js';
import { POSTERLESS } from './video-queue.migrations.js';

/**
 * A table whose rows are videos to process (docs/decisions/0059-processing-for-every-video.md): each
 * row carries the queue's columns (`processingColumns`) beside its id and the column naming its MP4.
 */
export interface QueueTable {
  table: string;
  /** The column that names the row's MP4 (a media URL; '' for a row without a video). */
  video: string;
}

/** The row a processing run works from. */
export interface QueuedVideo {
  id: string;
  video: string;
  attempts: number;
}

/** The queue's columns, as a feature's table type lists them (a migration adds them: `processingColumns`, video-queue.migrations.ts). */
export interface ProcessingColumns {
  /** queued, processing, ready or failed. */
  state: 'queued' | 'processing' | 'ready' | 'failed';
  /** 0-100 while processing. */
  progress: number;
  /** Why the last run failed (ffmpeg's last error line). */
  error: string;
  /** The HLS master playlist's media URL once ready, else ''. */
  hls: string;
  /** The ladder's other files (each rendition's playlist and media file, and the poster), space-separated. */
  hls_files: string;
  attempts: number;
  queued_at: string;
  /** The run holding the video and until when (a lease, renewed while it works). */
  worker: string;
  lease_until: string | null;
}

/** The queue's columns in a table type: each has a default (a row inserted without them is ready, no HLS). */
export type ProcessingTableColumns = { [K in keyof ProcessingColumns]: Generated<ProcessingColumns[K]> };

/** The queue's columns, as the repository reads and writes them on any table that has them. */
type QueueRow = { id: string } & ProcessingColumns;
type QueueDb = Kysely<Record<string, QueueRow>>;
const q = (db: AppDb) => db as unknown as QueueDb;

/** The oldest queued video of one table, or one whose run's lease ran out (its process stopped). */
function next(db: AppDb, kind: QueueTable, now: string) {
  return q(db)
    .selectFrom(kind.table)
    .select(['id', 'attempts', 'state', 'worker', 'queued_at', sql.ref<string>(kind.video).as('video')])
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
}

/**
 * Takes the video queued longest ago among the tables, or one whose run's lease ran out, for `worker`
 * until `leaseUntil`: a conditional UPDATE, so of several processes exactly one takes it.
 */
export async function takeNext<K extends QueueTable>(
  db: AppDb,
  kinds: readonly K[],
  worker: string,
  now: string,
  leaseUntil: string,
): Promise<(QueuedVideo & { kind: K }) | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    let oldest: { kind: K; row: NonNullable<Awaited<ReturnType<typeof next>>> } | undefined;
    for (const kind of kinds) {
      const row = await next(db, kind, now);
      if (row && (!oldest || row.queued_at < oldest.row.queued_at)) oldest = { kind, row };
    }
    if (!oldest) return undefined;
    const { kind, row } = oldest;
    const taken = await q(db)
      .updateTable(kind.table)
      .set({ state: 'processing', worker, lease_until: leaseUntil, attempts: row.attempts + 1, error: '' })
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      .where('worker', '=', row.worker)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1)
      return { kind, id: row.id, video: row.video, attempts: row.attempts + 1 };
  }
  return undefined;
}

/** Keeps the run's hold and says how far it is; false when the video is gone or no longer this run's. */
export async function renew(
  db: AppDb,
  kind: QueueTable,
  id: string,
  worker: string,
  leaseUntil: string,
  progress: number,
) {
  const result = await q(db)
    .updateTable(kind.table)
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
  kind: QueueTable,
  id: string,
  worker: string,
  values: { state: 'ready' | 'queued' | 'failed'; progress: number; error: string } & Partial<{
    video: string;
    hls: string;
    hls_files: string;
  }>,
) {
  const { video, ...rest } = values;
  const result = await q(db)
    .updateTable(kind.table)
    .set({ ...rest, ...(video === undefined ? {} : { [kind.video]: video }), worker: '', lease_until: null })
    .where('id', '=', id)
    .where('worker', '=', worker)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The rows' states, for a retry's checks. */
export const statesOf = (db: AppDb, kind: QueueTable, ids: readonly string[]) =>
  q(db).selectFrom(kind.table).select(['id', 'state']).where('id', 'in', ids).execute();

/** Queues failed rows again with a fresh count of attempts (a Retry); the activity log notes the state. */
export async function requeueFailed(db: AppDb, kind: QueueTable, ids: readonly string[], now: string) {
  const changes = { state: 'queued' as const, progress: 0, error: '', attempts: 0, queued_at: now };
  await noteUpdate(db, kind.table as keyof AppTables & string, ids, { state: changes.state });
  const result = await q(db)
    .updateTable(kind.table)
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
export async function giveBack(db: AppDb, kinds: readonly QueueTable[], workerPrefix: string) {
  for (const kind of kinds)
    await q(db)
      .updateTable(kind.table)
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
}

/**
 * Holds a row whose files an edit replaces: its processing run (if any) loses the video (the run's
 * writes need its worker), and the row as it is now comes back, read in the edit's transaction with
 * the row locked, so the files it names are the ones the edit replaces (a remux that finished meanwhile
 * included).
 */
export const holdFromRun = async <T extends keyof AppTables & string>(db: AppDb, table: T, id: string) =>
  (await q(db)
    .updateTable(table as string)
    .set({ worker: '', lease_until: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()) as Selectable<AppTables[T]> | undefined;

/** A new row's queue columns: queued at `at` when it has a video, else ready (nothing to process). */
export const queuedColumns = (at: string, hasVideo = true) => ({
  state: hasVideo ? ('queued' as const) : ('ready' as const),
  progress: hasVideo ? 0 : 100,
  error: '',
  hls: '',
  hls_files: '',
  attempts: 0,
  queued_at: hasVideo ? at : '',
  worker: '',
  lease_until: null,
});

/**
 * A processed video's poster (docs/decisions/0061-ladder-poster.md): the JPEG its run stored among the
 * ladder's files; '' until the ladder is ready (and for a video processed before posters were made).
 */
export const posterOf = (row: { hls_files: string }) =>
  row.hls_files.split(' ').find((url) => url.endsWith('.jpg')) ?? '';

/** A ready row whose ladder was made before posters were (0061): what its poster is made from. */
export interface PosterlessRow {
  id: string;
  video: string;
  hls: string;
  hls_files: string;
}

/**
 * The read of `nextWithoutPoster`: it seeks the table's index of the rows without a poster
 * (`<table>_posterless`), so a table with none answers at once.
 */
export const posterlessAfter = (db: AppDb, kind: QueueTable, after: string) =>
  q(db)
    .selectFrom(kind.table)
    .select(['id', 'hls', 'hls_files', sql.ref<string>(kind.video).as('video')])
    // The partial index's own terms, as literals (posterlessIndex): a bound value would hide them.
    .where(sql<boolean>`${sql.raw(POSTERLESS)}`)
    .where('id', '>', after)
    .orderBy('id')
    .limit(1);

/**
 * The next ready row by id after `after` whose ladder has no poster (processed before posters were made,
 * 0061); a walk by id, so each row is looked at once per start, a failed one included.
 */
export const nextWithoutPoster = (db: AppDb, kind: QueueTable, after: string) =>
  posterlessAfter(db, kind, after).executeTakeFirst() as Promise<PosterlessRow | undefined>;

/**
 * Adds a poster to the row's ladder files, only while its ladder is still the one the poster was made
 * for (not processed again, replaced by an edit, or deleted meanwhile); false when it is not.
 */
export async function addPoster(db: AppDb, kind: QueueTable, row: PosterlessRow, poster: string) {
  const result = await q(db)
    .updateTable(kind.table)
    .set({ hls_files: [row.hls_files, poster].filter(Boolean).join(' ') })
    .where('id', '=', row.id)
    .where('state', '=', 'ready')
    .where('hls', '=', row.hls)
    .where('hls_files', '=', row.hls_files)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
