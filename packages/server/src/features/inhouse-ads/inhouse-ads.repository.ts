import type { AppDb, AppTables } from '../../platform/db/database.js';
import type { Insertable, Selectable } from 'kysely';
import type { InHouseAd, InHouseAdType, MedType } from '@streamdesk/contract/inhouse-ads';
import type { DialectName } from '../../platform/db/database.js';
import { boundedSearch } from '../../platform/db/bounded-search.js';
import { inHouseAdCounts, inHouseAdsSearch } from './inhouse-ads.migrations.js';
import { fromDbBool } from '../../platform/db/values.js';
import { NEWEST_FIRST, seekPage } from '../../platform/db/paging.js';
import type { PageBoundaries } from '../../platform/db/page-boundaries.js';
import { keptCount } from '../../platform/db/kept-counts.js';
import { activeItems, addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';
import {
  posterOf,
  type ProcessingColumns,
  type ProcessingTableColumns,
} from '../../platform/media/video-queue.repository.js';

export interface InHouseAdsTables {
  /** Ads per status, kept by triggers (inHouseAdCounts). */
  inhouse_ad_counts: { status: number; n: number };
  inhouse_ads: {
    id: string;
    main_title: string;
    sub_title: string;
    description: string;
    med_type: MedType;
    call_to_action: string;
    btn_name: string;
    web_stay_time: number;
    ad_type: InHouseAdType;
    icon: string;
    med_view: string;
    thumbnail: string | null;
    view: number;
    click_count: number;
    status: number;
    created_at: string;
    updated_at: string;
  } & ProcessingTableColumns;
}

declare module '../../platform/db/database.js' {
  interface AppTables extends InHouseAdsTables {}
}

export type InHouseAdRow = Selectable<InHouseAdsTables['inhouse_ads']>;
/** An ad to insert: without the queue's columns it is `ready` without HLS (the columns' defaults). */
export type NewInHouseAd = Insertable<InHouseAdsTables['inhouse_ads']>;
type Db = AppDb;

/** The in-house ads among `ids` (the app may count each). */
export const countedInHouseAds = (db: Db, ids: readonly string[]) => activeItems(db, 'inhouse_ads', ids);

/** Adds counted views and clicks to the ads' totals (negative on a clear, never below 0). */
export const addInHouseAdCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'inhouse_ads', id: 'id', view: 'view', click: 'click_count' }, changes);

export function toInHouseAd(row: InHouseAdRow): InHouseAd {
  return {
    _id: row.id,
    mainTitle: row.main_title,
    subTitle: row.sub_title,
    medType: row.med_type,
    description: row.description,
    callToAction: row.call_to_action,
    btnName: row.btn_name,
    web_stay_time: Number(row.web_stay_time),
    adType: row.ad_type,
    icon: row.icon,
    medView: row.med_view,
    thumbnail: row.thumbnail,
    view: Number(row.view),
    clickCount: Number(row.click_count),
    status: fromDbBool(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    hls: row.hls,
    poster: posterOf(row),
    state: row.state,
    progress: Number(row.progress),
  };
}

/** The ads the list shows before its search: every ad, or the active ones. */
const unsearched = (db: Db, activeOnly: boolean) =>
  db.selectFrom('inhouse_ads').$if(activeOnly, (qb) => qb.where('status', '=', 1));

/**
 * A page of the list. Without a search the total is the kept counts' sum (inHouseAdCounts) and the page
 * starts from the nearest page read (page-boundaries.ts). A search counts its matches up to `countMax`
 * (`capped` when more match, 0063), and its page walks the newest-first index (with the status, or
 * without) when the search is broad, or reads its few matches and sorts them (bounded-search.ts, as the
 * other lists).
 */
export async function listPage(
  db: Db,
  dialect: DialectName,
  opts: { activeOnly: boolean; q?: string | undefined; page: number; limit: number; countMax: number },
  boundaries: PageBoundaries,
): Promise<{ rows: InHouseAdRow[]; total: number; capped: boolean }> {
  const base = unsearched(db, opts.activeOnly);
  const q = opts.q?.trim();
  if (q)
    return boundedSearch<AppTables, 'inhouse_ads', InHouseAdRow>(
      { db, dialect, base, index: inHouseAdsSearch, text: q },
      NEWEST_FIRST,
      { page: opts.page, limit: opts.limit, walkable: true, countMax: opts.countMax },
    );
  const total = await keptCount(db, inHouseAdCounts, opts.activeOnly ? { status: 1 } : {});
  const list = JSON.stringify([opts.activeOnly, opts.limit]);
  const rows = await boundaries.page(list, opts.page, opts.limit, total, (seek) =>
    seekPage<AppTables, 'inhouse_ads', InHouseAdRow>(base, NEWEST_FIRST, seek),
  );
  return { rows, total, capped: false };
}

/** `count` active ads after `offset`, newest first, through the (status, created_at, id) index. */
export function listActive(db: Db, window: { offset: number; count: number }) {
  return db
    .selectFrom('inhouse_ads')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.count)
    .offset(window.offset)
    .execute();
}

export async function countAll(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inhouse_ads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findById(db: Db, id: string) {
  return db.selectFrom('inhouse_ads').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIds(db: Db, ids: readonly string[]) {
  return db.selectFrom('inhouse_ads').selectAll().where('id', 'in', ids).execute();
}

export async function insert(db: Db, row: NewInHouseAd): Promise<void> {
  await db.insertInto('inhouse_ads').values(row).execute();
}

export type InHouseAdChanges = Partial<
  Omit<InHouseAdRow, 'id' | 'created_at' | 'view' | 'click_count' | keyof ProcessingColumns>
>;

/**
 * Updates an ad, noting `changes` for the activity log; `processing` (a replaced video queued again) is
 * written with them and not noted: it is the queue's, not something the person changed.
 */
export async function update(
  db: Db,
  id: string,
  changes: InHouseAdChanges,
  processing: Partial<ProcessingColumns> = {},
): Promise<boolean> {
  await noteUpdate(db, 'inhouse_ads', [id], changes);
  const result = await db
    .updateTable('inhouse_ads')
    .set({ ...changes, ...processing })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteByIds = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('inhouse_ads').where('id', 'in', ids).returningAll().execute();
