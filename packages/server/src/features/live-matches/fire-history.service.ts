import {
  adsTypeOf,
  fireHistoryDeletedMessage,
  webLiveAdMessages,
  type AdFire,
  type AdsType,
} from '@streamdesk/contract/live-matches';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { PageBoundaries } from '../../platform/db/page-boundaries.js';
import { newId } from '../../platform/db/values.js';
import { forgetItems } from '../../platform/trash/trash-bin.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { createdNow, LIVE_TAGS, totalPages, type LiveMatchesDeps } from './live-matches.common.js';
import * as repo from './live-matches.repository.js';

const toFire = (row: repo.FireRow): AdFire => ({
  _id: row.id,
  Adstype: row.ads_type as AdsType,
  a_name: row.a_name,
  url: row.url,
  a_view: Number(row.a_view),
  a_click: Number(row.a_click),
  createdAt: row.created_at,
});

/** A fire on the Trash screen: the ad it fired and when (UTC: the trash keeps no time zone). */
const fireLabel = (row: repo.FireRow) =>
  `fire of "${row.a_name}" at ${row.created_at.slice(0, 16).replace('T', ' ')} UTC`;

/** Fire and the fire history: what the app shows as the latest fired ad, and each fire's counts. */
export function createFireHistory({
  db,
  readDb,
  dialect,
  cache,
  forgetCounts,
  trash,
}: Pick<LiveMatchesDeps, 'db' | 'readDb' | 'dialect' | 'cache' | 'forgetCounts' | 'trash'>) {
  // A restored fire is counted again, and is the app's latest fire again if it was the newest (an Undo).
  trash.register('live-ad-fires', {
    feature: 'live-matches',
    changed: () => {
      cache.invalidate(LIVE_TAGS.fire);
      cache.invalidate(LIVE_TAGS.fireItems);
    },
    forget: forgetItems(forgetCounts.liveAdFire),
  });

  // Deep pages by date or name start from a page read before; every fire, delete and restore of a fire
  // invalidates fireItems (also from another server process through cache-sync) and moves them.
  const boundaries = PageBoundaries.forgetOn(cache, LIVE_TAGS.fireItems);

  return {
    /**
     * Fires a stored ad with its own type. The fire takes the ad's stored URL, not the one sent: the apps
     * open it, and a stale or forged URL must not reach them (the fire-only ads store none).
     */
    async fire(body: { Adstype: AdsType; a_name: string }) {
      const ad = await repo.findWebAdByName(db, body.a_name);
      if (!ad) throw notFound(webLiveAdMessages.fireUnknownName);
      const type = adsTypeOf(ad.a_name);
      if (body.Adstype !== type)
        throw badRequest(`Adstype: ${webLiveAdMessages.adsTypeMismatch} (${ad.a_name} fires as ${type})`);
      const row: repo.FireRow = {
        id: newId(),
        ads_type: type,
        a_name: ad.a_name,
        url: ad.a_url,
        a_view: 0,
        a_click: 0,
        created_at: createdNow(),
        web_ad_id: ad.id,
      };
      await repo.insertFire(db, row);
      cache.invalidate(LIVE_TAGS.fire);
      cache.invalidate(LIVE_TAGS.fireItems);
      return { status: true, message: webLiveAdMessages.fired, data: toFire(row) };
    },

    async history(query: Parameters<typeof repo.listFires>[2]) {
      const { rows, total, views, clicks } = await repo.listFires(readDb, dialect, query, boundaries);
      return {
        status: true,
        message: webLiveAdMessages.historyFetched,
        data: rows.map(toFire),
        totalPage: totalPages(total, query.limit),
        total,
        totalViews: views,
        totalClicks: clicks,
      };
    },

    /**
     * Deleting the newest fire withdraws it: the app's latest fire becomes none until the next fire, never
     * an older fire (the app would show it again). Other fires leave the app's read as it was.
     */
    async removeHistory(ids: readonly string[]) {
      const deleted = await deleteAllOrNone(db, ids, {
        find: repo.findFires,
        remove: repo.deleteFires,
        // To the trash with their counts, until restored or purged.
        trash: trash.rowsTo('live-ad-fires', 'live_ad_fires', (row) => ({ label: fireLabel(row) })),
        missing: () => notFound(webLiveAdMessages.historyNotFound),
      });
      // The newest fire ever made, deleted or not: the app's latest fire only while it is in the history.
      const newest = await repo.newestFireId(db);
      if (newest !== undefined && deleted.some((r) => r.id === newest)) cache.invalidate(LIVE_TAGS.fire);
      cache.invalidate(LIVE_TAGS.fireItems);
      return { status: true, message: fireHistoryDeletedMessage(deleted.length), deleted: deleted.length };
    },

    appLatestFire: () =>
      cache.get('live-matches:latest-fire', [LIVE_TAGS.fire], async () => {
        const row = await repo.latestFire(db);
        return {
          status: true,
          // A read: 'Ad fired successfully' here read as if the request had fired one.
          message: row ? webLiveAdMessages.latestFire : webLiveAdMessages.noFire,
          data: row
            ? {
                _id: row.id,
                Adstype: row.ads_type,
                a_name: row.a_name,
                url: row.url,
                createdAt: row.created_at,
              }
            : null,
        };
      }),
  };
}
