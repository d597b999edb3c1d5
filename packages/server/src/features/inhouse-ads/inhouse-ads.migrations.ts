import type { Kysely, Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';
import { keptCountsMigration, type KeptCounts } from '../../platform/db/kept-counts.js';
import { newestFirstIndexes } from '../../platform/db/newest-first-indexes.js';
import { searchBlocksMigration } from '../../platform/db/search-blocks.js';
import { foldedSearchMigration, searchGramsMigration } from '../../platform/db/search-folded.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';
import { posterlessIndex, processingColumns } from '../../platform/media/video-queue.migrations.js';

/** What the list's `q` searches. */
export const inHouseAdsSearch: SearchIndex = {
  table: 'inhouse_ads',
  columns: ['main_title', 'sub_title', 'description', 'call_to_action'],
  folded: true,
  blocks: true,
};

/** Ads per status, kept by the database (issue 39: the list's total without a count). */
export const inHouseAdCounts: KeptCounts = {
  table: 'inhouse_ads',
  counts: 'inhouse_ad_counts',
  by: { status: 'integer' },
};

export const inHouseAdsMigrations: Record<string, Migration> = {
  '1000_inhouse_ads': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('inhouse_ads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('main_title', 'text', (c) => c.notNull())
        .addColumn('sub_title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('med_type', 'text', (c) => c.notNull())
        .addColumn('call_to_action', 'text', (c) => c.notNull())
        .addColumn('btn_name', 'text', (c) => c.notNull())
        .addColumn('web_stay_time', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ad_type', 'text', (c) => c.notNull())
        // Media URLs (`/media/inhouse-ads/...`); thumbnail only for videos.
        .addColumn('icon', 'text', (c) => c.notNull())
        .addColumn('med_view', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text')
        // Lifetime totals, counted into from app events (inhouse-ads.counter.ts).
        .addColumn('view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('inhouse_ads_created').on('inhouse_ads').column('created_at').execute();
      await db.schema
        .createIndex('inhouse_ads_status_created')
        .on('inhouse_ads')
        .columns(['status', 'created_at'])
        .execute();
    },
  },
  '1001_inhouse_ads_counts_bigint': countsToBigint({ inhouse_ads: ['view', 'click_count'] }),
  '1002_inhouse_ads_newest_first_indexes': newestFirstIndexes([
    { name: 'inhouse_ads_created', table: 'inhouse_ads' },
    { name: 'inhouse_ads_status_created', table: 'inhouse_ads', leading: ['status'] },
  ]),
  '1003_inhouse_ads_search': searchIndexMigration(inHouseAdsSearch),
  // Issue 35: a video ad's video (`med_view`) is processed as a library video is (faststart, the HLS
  // ladder); the ads already there are `ready` without HLS and keep playing their MP4 (0059).
  '1004_inhouse_ads_processing': processingColumns('inhouse_ads'),
  '1005_inhouse_ads_counts_kept': keptCountsMigration(inHouseAdCounts),
  // The poster backfill's walk seeks the rows without a poster instead of reading every ready row.
  '1006_inhouse_ads_posterless_index': posterlessIndex('inhouse_ads'),
  // Issue 39: PostgreSQL searches one folded column (its four columns, lower-cased, kept by a trigger)
  // through one trigram index: a row found is checked by one LIKE, not four ILIKEs (0048).
  '1007_inhouse_ads_search_folded': foldedSearchMigration(inHouseAdsSearch),
  // Issue 39: a search holding punctuation (`1.mp4`) through a trigram index that sees it (search-folded.ts
  // GRAMS): pg_trgm reads only letters and digits, so it found every row holding `mp4`.
  '1008_inhouse_ads_search_grams': searchGramsMigration(inHouseAdsSearch),
  // Issue 39: SQLite keeps the newest date of each block of rowids, so a broad search's first pages are
  // read from its matches with the highest rowids where no row written before them is newer (search-blocks.ts).
  '1009_inhouse_ads_search_blocks': searchBlocksMigration(inHouseAdsSearch),
};
