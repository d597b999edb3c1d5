import { sql, type Kysely, type Migration } from 'kysely';
import { countsToBigint } from '../../platform/db/bigint-counters.js';
import { keptCountsMigration, type KeptCounts } from '../../platform/db/kept-counts.js';
import { newestFirstIndexes, orderIndexes } from '../../platform/db/newest-first-indexes.js';
import { searchIndexMigration, type SearchIndex } from '../../platform/db/search-index.js';
import { posterlessIndex, processingColumns } from '../../platform/media/video-queue.migrations.js';

/** What the admin lists' `q` searches: the button's name and URL and a native ad's id (0051). */
export const storiesSearch: SearchIndex = { table: 'stories', columns: ['btn_name', 'btn_url', 'ntv_id'] };

/** Stories per kind and status, kept by the database (issue 39: the lists' totals without a count). */
export const storyCounts: KeptCounts = {
  table: 'stories',
  counts: 'story_counts',
  by: { ads_story: 'integer', status: 'integer' },
};

export const storiesMigrations: Record<string, Migration> = {
  '0300_stories': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stories')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ads_story', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ntv', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ntv_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('video', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('thembnal', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('story_time', 'double precision', (c) => c.notNull().defaultTo(10))
        .addColumn('btn_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('btn_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('click_btn_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_view_limit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_view_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_click_limit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_click_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stories_kind_created')
        .on('stories')
        .columns(['ads_story', 'created_at'])
        .execute();
    },
  },
  '0301_stories_counts_bigint': countsToBigint({ stories: ['view', 'click_btn_count'] }),
  '0302_stories_newest_first_index': newestFirstIndexes([
    { name: 'stories_kind_created', table: 'stories', leading: ['ads_story'] },
  ]),
  // The app's list, a page of active stories of one kind at a time (0048).
  '0303_stories_app_list_index': newestFirstIndexes([
    { name: 'stories_kind_status_created', table: 'stories', leading: ['ads_story', 'status'] },
  ]),
  '0304_stories_search': searchIndexMigration(storiesSearch),
  // Issue 35: a video story's video is processed as a library video is (faststart, the HLS ladder); the
  // stories already there are `ready` without HLS and keep playing their MP4 (0059).
  '0305_stories_processing': processingColumns('stories'),
  // The admin lists' preview shows the newest active story video (firstStoryVideo). Through the kind and
  // status index it walked every active image story before the first with a video: all of them when
  // there is none (60 ms at 100,000 on the event loop, bench:scale). This index holds only the candidates.
  '0306_stories_newest_video_index': {
    async up(db: Kysely<unknown>) {
      // The kind and status lead as in the other index, or SQLite's planner prefers that one.
      await sql`create index stories_newest_video on stories (ads_story, status, created_at, id)
        where video <> ''`.execute(db);
    },
  },
  '0307_stories_counts_kept': keptCountsMigration(storyCounts),
  // The poster backfill's walk seeks the rows without a poster instead of reading every ready row.
  '0308_stories_posterless_index': posterlessIndex('stories'),
  // Issue 39: each story list (videos or ads) by views or clicks walks an index (0075).
  '0309_stories_order_indexes': orderIndexes([
    { name: 'stories_kind_view', table: 'stories', leading: ['ads_story'], by: 'view' },
    { name: 'stories_kind_click', table: 'stories', leading: ['ads_story'], by: 'click_btn_count' },
  ]),
};
