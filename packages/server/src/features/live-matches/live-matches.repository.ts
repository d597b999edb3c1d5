import type { AppDb, AppTables } from '../../platform/db/database.js';
import type { DialectName } from '../../platform/db/database.js';
import { sql } from 'kysely';
import { parseSort } from '@streamdesk/contract/http';
import type { FireHistorySort, LiveMatchSort } from '@streamdesk/contract/live-matches';
import { searchFor } from '../../platform/db/search.js';
import { boundedSearch } from '../../platform/db/bounded-search.js';
import { lowered } from '../../platform/db/dialect.js';
import {
  fireHistorySearch,
  fireTotals,
  liveMatchCounts,
  liveMatchesSearch,
} from './live-matches.migrations.js';
import { orderedRows, pageWithTotal, seekPage, type ListOrder } from '../../platform/db/paging.js';
import type { PageBoundaries } from '../../platform/db/page-boundaries.js';
import { keptCount, keptTotals } from '../../platform/db/kept-counts.js';
import { activeItems, addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

export interface LiveMatchesTables {
  live_matches: {
    id: string;
    title: string;
    url: string;
    thumbnail: string;
    view: number;
    status: number;
    created_at: string;
    /** Planned times (ISO UTC) and the scheduler's jobs that act on them (planned-matches.service.ts). */
    planned_start: string | null;
    planned_end: string | null;
    start_job: string | null;
    end_job: string | null;
    planned_note: string;
  };
  live_ad_fields: { name: string; value: string; position: number };
  live_web_ads: { id: string; a_name: string; a_url: string; created_at: string };
  live_ad_fires: {
    id: string;
    ads_type: string;
    a_name: string;
    url: string;
    a_view: number;
    a_click: number;
    created_at: string;
    /** The ad fired (null for fires made before fires kept their ad, of a name no ad held then). */
    web_ad_id: string | null;
  };
  /** One row (id 1): the newest fire ever made, kept when it is deleted from the history. */
  live_ad_fire_latest: { id: number; fire_id: string | null; created_at: string | null };
  /** The live matches, counted whole by triggers (live-matches.migrations.ts). */
  live_matches_count: { whole: number; n: number };
  live_ad_fires_count: { whole: number; n: number; a_view: number; a_click: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends LiveMatchesTables {}
}

export type Db = AppDb;
export type LiveMatchRow = LiveMatchesTables['live_matches'];
export type WebAdRow = LiveMatchesTables['live_web_ads'];
export type FireRow = LiveMatchesTables['live_ad_fires'];

const count = (n: unknown) => Number(n ?? 0);

// Live matches -----------------------------------------------------------------------------------------

/**
 * A page of matches in the order asked (newest first by default, titles as people read them, ties by id);
 * `q` matches the title, case-insensitively. A search's count stops at `countMax` (`capped` when more
 * match, 0063), and a broad one walks the (created_at, id) index in the date orders.
 */
export async function listLiveMatches(
  db: Db,
  dialect: DialectName,
  { page, limit, q, sort }: { page: number; limit: number; q?: string | undefined; sort: LiveMatchSort },
  countMax: number,
): Promise<{ rows: LiveMatchRow[]; total: number; capped: boolean }> {
  const text = q?.trim();
  const base = db.selectFrom('live_matches');
  const { column, desc } = parseSort(sort);
  const by = { date: sql.ref('created_at'), title: lowered(dialect, 'title'), views: sql.ref('view') }[
    column
  ];
  if (!text)
    return {
      ...(await pageWithTotal(base, { by, desc }, { page, limit }, keptCount(db, liveMatchCounts))),
      capped: false,
    };
  return boundedSearch<AppTables, 'live_matches', LiveMatchRow>(
    { db, dialect, base, index: liveMatchesSearch, text },
    { by, desc },
    { page, limit, walkable: column === 'date', countMax },
  );
}

export const listActiveLiveMatches = (db: Db) =>
  db
    .selectFrom('live_matches')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findLiveMatch = (db: Db, id: string) =>
  db.selectFrom('live_matches').selectAll().where('id', '=', id).executeTakeFirst();

export const insertLiveMatch = (db: Db, row: LiveMatchRow) =>
  db.insertInto('live_matches').values(row).execute();

export const updateLiveMatch = async (
  db: Db,
  id: string,
  changes: Partial<Pick<LiveMatchRow, 'title' | 'url' | 'thumbnail' | 'status'>>,
) => {
  await noteUpdate(db, 'live_matches', [id], changes);
  return db.updateTable('live_matches').set(changes).where('id', '=', id).executeTakeFirst();
};

/** Sets the status of several matches (a planned start or end of each); noted by the caller. */
export const setStatuses = (db: Db, ids: readonly string[], status: number) =>
  db.updateTable('live_matches').set({ status }).where('id', 'in', ids).execute();

export type PlanColumns = Pick<
  LiveMatchRow,
  'planned_start' | 'planned_end' | 'start_job' | 'end_job' | 'planned_note'
>;

export const updatePlan = (db: Db, id: string, plan: Partial<PlanColumns>) =>
  db.updateTable('live_matches').set(plan).where('id', '=', id).executeTakeFirst();

export const findLiveMatches = (db: Db, ids: readonly string[]) =>
  db.selectFrom('live_matches').selectAll().where('id', 'in', ids).execute();

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteLiveMatches = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('live_matches').where('id', 'in', ids).returningAll().execute();

// Live-call ad fields --------------------------------------------------------------------------------

export const listAdFields = (db: Db) =>
  db.selectFrom('live_ad_fields').select(['name', 'value']).orderBy('position').execute();

/**
 * Replaces every field in one transaction, keeping the order they were sent in; `before` runs first in
 * the transaction (a throw there writes nothing).
 */
export const replaceAdFields = (
  db: Db,
  fields: readonly [string, string][],
  before: (trx: Db) => Promise<void> = async () => {},
) =>
  db.transaction().execute(async (trx) => {
    await before(trx);
    await trx.deleteFrom('live_ad_fields').execute();
    if (fields.length)
      await trx
        .insertInto('live_ad_fields')
        .values(fields.map(([name, value], position) => ({ name, value, position })))
        .execute();
  });

// Website live ads --------------------------------------------------------------------------------------

export const listWebAds = (db: Db) =>
  db.selectFrom('live_web_ads').selectAll().orderBy('created_at').orderBy('id').execute();

/** Views and clicks of every ad, summed over its fires (by the ad's id: a rename keeps them). */
export const fireTotalsByAd = (db: Db) =>
  db
    .selectFrom('live_ad_fires')
    .select((eb) => [
      'web_ad_id',
      eb.fn.sum<number>('a_view').as('views'),
      eb.fn.sum<number>('a_click').as('clicks'),
    ])
    .where('web_ad_id', 'is not', null)
    .groupBy('web_ad_id')
    .execute();

export const findWebAd = (db: Db, id: string) =>
  db.selectFrom('live_web_ads').selectAll().where('id', '=', id).executeTakeFirst();

export const findWebAdByName = (db: Db, name: string) =>
  db.selectFrom('live_web_ads').selectAll().where('a_name', '=', name).executeTakeFirst();

export const findWebAds = (db: Db, ids: readonly string[]) =>
  db.selectFrom('live_web_ads').selectAll().where('id', 'in', ids).execute();

export const insertWebAd = (db: Db, row: WebAdRow) => db.insertInto('live_web_ads').values(row).execute();

export const updateWebAd = async (db: Db, id: string, changes: Pick<WebAdRow, 'a_name' | 'a_url'>) => {
  await noteUpdate(db, 'live_web_ads', [id], changes);
  return db.updateTable('live_web_ads').set(changes).where('id', '=', id).execute();
};

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteWebAds = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('live_web_ads').where('id', 'in', ids).returningAll().execute();

// Fires and their history -----------------------------------------------------------------------------------

/**
 * Stores a fire and makes it the newest fire ever made unless a newer one is kept already (another
 * process's fire of the same moment), in one transaction.
 */
export const insertFire = (db: Db, row: FireRow) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('live_ad_fires').values(row).execute();
    await trx
      .updateTable('live_ad_fire_latest')
      .set({ fire_id: row.id, created_at: row.created_at })
      .where('id', '=', 1)
      .where((eb) =>
        eb.or([
          eb('created_at', 'is', null),
          eb('created_at', '<', row.created_at),
          eb.and([eb('created_at', '=', row.created_at), eb('fire_id', '<', row.id)]),
        ]),
      )
      .execute();
  });

