import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './reels.repository.js';
import { REEL_ITEMS_TAG, REELS_TAG } from './reels.service.js';

/**
 * The reels' views and clicks, counted from app events. Unlike stories, reels count into their main tag:
 * the reels page is the app's read and the back office's list alike (one spec path, no token, and the
 * spec's Reel carries view and click), so a flush that counted reels must refresh it.
 */
export const reelCounter: ItemCounter = {
  itemsTag: REEL_ITEMS_TAG,
  items: (db, ids) => repo.countedReels(db, ids),
  async addTotals(db, changes) {
    await repo.addReelCounts(db, changes);
    return [REELS_TAG];
  },
};
