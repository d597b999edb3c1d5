import { liveAdMessages, type LiveAdMap } from '@streamdesk/contract/live-matches';
import {
  checkEditVersion,
  editVersionOf,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import type { Reverter } from '../../platform/activity/reverts.js';
import { LIVE_TAGS, type LiveMatchesDeps } from './live-matches.common.js';
import * as repo from './live-matches.repository.js';

/** The live-call ad fields' version: of the whole map, names and values in their order. */
const liveAdsVersion = (map: LiveAdMap) => editVersionOf(map, Object.keys(map));

/** The item id of the live-call ad fields in the activity log (they are one record). */
export const LIVE_AD_FIELDS_ITEM = 'live-ads';

/** The key of the live-call ad fields in the record locks: the map is saved as one record. */
const LIVE_AD_FIELDS_LOCK = ['live_ad_fields', ['map']] as const;

/** The live-call ad fields: one map of names to ad ids that the app reads with its launch reply. */
export function createLiveAdFields({ db, cache, locks }: Pick<LiveMatchesDeps, 'db' | 'cache' | 'locks'>) {
  const liveAdMap = async (): Promise<LiveAdMap> =>
    Object.fromEntries((await repo.listAdFields(db)).map((f) => [f.name, f.value]));

  /** Writes an activity entry's before values back (0031): a field it added goes, one it removed returns. */
  const liveAdsReverter: Reverter = {
    owns: (id) => Promise.resolve(id === LIVE_AD_FIELDS_ITEM),
    fields: undefined,
    revert: (_id, values, check) =>
      locks.run(...LIVE_AD_FIELDS_LOCK, async () => {
        const current: Record<string, string | null> = await liveAdMap();
        check(current);
        for (const [name, value] of Object.entries(values)) current[name] = value as string | null;
        const kept = Object.entries(current).filter((f): f is [string, string] => typeof f[1] === 'string');
        await repo.replaceAdFields(db, kept);
        cache.invalidate(LIVE_TAGS.liveAds);
      }),
  };

  return {
    liveAdsReverter,
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
          noteActivity({
            itemId: LIVE_AD_FIELDS_ITEM,
            label: 'live call ad fields',
            before: current,
            after: body.fields,
          });
        });
        cache.invalidate(LIVE_TAGS.liveAds);
        const data = await liveAdMap();
        return { status: true, message: liveAdMessages.saved, data, version: liveAdsVersion(data) };
      });
    },
  };
}
