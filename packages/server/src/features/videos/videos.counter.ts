import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './videos.repository.js';

/**
 * The videos' views, counted from app events. No tag: the feed and the app lists carry no view totals,
 * so counting rebuilds nothing. Every write of a video or a category invalidates `videos` (CATEGORY_TAGS).
 */
export const videoCounter: ItemCounter = {
  itemsTag: 'videos',
  items: (db, ids) => repo.countedVideos(db, ids),
  async addTotals(db, changes) {
    await repo.addVideoCounts(db, changes);
    return [];
  },
};
