import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './inhouse-ads.repository.js';
import { INHOUSE_TAG } from './inhouse-ads.service.js';

/** The in-house ads' views and clicks, counted from app events. No tag: the app's reads carry no totals (toAppAd). */
export const inHouseAdCounter: ItemCounter = {
  itemsTag: INHOUSE_TAG,
  items: (db, ids) => repo.countedInHouseAds(db, ids),
  async addTotals(db, changes) {
    await repo.addInHouseAdCounts(db, changes);
    return [];
  },
};
