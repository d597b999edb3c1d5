import type { Kysely } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import { containsInsensitive } from '../../platform/db/dialect.js';
import { newestFirstPage } from '../../platform/db/paging.js';

export interface LiveMatchesTables {
  live_matches: {
    id: string;
    title: string;
    url: string;
    thumbnail: string;
    view: number;
    status: number;
    created_at: string;
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
  };
}

export type Db = Kysely<LiveMatchesTables>;
export type LiveMatchRow = LiveMatchesTables['live_matches'];
export type WebAdRow = LiveMatchesTables['live_web_ads'];
export type FireRow = LiveMatchesTables['live_ad_fires'];

const count = (n: unknown) => Number(n ?? 0);

// Live matches -----------------------------------------------------------------------------------------

/** A page of matches, newest first; `q` matches the title, case-insensitively. */
export async function listLiveMatches(
  db: Db,
  dialect: DialectName,
  { page, limit, q }: { page: number; limit: number; q?: string | undefined },
) {
  const text = q?.trim();
  const base = db
    .selectFrom('live_matches')
    .$if(!!text, (qb) => qb.where(containsInsensitive(dialect, 'title', text!)));
  return newestFirstPage(base, page, limit);
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

export const updateLiveMatch = (
  db: Db,
  id: string,
  changes: Partial<Pick<LiveMatchRow, 'title' | 'url' | 'thumbnail' | 'status'>>,
) => db.updateTable('live_matches').set(changes).where('id', '=', id).executeTakeFirst();

export const findLiveMatches = (db: Db, ids: readonly string[]) =>
  db.selectFrom('live_matches').select(['id', 'thumbnail']).where('id', 'in', ids).execute();

export const deleteLiveMatches = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('live_matches').where('id', 'in', ids).executeTakeFirst();

// Live-call ad fields --------------------------------------------------------------------------------

export const listAdFields = (db: Db) =>
  db.selectFrom('live_ad_fields').select(['name', 'value']).orderBy('position').execute();

/** Replaces every field in one transaction, keeping the order they were sent in. */
export const replaceAdFields = (db: Db, fields: readonly [string, string][]) =>
  db.transaction().execute(async (trx) => {
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

/** Views and clicks of every ad name, summed over its fires. */
export const fireTotalsByName = (db: Db) =>
  db
    .selectFrom('live_ad_fires')
    .select((eb) => [
      'a_name',
      eb.fn.sum<number>('a_view').as('views'),
      eb.fn.sum<number>('a_click').as('clicks'),
    ])
    .groupBy('a_name')
    .execute();

export const findWebAd = (db: Db, id: string) =>
  db.selectFrom('live_web_ads').selectAll().where('id', '=', id).executeTakeFirst();

export const findWebAdByName = (db: Db, name: string) =>
  db.selectFrom('live_web_ads').selectAll().where('a_name', '=', name).executeTakeFirst();

export const findWebAds = (db: Db, ids: readonly string[]) =>
  db.selectFrom('live_web_ads').selectAll().where('id', 'in', ids).execute();

export const insertWebAd = (db: Db, row: WebAdRow) => db.insertInto('live_web_ads').values(row).execute();

export const updateWebAd = (db: Db, id: string, changes: Pick<WebAdRow, 'a_name' | 'a_url'>) =>
  db.updateTable('live_web_ads').set(changes).where('id', '=', id).execute();

export const deleteWebAds = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('live_web_ads').where('id', 'in', ids).executeTakeFirst();

// Fires and their history -----------------------------------------------------------------------------------

export const insertFire = (db: Db, row: FireRow) => db.insertInto('live_ad_fires').values(row).execute();

export const latestFire = (db: Db) =>
  db
    .selectFrom('live_ad_fires')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function listFires(db: Db, page: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .selectFrom('live_ad_fires')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('live_ad_fires')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum<number>('a_view').as('views'),
        eb.fn.sum<number>('a_click').as('clicks'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: count(totals.n),
    views: count(totals.views),
    clicks: count(totals.clicks),
  };
}

export const deleteFires = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('live_ad_fires').where('id', 'in', ids).executeTakeFirst();
