import type { AppDb } from '../../platform/db/database.js';
import { sql } from 'kysely';
import type { AdKind, AdPlatform, OpenDayRange } from '@streamdesk/contract/ad-units';
import { addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

export interface AdUnitsTables {
  ad_units: {
    id: string;
    platform: AdPlatform;
    kind: AdKind;
    a_name: string;
    a_id: string;
    a_description: string;
    a_click: number;
    created_at: string;
    updated_at: string;
  };
  web_ad_clicks: { ad_id: string; day: string; count: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends AdUnitsTables {}
}

type Db = AppDb;
export type AdUnitRow = AdUnitsTables['ad_units'];

const columns = ['id', 'platform', 'kind', 'a_name', 'a_id', 'a_description'] as const;
export type AdUnitRecord = Pick<AdUnitRow, (typeof columns)[number]>;

export const listAdUnits = (db: Db, platform: AdPlatform, kind: AdKind) =>
  db
    .selectFrom('ad_units')
    .select(columns)
    .where('platform', '=', platform)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const listAdUnitsOfPlatform = (db: Db, platform: AdPlatform) =>
  db
    .selectFrom('ad_units')
    .select(columns)
    .where('platform', '=', platform)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findAdUnit = (db: Db, platform: AdPlatform, kind: AdKind, id: string) =>
  db
    .selectFrom('ad_units')
    .select(columns)
    .where('id', '=', id)
    .where('platform', '=', platform)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const findAdUnitById = (db: Db, id: string) =>
  db.selectFrom('ad_units').select(columns).where('id', '=', id).executeTakeFirst();

export const findAdUnitByName = (db: Db, platform: AdPlatform, kind: AdKind, name: string) =>
  db
    .selectFrom('ad_units')
    .select('id')
    .where('platform', '=', platform)
    .where('kind', '=', kind)
    .where('a_name', '=', name)
    .executeTakeFirst();

export const insertAdUnit = (db: Db, row: AdUnitRow) => db.insertInto('ad_units').values(row).execute();

export const updateAdUnit = async (
  db: Db,
  id: string,
  values: Pick<AdUnitRow, 'a_id' | 'a_description' | 'updated_at'>,
) => {
  await noteUpdate(db, 'ad_units', [id], values);
  return db.updateTable('ad_units').set(values).where('id', '=', id).execute();
};

/** The whole rows (a trash snapshot's) of the ids that are ad units of the platform and kind. */
export const findAdUnitRows = (db: Db, platform: AdPlatform, kind: AdKind, ids: readonly string[]) =>
  db
    .selectFrom('ad_units')
    .selectAll()
    .where('id', 'in', ids)
    .where('platform', '=', platform)
    .where('kind', '=', kind)
    .execute();

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteAdUnits = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('ad_units').where('id', 'in', ids).returningAll().execute();

/** Deletes a web ad's per-day clicks and answers them (a trash snapshot's). */
export const takeClicksOf = (db: Db, adId: string) =>
  db.deleteFrom('web_ad_clicks').where('ad_id', '=', adId).returningAll().execute();

/** Click totals per ad within a day range (all days on a side left open). */
export async function clickTotals(db: Db, adIds: readonly string[], range: OpenDayRange = {}) {
  if (adIds.length === 0) return new Map<string, number>();
  let query = db
    .selectFrom('web_ad_clicks')
    .select(['ad_id', (eb) => eb.fn.sum<number>('count').as('total')])
    .where('ad_id', 'in', adIds)
    .groupBy('ad_id');
  if (range.startDate) query = query.where('day', '>=', range.startDate);
  if (range.endDate) query = query.where('day', '<=', range.endDate);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.ad_id, Number(r.total)]));
}

/** Removes the per-day rows of the ads from..to (open ends: all days on that side). */
export const deleteClicksInRange = (db: Db, adIds: readonly string[], from?: string, to?: string) =>
  db
    .deleteFrom('web_ad_clicks')
    .where('ad_id', 'in', adIds)
    .$if(!!from, (q) => q.where('day', '>=', from!))
    .$if(!!to, (q) => q.where('day', '<=', to!))
    .execute();

/** Adds clicks to one web ad's day row (created when missing). */
export async function addDayClicks(db: Db, adId: string, day: string, count: number): Promise<void> {
  await db
    .insertInto('web_ad_clicks')
    .values({ ad_id: adId, day, count })
    .onConflict((oc) =>
      oc.columns(['ad_id', 'day']).doUpdateSet({ count: sql<number>`web_ad_clicks.count + excluded.count` }),
    )
    .execute();
}

/** Records clicks on a web ad's day row when the id is a web ad of the platform (false otherwise). */
export async function recordWebAdClicks(
  db: Db,
  platform: AdPlatform,
  id: string,
  day: string,
  count: number,
) {
  if (!(await findAdUnit(db, platform, 'web', id))) return false;
  await addDayClicks(db, id, day, count);
  return true;
}

/** The web ads of a platform among `ids` (the app may count each). */
export const countedWebAds = async (db: Db, platform: AdPlatform, ids: readonly string[]) =>
  (
    await db
      .selectFrom('ad_units')
      .select('id')
      .where('platform', '=', platform)
      .where('kind', '=', 'web')
      .where('id', 'in', ids)
      .execute()
  ).map(({ id }) => ({ id, active: true }));

/** Adds counted clicks to the web ads' lifetime totals (negative on a clear, never below 0). */
export const addWebAdCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'ad_units', id: 'id', click: 'a_click' }, changes);
