import {
  FIRE_ONLY_ADS,
  MAIN_WEB_AD,
  webLiveAdMessages,
  type WebLiveAd,
} from '@streamdesk/contract/live-matches';
import {
  editVersionOf,
  foundAtVersion,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { trashMessages } from '@streamdesk/contract/trash';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { newId } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { createdNow, type LiveMatchesDeps } from './live-matches.common.js';
import type { Reverter } from '../../platform/activity/reverts.js';
import * as repo from './live-matches.repository.js';

/**
 * What the inline edit writes of a web live ad: its name and URL. Not the views and clicks, which its
 * fires count (the app changes them), nor its date.
 */
const WEB_AD_EDITABLE_FIELDS = ['a_name', 'a_url'] as const satisfies readonly (keyof repo.WebAdRow)[];

const webAdVersion = (row: repo.WebAdRow) => editVersionOf(row, WEB_AD_EDITABLE_FIELDS);

/** The website live ads: the ads the Fire button fires, each with the views and clicks of its fires. */
export function createWebLiveAds({ db, locks, trash }: Pick<LiveMatchesDeps, 'db' | 'locks' | 'trash'>) {
  // Its views and clicks are its fires', which stay while it is in the trash; no app read caches the ads.
  trash.register('web-live-ads', {
    feature: 'live-matches',
    changed: () => undefined,
    // An ad comes back only under a name no other ad holds now (names are unique).
    async check(trx, snapshot) {
      for (const row of snapshot.tables[0]?.[1] ?? [])
        if (await repo.findWebAdByName(trx, String(row.a_name)))
          throw conflict(trashMessages.webAdNameTaken(String(row.a_name)));
    },
  });

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

  /** An edit's rules and write: the fire-only ads stay, the main ad keeps its name, names are unique. */
  async function writeWebAd(existing: repo.WebAdRow, next: Pick<repo.WebAdRow, 'a_name' | 'a_url'>) {
    if (FIRE_ONLY_ADS.includes(existing.a_name)) throw badRequest(webLiveAdMessages.fireOnly);
    if (existing.a_name === MAIN_WEB_AD && next.a_name !== MAIN_WEB_AD)
      throw badRequest(webLiveAdMessages.mainCannotBeRenamed);
    await checkFreeName(next.a_name, existing.id);
    await repo.updateWebAd(db, existing.id, { a_name: next.a_name, a_url: next.a_url });
  }

  /** Writes an activity entry's before values back (0031), with an edit's rules, under the ad's lock. */
  const webAdReverter: Reverter = {
    owns: async (id) => (await repo.findWebAd(db, id)) !== undefined,
    fields: WEB_AD_EDITABLE_FIELDS,
    revert: (id, values, check) =>
      locks.run('live_web_ads', [id], async () => {
        const existing = await repo.findWebAd(db, id);
        if (!existing) throw notFound(webLiveAdMessages.notFound);
        check(existing);
        await writeWebAd(existing, { ...existing, ...values });
      }),
  };

  return {
    webAdReverter,
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
        await writeWebAd(existing, body);
        return { status: true, message: webLiveAdMessages.updated, data: await webAdById(existing.id) };
      });
    },

    async removeWebAds(ids: readonly string[]) {
      const rows = await deleteAllOrNone(db, ids, {
        find: repo.findWebAds,
        remove: repo.deleteWebAds,
        // To the trash, until restored or purged.
        trash: trash.rowsTo('web-live-ads', 'live_web_ads', (row) => ({
          label: `web live ad "${row.a_name}"`,
        })),
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
  };
}
