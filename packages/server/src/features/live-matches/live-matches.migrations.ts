import { sql, type Kysely, type Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';
import {
  newestFirstIndexes,
  loweredOrderIndexesAgain,
  orderIndexes,
  type OrderIndex,
} from '../../platform/db/newest-first-indexes.js';
import { keptCountsMigration, wholeCounts, type KeptCounts } from '../../platform/db/kept-counts.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';

/** What the admin list's `q` searches. */
export const liveMatchesSearch: SearchIndex = { table: 'live_matches', columns: ['title'] };
/** What the fire history's `q` searches (issue 36): the fired ad's name and the URL it carried. */
export const fireHistorySearch: SearchIndex = { table: 'live_ad_fires', columns: ['a_name', 'url'] };

/**
 * The ads every install starts with: the main URL ad (WEB_URL_1, never deletable) and the two fire-only
 * ads without a URL. Names written out: migrations are frozen history and load before the contract.
 */
const SEEDED_WEB_ADS = [
  { id: '000000000000000000000801', a_name: 'WEB_URL_1', a_url: 'https://example.com' },
  { id: '000000000000000000000802', a_name: 'Open_Ads_Fire', a_url: '' },
  { id: '000000000000000000000803', a_name: 'NTV_Ads_Fire', a_url: '' },
];

/** The live matches, counted whole (the admin list's total). */
export const liveMatchCounts = wholeCounts('live_matches');

/** The fire history's count and its fires' views and clicks, kept whole (its unsearched pages show them). */
export const fireTotals: KeptCounts = { ...wholeCounts('live_ad_fires'), sums: ['a_view', 'a_click'] };

/** The indexes of the lists' orders other than the date (0075). */
const LIVE_ORDER_INDEXES: OrderIndex[] = [
  { name: 'live_matches_title', table: 'live_matches', by: 'title', lowered: true },
  { name: 'live_matches_view', table: 'live_matches', by: 'view' },
  { name: 'live_ad_fires_name', table: 'live_ad_fires', by: 'a_name', lowered: true },
  { name: 'live_ad_fires_view', table: 'live_ad_fires', by: 'a_view' },
  { name: 'live_ad_fires_click', table: 'live_ad_fires', by: 'a_click' },
];

export const liveMatchesMigrations: Record<string, Migration> = {
  '0800_live_matches': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('live_matches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text', (c) => c.notNull())
        .addColumn('view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_matches_created_at')
        .on('live_matches')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('live_ad_fields')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('live_web_ads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('a_name', 'text', (c) => c.notNull().unique())
        .addColumn('a_url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('live_ad_fires')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('ads_type', 'text', (c) => c.notNull())
        .addColumn('a_name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('a_view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('a_click', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_ad_fires_created_at')
        .on('live_ad_fires')
        .column('created_at')
        .execute();
      await db.schema.createIndex('live_ad_fires_a_name').on('live_ad_fires').column('a_name').execute();

      const createdAt = new Date().toISOString();
      await (
        db as Kysely<{ live_web_ads: { id: string; a_name: string; a_url: string; created_at: string } }>
      )
        .insertInto('live_web_ads')
        .values(SEEDED_WEB_ADS.map((ad) => ({ ...ad, created_at: createdAt })))
        .execute();
    },
  },
  '0801_live_matches_counts_bigint': countsToBigint({
    live_matches: ['view'],
    live_ad_fires: ['a_view', 'a_click'],
  }),
  '0802_live_matches_newest_first_indexes': newestFirstIndexes([
    { name: 'live_matches_created_at', table: 'live_matches' },
    { name: 'live_ad_fires_created_at', table: 'live_ad_fires' },
  ]),
  /**
   * Fires belong to their ad by id, so a rename keeps the ad's views and clicks and a name used again
   * starts at 0. Fires made before are given the ad that holds their name now (none: null).
   */
  '0803_live_ad_fires_web_ad_id': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('live_ad_fires').addColumn('web_ad_id', 'text').execute();
      await sql`UPDATE live_ad_fires SET web_ad_id =
        (SELECT id FROM live_web_ads WHERE live_web_ads.a_name = live_ad_fires.a_name)`.execute(db);
      await db.schema
        .createIndex('live_ad_fires_web_ad_id')
        .on('live_ad_fires')
        .column('web_ad_id')
        .execute();
    },
  },
  /**
   * The newest fire ever made (one row, id 1), written with each fire: the app's latest fire is that one
   * while it exists, so deleting it from the history never brings an older fire back to the phones.
   * Starts as the newest fire there is (none: nulls).
   */
  '0804_live_ad_fire_latest': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('live_ad_fire_latest')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('fire_id', 'text')
        .addColumn('created_at', 'text')
        .execute();
      await sql`INSERT INTO live_ad_fire_latest (id, fire_id, created_at)
        SELECT 1, newest.id, newest.created_at FROM (SELECT 1 AS one) AS seed
        LEFT JOIN (SELECT id, created_at FROM live_ad_fires ORDER BY created_at DESC, id DESC LIMIT 1)
          AS newest ON 1 = 1`.execute(db);
    },
  },
  /** Planned live matches (issue 34): the planned times, their scheduler jobs, and a missed one's note. */
  '0806_live_matches_planned': {
    async up(db: Kysely<unknown>) {
      for (const column of ['planned_start', 'planned_end', 'start_job', 'end_job'])
        await db.schema.alterTable('live_matches').addColumn(column, 'text').execute();
      await db.schema
        .alterTable('live_matches')
        .addColumn('planned_note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
  '0810_live_matches_search': searchIndexMigration(liveMatchesSearch),
  '0811_live_ad_fires_search': searchIndexMigration(fireHistorySearch),
  // Issue 39: the live matches by title or views, and the fire history by ad name, views or clicks, walk an
  // index (0075).
  '0812_live_order_indexes': orderIndexes(LIVE_ORDER_INDEXES),
  // Issue 39: the admin list's total kept by triggers, not counted at each page (kept-counts.ts wholeCounts).
  '0813_live_matches_counts_kept': keptCountsMigration(liveMatchCounts),
  // Issue 39: PostgreSQL walks a lower-cased order's index alone with the column included (0077).
  '0814_live_name_indexes_included': loweredOrderIndexesAgain(LIVE_ORDER_INDEXES),
  // Issue 39: the fire history's count and sums kept by triggers, not summed over every fire at each page.
  '0815_live_ad_fire_totals_kept': keptCountsMigration(fireTotals),
};
