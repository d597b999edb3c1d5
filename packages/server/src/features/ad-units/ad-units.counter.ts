import type { AdPlatform } from '@streamdesk/contract/ad-units';
import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './ad-units.repository.js';
import { AD_UNITS_TAG, type webAdEntities } from './ad-units.service.js';

/**
 * A platform's web ads' clicks, counted from app events: the lifetime `a_click` total, and the per-day
 * rows that the lists' date ranges and the range clears use (docs/decisions/0014-ad-units.md).
 * No tag: the app's config carries no clicks. The counter learns the web ads' ids on AD_UNITS_TAG.
 */
function webAdCounter(platform: AdPlatform): ItemCounter {
  return {
    itemsTag: AD_UNITS_TAG,
    items: (db, ids) => repo.countedWebAds(db, platform, ids),
    async addTotals(db, changes) {
      await repo.addWebAdCounts(db, changes);
      return [];
    },
    async addDays(db, days) {
      for (const day of days)
        if (day.kind === 'click') await repo.recordWebAdClicks(db, platform, day.id, day.day, day.count);
    },
    async clearDays(db, id, range) {
      await repo.deleteClicksInRange(db, [id], range.startDate, range.endDate);
    },
  };
}

/** Each platform's web ad counter, by its event entity (webAdEntities). */
export const webAdCounters = {
  webAd: webAdCounter('android'),
  iosWebAd: webAdCounter('ios'),
} satisfies Record<(typeof webAdEntities)[AdPlatform], ItemCounter>;
