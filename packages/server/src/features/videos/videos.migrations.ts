import type { Kysely, Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';
import {
  newestFirstIndexes,
  loweredOrderIndexesAgain,
  orderIndexes,
  type OrderIndex,
} from '../../platform/db/newest-first-indexes.js';
import { videoCountsMigration, videoDayCountsMigration } from './videos.counts.migration.js';
import { posterlessIndex, processingColumns } from '../../platform/media/video-queue.migrations.js';
import { searchBlocksMigration } from '../../platform/db/search-blocks.js';
import { searchSpansMigration } from '../../platform/db/search-spans.js';
import { searchGroupsMigration } from '../../platform/db/search-groups.js';
import { foldedSearchMigration, searchGramsMigration } from '../../platform/db/search-folded.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';

/** What the library's `q` searches (0035). */
export const videosSearch: SearchIndex = {
  table: 'videos',
  columns: ['title', 'file_name'],
  folded: true,
  blocks: true,
  group: 'category_id',
  spans: true,
};

/** The indexes of the lists' orders other than the date (0075). */
const VIDEO_ORDER_INDEXES: OrderIndex[] = (['title', 'duration', 'views'] as const).flatMap((by) => [
  { name: `videos_${by}`, table: 'videos', by, lowered: by === 'title' },
  {
    name: `videos_category_${by}`,
    table: 'videos',
    leading: ['category_id'],
    by,
    lowered: by === 'title',
  },
]);

export const videosMigrations: Record<string, Migration> = {
  '1300_videos': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('videos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('category_id', 'text', (c) =>
          c.notNull().references('video_categories.id').onDelete('cascade'),
        )
        .addColumn('video', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text', (c) => c.notNull())
        .addColumn('web', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('videos_category_created')
        .on('videos')
        .columns(['category_id', 'created_at'])
        .execute();
      await db.schema.createIndex('videos_web_created').on('videos').columns(['web', 'created_at']).execute();
    },
  },
  '1301_videos_counts_bigint': countsToBigint({ videos: ['views'] }),
  // The library's default view (every category) had no index at all.
  '1302_videos_newest_first_indexes': newestFirstIndexes([
    { name: 'videos_created', table: 'videos' },
    { name: 'videos_category_created', table: 'videos', leading: ['category_id'] },
    { name: 'videos_web_created', table: 'videos', leading: ['web'] },
  ]),
  // Issue 35: the library keeps each video's own name, an editable title and what the probe read. A video
  // uploaded before has none: '' and 0, shown as its stored file's name and "unknown" (0035-video-library.md).
  '1303_videos_library_fields': {
    async up(db: Kysely<unknown>) {
      const columns: [string, 'text' | 'real' | 'integer', string | number][] = [
        ['title', 'text', ''],
        ['file_name', 'text', ''],
        ['duration', 'real', 0],
        ['width', 'integer', 0],
        ['height', 'integer', 0],
        ['size', 'bigint' as 'integer', 0],
      ];
      for (const [name, type, fallback] of columns)
        await db.schema
          .alterTable('videos')
          .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
          .execute();
    },
  },
  // Issue 35: the processing queue lives on the video's row (platform/media/video-queue.ts). Videos already in the library
  // are `ready` without HLS: they play their MP4 as before, and a start does not queue hours of transcoding
  // for a library that served fine (docs/decisions/0044-video-processing.md).
  '1304_videos_processing': processingColumns('videos'),
  // Issue 39: the lists' totals kept in the writes' transactions (videos.counts.migration.ts).
  '1305_videos_counts_kept': videoCountsMigration,
  // Issue 39: the library's search through an index (0048).
  '1310_videos_search': searchIndexMigration(videosSearch),
  // Issue 39: the library's category + web filter, walked by its deep pages' ids (pageOfVideos).
  '1311_videos_category_web_newest_first': newestFirstIndexes([
    { name: 'videos_category_web_created', table: 'videos', leading: ['category_id', 'web'] },
  ]),
  // Issue 39: the public feed (web videos of the active categories, newest first) walks (web, created_at,
  // id) and read each entry's table row for its category; with the category in the index the deep pages'
  // walk reads no row: page 5000 of 100,000 videos 37 -> 14 ms on SQLite, 215 -> 29 ms on PostgreSQL (0047).
  '1312_videos_feed_covering': newestFirstIndexes([
    { name: 'videos_web_created', table: 'videos', leading: ['web'], covering: ['category_id'] },
  ]),
  // The poster backfill's walk seeks the rows without a poster instead of reading every ready row.
  '1313_videos_posterless_index': posterlessIndex('videos'),
  // Issue 39: PostgreSQL searches one folded column (title and file name lower-cased, kept by a trigger)
  // through one trigram index (0048). Filling it rewrites every row once: 65 s and 7 s for the index at a
  // million videos (load 11).
  '1314_videos_search_folded': foldedSearchMigration(videosSearch),
  // Issue 39: a search holding punctuation (`1.mp4`) through a trigram index that sees it (search-folded.ts
  // GRAMS): pg_trgm reads only letters and digits, so it found every row holding `mp4`.
  '1315_videos_search_grams': searchGramsMigration(videosSearch),
  // Issue 39: SQLite keeps the newest date of each block of rowids, so a broad search's first pages are
  // read from its matches with the highest rowids where no row written before them is newer (search-blocks.ts).
  '1316_videos_search_blocks': searchBlocksMigration(videosSearch),
  // Issue 39: a search within one category reads only that category's matches (search-groups.ts, 0067).
  '1317_videos_search_groups': searchGroupsMigration(videosSearch),
  // Issue 39: PostgreSQL reads a search in date order ten days and a day at a time (search-spans.ts, 0069).
  '1318_videos_search_spans': searchSpansMigration(videosSearch),
  // Issue 39: a deep page in date order starts from the day of its first row (videos.counts.migration.ts).
  '1319_videos_day_counts_kept': videoDayCountsMigration,
  // Issue 39: the library by title, duration or views, every category or one, walks an index (0075).
  '1320_videos_order_indexes': orderIndexes(VIDEO_ORDER_INDEXES),
  // Issue 39: PostgreSQL walks a lower-cased order's index alone with the column included (0077).
  '1321_videos_title_indexes_included': loweredOrderIndexesAgain(VIDEO_ORDER_INDEXES),
};
