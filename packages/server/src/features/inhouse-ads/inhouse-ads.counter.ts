import { tablesOf } from '../../platform/db/database.js';
import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './inhouse-ads.repository.js';
import { INHOUSE_TAG } from './inhouse-ads.service.js';

/** The in-house ads' views and clicks, counted from app events. No tag: the app's reads carry no totals (toAppAd). */
export const inHouseAdCounter: ItemCounter = {
  itemsTag: INHOUSE_TAG,
  items: (db) => repo.countedInHouseAds(tablesOf<repo.InHouseAdsTables>(db)),
  async addTotals(db, changes) {
    await repo.addInHouseAdCounts(tablesOf<repo.InHouseAdsTables>(db), changes);
    return [];
  },
};
