import { adsTypeOf, webLiveAdMessages, type AdFire, type AdsType } from '@streamdesk/contract/live-matches';
import { newId } from '../../platform/db/values.js';
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

/** Fire and the fire history: what the app shows as the latest fired ad, and each fire's counts. */
export function createFireHistory({
  db,
  cache,
  forgetCounts,
}: Pick<LiveMatchesDeps, 'db' | 'cache' | 'forgetCounts'>) {
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

    async history(page: number, limit: number) {
      const { rows, total, views, clicks } = await repo.listFires(db, page, limit);
      return {
        status: true,
        message: webLiveAdMessages.historyFetched,
        data: rows.map(toFire),
        totalPage: totalPages(total, limit),
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
      const unique = [...new Set(ids)];
      const { deleted: result, newest } = await db.transaction().execute(async (trx) => {
        const deleted = await repo.deleteFires(trx, unique);
        if (Number(deleted.numDeletedRows) !== unique.length)
          throw notFound(webLiveAdMessages.historyNotFound);
        await forgetCounts.liveAdFire(trx, unique);
        return { deleted, newest: await repo.newestFireId(trx) };
      });
      if (newest !== undefined && unique.includes(newest)) cache.invalidate(LIVE_TAGS.fire);
      cache.invalidate(LIVE_TAGS.fireItems);
      return {
        status: true,
        message: webLiveAdMessages.historyDeleted,
        deleted: Number(result.numDeletedRows),
      };
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
