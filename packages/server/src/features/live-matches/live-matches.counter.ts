import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './live-matches.repository.js';
import { LIVE_TAGS } from './live-matches.service.js';

/**
 * The matches' views, counted from app events. Heartbeats for a match that is switched off are dropped
 * (views still count); every write of a match, its status too, invalidates `matches`. No tag on every
 * count, here and for the fires: no cached reply holds their totals.
 */
export const liveMatchCounter: ItemCounter = {
  itemsTag: LIVE_TAGS.matches,
  items: (db, ids) => repo.countedLiveMatches(db, ids),
  async addTotals(db, changes) {
    await repo.addLiveMatchCounts(db, changes);
    return [];
  },
};

/** The fire history's views and clicks of each fire, counted from app events. */
export const liveAdFireCounter: ItemCounter = {
  itemsTag: LIVE_TAGS.fireItems,
  items: (db, ids) => repo.countedFires(db, ids),
  async addTotals(db, changes) {
    await repo.addFireCounts(db, changes);
    return [];
  },
};
