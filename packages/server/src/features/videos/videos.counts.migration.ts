import { keptCountsMigration, type KeptCounts } from '../../platform/db/kept-counts.js';

/**
 * The number of videos per category and web flag, kept by the database in the transaction of every write
 * of `videos` (platform/db/kept-counts.ts): a list's total is a sum of at most two rows a category.
 */
export const videoCounts: KeptCounts = {
  table: 'videos',
  counts: 'video_counts',
  by: { category_id: 'text', web: 'integer' },
};

export const videoCountsMigration = keptCountsMigration(videoCounts);

/**
 * The number of videos per category, web flag and day (the first ten characters of `created_at`, the ISO
 * date the server writes), kept as video_counts is: a deep page in date order starts from the day that
 * holds its first row (videoDayLandmark) instead of walking every video before it. Its triggers are named
 * `videos_by_day_counted_*` beside video_counts' `videos_counted_*`.
 */
export const videoDayCounts: KeptCounts = {
  table: 'videos',
  counts: 'video_day_counts',
  by: { category_id: 'text', web: 'integer', day: 'text' },
  made: { day: { columns: ['created_at'], of: (row) => `substr(${row}created_at, 1, 10)` } },
  triggers: 'videos_by_day',
};

export const videoDayCountsMigration = keptCountsMigration(videoDayCounts);