/** The id of the newest fire ever made, deleted or not; undefined before the first fire. */
export const newestFireId = async (db: Db) =>
  (await db.selectFrom('live_ad_fire_latest').select('fire_id').where('id', '=', 1).executeTakeFirst())
    ?.fire_id ?? undefined;

/** The newest fire ever made while it is in the history; undefined once deleted (or before any fire). */
export const latestFire = (db: Db) =>
  db
    .selectFrom('live_ad_fire_latest')
    .innerJoin('live_ad_fires', 'live_ad_fires.id', 'live_ad_fire_latest.fire_id')
    .selectAll('live_ad_fires')
    .where('live_ad_fire_latest.id', '=', 1)
    .executeTakeFirst();

/**
 * A page of the fire history in the order asked (newest first by default, names as people read them,
 * ties by id) with the count and the views and clicks of every fire `q` finds (all of them without
 * `q`): by the ad's name or URL, case-insensitively. Unsearched, the totals are kept by triggers (0078:
 * summed over 100,000 fires at each page they cost 15-20 ms on PostgreSQL), and a page by date or name
 * starts from the nearest page read (page-boundaries.ts); by views or clicks (counted up by app events
 * without a write of ours) it walks the order's index.
 */
export async function listFires(
  db: Db,
  dialect: DialectName,
  { page, limit, q, sort }: { page: number; limit: number; q?: string | undefined; sort: FireHistorySort },
  boundaries: PageBoundaries,
) {
  const text = q?.trim();
  const searched = text ? await searchFor(db, dialect, fireHistorySearch, text) : undefined;
  const base = db.selectFrom('live_ad_fires').$if(!!searched, (qb) => qb.where(searched!));
  const { column, desc } = parseSort(sort);
  const order: ListOrder = {
    by: {
      date: sql.ref('created_at'),
      name: lowered(dialect, 'a_name'),
      views: sql.ref('a_view'),
      clicks: sql.ref('a_click'),
    }[column],
    desc,
    apart: dialect === 'sqlite' && column === 'name',
  };
  if (searched) {
    const [rows, totals] = await Promise.all([
      orderedRows(base, order, page, limit),
      base
        .select((eb) => [
          eb.fn.countAll().as('n'),
          eb.fn.sum<number>('a_view').as('a_view'),
          eb.fn.sum<number>('a_click').as('a_click'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count(totals.n), views: count(totals.a_view), clicks: count(totals.a_click) };
  }
  const answer = (rows: FireRow[], totals: Record<string, number>) => ({
    rows,
    total: totals.n!,
    views: totals.a_view!,
    clicks: totals.a_click!,
  });
  // By views or clicks (no page kept): the page and the totals at once.
  if (column === 'views' || column === 'clicks') {
    const [rows, totals] = await Promise.all([
      orderedRows(base, order, page, limit),
      keptTotals(db, fireTotals),
    ]);
    return answer(rows, totals);
  }
  // By date or name the page's plan needs the total first.
  const totals = await keptTotals(db, fireTotals);
  const rows = await boundaries.page(JSON.stringify([sort, limit]), page, limit, totals.n!, (seek) =>
    seekPage<AppTables, 'live_ad_fires', FireRow>(base, order, seek),
  );
  return answer(rows, totals);
}

export const findFires = (db: Db, ids: readonly string[]) =>
  db.selectFrom('live_ad_fires').selectAll().where('id', 'in', ids).execute();

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteFires = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('live_ad_fires').where('id', 'in', ids).returningAll().execute();

// Counts from app events ---------------------------------------------------------------------------------

/**
 * The matches among `ids` (the app may count each); a match switched off takes no heartbeats
 * (nobody can watch it).
 */
export const countedLiveMatches = async (db: Db, ids: readonly string[]) =>
  (await db.selectFrom('live_matches').select(['id', 'status']).where('id', 'in', ids).execute()).map(
    (row) => ({
      id: row.id,
      active: Number(row.status) === 1,
    }),
  );

/** Adds counted views to the matches' totals (negative on a clear, never below 0); clicks are not kept. */
export const addLiveMatchCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'live_matches', id: 'id', view: 'view' }, changes);

/** The fires of the history among `ids` (the app may count each). */
export const countedFires = (db: Db, ids: readonly string[]) => activeItems(db, 'live_ad_fires', ids);

/** Adds counted views and clicks to the fires' totals (negative on a clear, never below 0). */
export const addFireCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'live_ad_fires', id: 'id', view: 'a_view', click: 'a_click' }, changes);
