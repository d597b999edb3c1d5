import type { AppDb, AppTables, DialectName } from '../../platform/db/database.js';
import { sql, type Insertable, type Selectable } from 'kysely';
import { parseSort } from '@streamdesk/contract/http';
import type { Reel, ReelSort } from '@streamdesk/contract/reels';
import { lowered } from '../../platform/db/dialect.js';
import { pageWithTotal } from '../../platform/db/paging.js';
import { keptCount } from '../../platform/db/kept-counts.js';
import { boundedSearch } from '../../platform/db/bounded-search.js';
import { reelCounts, reelsSearch } from './reels.migrations.js';
import {
  posterOf,
  type ProcessingColumns,
  type ProcessingTableColumns,
} from '../../platform/media/video-queue.repository.js';
import { activeItems, addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';

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
    /** The uploaded file's name (0051). */
    file_name: string;
  } & ProcessingTableColumns;
  /** The reels, counted whole by triggers (reels.migrations.ts). */
  reels_count: { whole: number; n: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends ReelTables {}
}
export type ReelRow = Selectable<ReelTables['reels']>;
/** A reel to insert: without the queue's columns it is `ready` without HLS (the columns' defaults). */
export type NewReel = Omit<ReelRow, keyof ProcessingColumns> & Partial<ProcessingColumns>;
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
  fileName: row.file_name,
  hls: row.hls,
  poster: posterOf(row),
  state: row.state,
  progress: Number(row.progress),
});

export interface ReelListQuery {
  page: number;
  limit: number;
  /** Part of the file name, any case (through the search index, 0048). */
  q?: string | undefined;
  sort: ReelSort;
}

const reelOrder = (dialect: DialectName, sort: ReelSort) => {
  const { column, desc } = parseSort(sort);
  const by = {
    date: sql.ref('created_at'),
    view: sql.ref('view'),
    click: sql.ref('click'),
    name: lowered(dialect, 'file_name'),
  }[column];
  return { by, desc };
};

/**
 * One page of reels, filtered and in the order asked, with the number of matching reels. A search counts
 * its matches up to `countMax` (`capped` when more match, 0063): a broad one walks the (created_at, id)
 * index in the date orders, a few are read and sorted.
 */
export async function listReels(
  db: Db,
  dialect: DialectName,
  query: ReelListQuery,
  countMax: number,
): Promise<{ rows: ReelRow[]; total: number; capped: boolean }> {
  const base = db.selectFrom('reels');
  const order = reelOrder(dialect, query.sort);
  if (!query.q)
    return { ...(await pageWithTotal(base, order, query, keptCount(db, reelCounts))), capped: false };
  return boundedSearch<AppTables, 'reels', ReelRow>(
    { db, dialect, base, index: reelsSearch, text: query.q },
    order,
    { page: query.page, limit: query.limit, walkable: query.sort.endsWith('date'), countMax },
  );
}

export const insertReel = (db: Db, row: Insertable<ReelTables['reels']>) =>
  db.insertInto('reels').values(row).execute();

export const findReels = (db: Db, ids: readonly string[]) =>
  db.selectFrom('reels').selectAll().where('id', 'in', ids).execute();

/** Deletes the reels and answers the rows it deleted (none of those another delete took first). */
export const deleteReels = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('reels').where('id', 'in', ids).returningAll().execute();

/** The reels among `ids` (the app may count each). */
export const countedReels = (db: Db, ids: readonly string[]) => activeItems(db, 'reels', ids);

/** Adds counted views and clicks to the reels' totals (negative on a clear, never below 0). */
export const addReelCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'reels', id: 'id', view: 'view', click: 'click' }, changes);
