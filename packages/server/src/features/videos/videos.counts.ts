import * as repo from './videos.repository.js';
import type { AppDb } from '../../platform/db/database.js';

/**
 * The video counts the lists show. The database keeps them per category and web flag in the transaction
 * of every write (videos.counts.migration.ts), so a read sums a few rows and is exact at once after any
 * write, this process's, a peer's or a hand-made one. Before, a count read every matching row and was
 * kept in memory until the next write: the first read after a web toggle took 110-180 ms at a million
 * videos (issue 39). A search's own count is bounded (searchedVideos, 0063).
 */
export function keptCounts(db: AppDb) {
  return {
    /** The videos of each category. */
    byCategory: () => repo.countByCategory(db),
    /** The videos a list's filter matches. */
    matching: (filter: repo.UnsearchedFilter) => repo.countVideos(db, filter),
  };
}
