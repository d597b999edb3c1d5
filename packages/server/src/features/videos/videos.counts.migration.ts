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
