import type { AppDb } from '../../platform/db/database.js';
import type { Selectable } from 'kysely';
import type { Reel } from '@streamdesk/contract/reels';
import { addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';

export interface ReelTables {
  reels: {
    id: string;
    video: string;
    thumbnail: string;
    duration: number;
    size: number;
    view: number;
    click: number;
    created_at: string;
  };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends ReelTables {}
}
export type ReelRow = Selectable<ReelTables['reels']>;
type Db = AppDb;

export const toReel = (row: ReelRow): Reel => ({
  _id: row.id,
  video: row.video,
  thumbnail: row.thumbnail,
  duration: Number(row.duration),
  size: Number(row.size),
  view: Number(row.view),
  click: Number(row.click),
  createdAt: row.created_at,
});

export async function listReels(
  db: Db,
  opts: { page: number; limit: number },
): Promise<{ rows: ReelRow[]; total: number }> {
  const rows = await db
    .selectFrom('reels')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const { n } = await db
    .selectFrom('reels')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export const insertReel = (db: Db, row: ReelRow) => db.insertInto('reels').values(row).execute();

export const findReels = (db: Db, ids: readonly string[]) =>
  db.selectFrom('reels').selectAll().where('id', 'in', ids).execute();

/** Deletes the reels and answers the rows it deleted (none of those another delete took first). */
export const deleteReels = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('reels').where('id', 'in', ids).returningAll().execute();

/** Every reel the app may count. */
export const countedReels = async (db: Db) =>
  (await db.selectFrom('reels').select('id').execute()).map(({ id }) => ({ id, active: true }));

/** Adds counted views and clicks to the reels' totals (negative on a clear, never below 0). */
export const addReelCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'reels', id: 'id', view: 'view', click: 'click' }, changes);
