import { launchListRead } from '../../platform/registries.js';
import {
  FIRE_ONLY_ADS,
  MAIN_WEB_AD,
  adsTypeOf,
  liveAdMessages,
  liveMatchMessages,
  webLiveAdMessages,
  type AdFire,
  type AdsType,
  type AppLiveMatch,
  type LiveAdMap,
  type LiveMatch,
  type WebLiveAd,
} from '@streamdesk/contract/live-matches';
import type { AppCache } from '../../platform/app-cache.js';
import {
  checkEditVersion,
  editVersionOf,
  foundAtVersion,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import type { DialectName } from '../../platform/db/database.js';
import { fromDbBool, newId, toDbBool } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import type { MediaStore, SavedMedia } from '../../platform/media/media-store.js';
import type { RecordLocks } from '../../platform/record-locks.js';
import * as repo from './live-matches.repository.js';

/** Cache tags of the app-facing reads; every write of the feature invalidates the ones it touches. */
export const LIVE_TAGS = {
  matches: 'liveMatches',
  liveAds: 'liveAds',
  fire: 'liveAdFire',
  /**
   * The fires' `itemsTag`: a fire or a delete of fires invalidates it, so the event counter learns the
   * ids (`fire` is invalidated only when the latest fire changes). The matches' is `matches`: every
   * write of a match invalidates it, its status too, as the counter drops heartbeats for a match that is
   * switched off.
   */
  fireItems: 'liveAdFireItems',
} as const;

export interface LiveMatchesDeps {
  db: repo.Db;
  dialect: DialectName;
  media: MediaStore;
  cache: AppCache;
  locks: RecordLocks;
  /** Remove deleted matches' and fires' counted days (the analytics feature's). */
  forgetCounts: { liveMatch: ForgetCounts; liveAdFire: ForgetCounts };
  /** The controller's liveMatch switch (the Running badge). */
  liveMatchRunning: () => Promise<boolean>;
}

/**
 * What the inline edit writes of a match: its version covers these, not the view count the app changes
 * nor the status the edit never sends (docs/decisions/0009-edit-conflicts.md).
 */
const EDITABLE_FIELDS = ['title', 'url', 'thumbnail'] as const satisfies readonly (keyof repo.LiveMatchRow)[];

/**
 * What the inline edit writes of a web live ad: its name and URL. Not the views and clicks, which its
 * fires count (the app changes them), nor its date.
 */
const WEB_AD_EDITABLE_FIELDS = ['a_name', 'a_url'] as const satisfies readonly (keyof repo.WebAdRow)[];

const matchVersion = (row: repo.LiveMatchRow) => editVersionOf(row, EDITABLE_FIELDS);
const webAdVersion = (row: repo.WebAdRow) => editVersionOf(row, WEB_AD_EDITABLE_FIELDS);

const toMatch = (row: repo.LiveMatchRow): LiveMatch => ({
  _id: row.id,
  title: row.title,
  url: row.url,
  thumbnail: row.thumbnail,
  view: Number(row.view),
  createdAt: row.created_at,
  status: fromDbBool(row.status),
  version: matchVersion(row),
});

/** The live-call ad fields' version: of the whole map, names and values in their order. */
const liveAdsVersion = (map: LiveAdMap) => editVersionOf(map, Object.keys(map));

/** The key of the live-call ad fields in the record locks: the map is saved as one record. */
const LIVE_AD_FIELDS_LOCK = ['live_ad_fields', ['map']] as const;

const toAppMatch = (row: repo.LiveMatchRow): AppLiveMatch => ({
  _id: row.id,
  title: row.title,
  url: row.url,
  thumbnail: row.thumbnail,
  createdAt: row.created_at,
});

const toFire = (row: repo.FireRow): AdFire => ({
  _id: row.id,
  Adstype: row.ads_type as AdsType,
  a_name: row.a_name,
  url: row.url,
  a_view: Number(row.a_view),
  a_click: Number(row.a_click),
  createdAt: row.created_at,
});

/**
 * Creation times strictly increase within the process, so "newest first" is exact even for writes in
 * the same millisecond (ids only order by the second).
 */
let lastCreated = 0;
function createdNow(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

/** 0 for an empty list, as every other paged list of the API answers (the screens show no pager then). */
const totalPages = (total: number, limit: number) => Math.ceil(total / limit);

export function createLiveMatchesService({
  db,
  dialect,
  media,
  cache,
  locks,
  forgetCounts,
  liveMatchRunning,
}: LiveMatchesDeps) {
  /** Views and clicks by ad id: fires belong to the ad they fired, whatever its name is now. */
  const webAdTotals = async () => {
    const totals = new Map<string, { views: number; clicks: number }>();
    for (const t of await repo.fireTotalsByAd(db))
      totals.set(t.web_ad_id!, { views: Number(t.views ?? 0), clicks: Number(t.clicks ?? 0) });
    return totals;
  };

  const toWebAd = (
    row: repo.WebAdRow,
    totals: Map<string, { views: number; clicks: number }>,
  ): WebLiveAd => ({
    _id: row.id,
    a_name: row.a_name,
    a_url: row.a_url,
    a_view: totals.get(row.id)?.views ?? 0,
    a_click: totals.get(row.id)?.clicks ?? 0,
    createdAt: row.created_at,
    version: webAdVersion(row),
  });

  const webAdById = async (id: string) => {
    const row = await repo.findWebAd(db, id);
    if (!row) throw notFound(webLiveAdMessages.notFound);
    return toWebAd(row, await webAdTotals());
  };

  const checkFreeName = async (name: string, ownId?: string) => {
    if (FIRE_ONLY_ADS.includes(name)) throw badRequest(webLiveAdMessages.reservedName);
    const other = await repo.findWebAdByName(db, name);
    if (other && other.id !== ownId) throw conflict(webLiveAdMessages.duplicateName);
  };

  const liveAdMap = async (): Promise<LiveAdMap> =>
    Object.fromEntries((await repo.listAdFields(db)).map((f) => [f.name, f.value]));

  const activeMatches = async () => (await repo.listActiveLiveMatches(db)).map(toAppMatch);

  return {
    // Live matches ------------------------------------------------------------------------------------
    async list(query: { page: number; limit: number; q?: string | undefined }) {
      const [{ rows, total }, running] = await Promise.all([
        repo.listLiveMatches(db, dialect, query),
        liveMatchRunning(),
      ]);
      return {
        status: true,
        message: liveMatchMessages.listed,
        data: rows.map(toMatch),
        totalPage: totalPages(total, query.limit),
        liveMatch: running,
      };
    },

    async add(fields: { title: string; url: string }, image: SavedMedia) {
      const row: repo.LiveMatchRow = {
        id: newId(),
        title: fields.title,
        url: fields.url,
        thumbnail: image.url,
        view: 0,
        status: 1,
        created_at: createdNow(),
      };
      await repo.insertLiveMatch(db, row);
      cache.invalidate(LIVE_TAGS.matches);
      return { status: true, message: liveMatchMessages.added, data: toMatch(row) };
    },

    /**
     * Edits the text and, when a new image came, swaps the image (the old file is removed after). An
     * edit sent with the version its row was listed at is refused (409) when the match changed since;
     * the caller then removes the uploaded image.
     */
    edit(
      fields: { _id: string; title: string; url: string; version?: string | undefined },
      image: SavedMedia | undefined,
    ) {
      const sent = readEditVersion(fields.version);
      return locks.run('live_matches', [fields._id], async () => {
        const found = await repo.findLiveMatch(db, fields._id);
        const existing = foundAtVersion(found, sent, matchVersion, liveMatchMessages);
        const changes = { title: fields.title, url: fields.url, ...(image ? { thumbnail: image.url } : {}) };
        await repo.updateLiveMatch(db, existing.id, changes);
        if (image) await media.remove(existing.thumbnail);
        cache.invalidate(LIVE_TAGS.matches);
        return {
          status: true,
          message: liveMatchMessages.updated,
          data: toMatch({ ...existing, ...changes }),
        };
      });
    },

    remove(ids: readonly string[]) {
      return locks.run('live_matches', ids, async () => {
        const rows = await deleteAllOrNone(db, ids, {
          find: repo.findLiveMatches,
          remove: async (trx, unique) => {
            await repo.deleteLiveMatches(trx, unique);
            await forgetCounts.liveMatch(trx, unique);
          },
          missing: () => notFound(liveMatchMessages.notFound),
        });
        await Promise.all(rows.map((r) => media.remove(r.thumbnail)));
        cache.invalidate(LIVE_TAGS.matches);
        return { status: true, message: liveMatchMessages.deleted, deleted: rows.length };
      });
    },

    setStatus(id: string, status: boolean) {
      return locks.run('live_matches', [id], async () => {
        const existing = await repo.findLiveMatch(db, id);
        if (!existing) throw notFound(liveMatchMessages.notFound);
        await repo.updateLiveMatch(db, id, { status: toDbBool(status) });
        cache.invalidate(LIVE_TAGS.matches);
        return {
          status: true,
          message: liveMatchMessages.statusChanged,
          data: toMatch({ ...existing, status: toDbBool(status) }),
        };
      });
    },

    /** The app's active matches, a launch list (versioned). */
    appList: launchListRead(cache, 'live-matches:active', [LIVE_TAGS.matches], async () => ({
      status: true,
      message: liveMatchMessages.listed,
      data: await activeMatches(),
    })),

    // Live-call ad fields --------------------------------------------------------------------------------
    liveAdMap,

    async liveAds() {
      const data = await liveAdMap();
      return { status: true, message: liveAdMessages.fetched, data, version: liveAdsVersion(data) };
    },

    /**
     * Replaces the map. Sent with the version it was read at, the save is refused (409) when the map
     * changed since: checked under the map's lock (on PostgreSQL an advisory lock too), in the
     * transaction that replaces it, before anything is written.
     */
    saveLiveAds(body: { fields: LiveAdMap; version?: string | undefined }) {
      const sent = readEditVersion(body.version);
      return locks.run(...LIVE_AD_FIELDS_LOCK, async () => {
        await repo.replaceAdFields(db, Object.entries(body.fields), async (trx) => {
          const current = Object.fromEntries((await repo.listAdFields(trx)).map((f) => [f.name, f.value]));
          checkEditVersion(sent, liveAdsVersion(current), liveAdMessages.conflictThing);
        });
        cache.invalidate(LIVE_TAGS.liveAds);
        const data = await liveAdMap();
        return { status: true, message: liveAdMessages.saved, data, version: liveAdsVersion(data) };
      });
    },

    // Website live ads ------------------------------------------------------------------------------------
    async webAds() {
      const [rows, totals] = await Promise.all([repo.listWebAds(db), webAdTotals()]);
      return { status: true, message: webLiveAdMessages.fetched, data: rows.map((r) => toWebAd(r, totals)) };
    },

    async addWebAd(body: { a_name: string; a_url: string }) {
      await checkFreeName(body.a_name);
      const id = newId();
      await repo.insertWebAd(db, { id, a_name: body.a_name, a_url: body.a_url, created_at: createdNow() });
      return { status: true, message: webLiveAdMessages.added, data: await webAdById(id) };
    },

    /**
     * Edits an ad's name and URL. An edit sent with the version its row was listed at is refused (409)
     * when the ad changed since: checked under the ad's lock (on PostgreSQL an advisory lock too),
     * before anything is written.
     */
    editWebAd(body: { _id: string; a_name: string; a_url: string; version?: string | undefined }) {
      const sent = readEditVersion(body.version);
      return locks.run('live_web_ads', [body._id], async () => {
        const found = await repo.findWebAd(db, body._id);
        const existing = foundAtVersion(found, sent, webAdVersion, webLiveAdMessages);
        if (FIRE_ONLY_ADS.includes(existing.a_name)) throw badRequest(webLiveAdMessages.fireOnly);
        if (existing.a_name === MAIN_WEB_AD && body.a_name !== MAIN_WEB_AD)
          throw badRequest(webLiveAdMessages.mainCannotBeRenamed);
        await checkFreeName(body.a_name, existing.id);
        await repo.updateWebAd(db, existing.id, { a_name: body.a_name, a_url: body.a_url });
        return { status: true, message: webLiveAdMessages.updated, data: await webAdById(existing.id) };
      });
    },

    async removeWebAds(ids: readonly string[]) {
      const rows = await deleteAllOrNone(db, ids, {
        find: repo.findWebAds,
        remove: repo.deleteWebAds,
        missing: () => notFound(webLiveAdMessages.notFound),
        check: (found) => {
          if (found.some((r) => r.a_name === MAIN_WEB_AD))
            throw badRequest(webLiveAdMessages.mainCannotBeDeleted);
          if (found.some((r) => FIRE_ONLY_ADS.includes(r.a_name)))
            throw badRequest(webLiveAdMessages.fireOnly);
        },
      });
      return { status: true, message: webLiveAdMessages.deleted, deleted: rows.length };
    },

    // Fire and history ------------------------------------------------------------------------------------
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

export type LiveMatchesService = ReturnType<typeof createLiveMatchesService>;
