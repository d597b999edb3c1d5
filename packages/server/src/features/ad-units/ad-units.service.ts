import {
  adIdWarning,
  adPlatforms,
  adMessages,
  PROTECTED_WEB_AD,
  type AdConfig,
  type AdKind,
  type AdPlatform,
  type DayRange,
  type OpenDayRange,
  type SimpleAd,
  type SimpleAdKind,
  type WebAd,
} from '@streamdesk/contract/ad-units';
import type { AppCache } from '../../platform/app-cache.js';
import type { AppDb } from '../../platform/db/database.js';
import {
  checkEditVersion,
  editVersionOf,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import type { RecordLocks } from '../../platform/record-locks.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Reverter } from '../../platform/activity/reverts.js';
import { trashMessages } from '@streamdesk/contract/trash';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import type { TrashBin } from '../../platform/trash/trash-bin.js';
import type { Snapshot } from '../../platform/trash/trash.repository.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import * as repo from './ad-units.repository.js';

/** The trash kind of the website ads (the simple kinds' is `ad-units`). */
export const WEB_AD_TRASH_KIND = 'website-ads';
/** Cache tag of everything built from ad units (the app config, the launch section). */
export const AD_UNITS_TAG = 'ad-units';
/** The app event entity of each platform's web ads (ad-units.counter.ts). */
export const webAdEntities = { android: 'webAd', ios: 'iosWebAd' } as const satisfies Record<
  AdPlatform,
  string
>;

export interface AdInput {
  a_name: string;
  a_id: string;
  a_description: string;
  force: boolean;
}
export interface AdChange {
  a_name?: string | undefined;
  a_id: string;
  a_description: string;
  force: boolean;
  /** The version the row was listed at (unchecked form); none: the update is made as before. */
  version?: string | undefined;
}

/**
 * What the inline edit writes of an ad: its version covers these, not the name (which cannot change)
 * nor a web ad's clicks, which the app counts (docs/decisions/0009-edit-conflicts.md).
 */
const EDITABLE_FIELDS = ['a_id', 'a_description'] as const satisfies readonly (keyof repo.AdUnitRecord)[];

const toAd = (row: repo.AdUnitRecord): SimpleAd => ({
  _id: row.id,
  a_name: row.a_name,
  a_id: row.a_id,
  a_description: row.a_description,
  version: editVersionOf(row, EDITABLE_FIELDS),
});

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function checkId(kind: AdKind, adId: string, force: boolean) {
  const warning = force ? undefined : adIdWarning(kind, adId);
  if (warning) throw badRequest(warning);
}

const platformOf = (entity: string): AdPlatform => (entity === webAdEntities.ios ? 'ios' : 'android');

/**
 * Adds clicks to a web ad for one reporting day (`YYYY-MM-DD` in REPORT_TIME_ZONE, Asia/Kolkata by
 * default, the day the analytics counter gives the event: report-day.ts; the migration's comment says
 * Asia/Kolkata, the only zone there was then): the per-day row that the lists' date ranges and the
 * range clears use. The analytics feature reaches it
 * through the web ad counters' `addDays` for `webAd` and `iosWebAd` click events; the lifetime `a_click`
 * total is the analytics counter column and is not touched here (docs/decisions/0014-ad-units.md).
 * Returns false, writing nothing, when the id is not a web ad of the entity's platform.
 */
export async function addWebAdClicks(
  deps: { db: AppDb },
  click: { entity: 'webAd' | 'iosWebAd'; id: string; day: string; count?: number },
): Promise<boolean> {
  const count = click.count ?? 1;
  if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(click.day)) throw new Error('day must be YYYY-MM-DD');
  const db = deps.db;
  return db
    .transaction()
    .execute((trx) => repo.recordWebAdClicks(trx, platformOf(click.entity), click.id, click.day, count));
}

export interface AdUnitsDeps {
  db: AppDb;
  cache: AppCache;
  /**
   * Clears an item's counted days and takes them off its totals (the analytics feature's clear, which
   * reaches the web ads' per-day rows through their counter's clearDays).
   */
  clearCounts: (id: string, startDate?: string, endDate?: string) => Promise<{ cleared: number }>;
  locks: RecordLocks;
  trash: TrashBin;
  /** Removes the counted days of a platform's web ads (a purge from the trash). */
  forgetCounts: Record<(typeof webAdEntities)[AdPlatform], ForgetCounts>;
}

export function createAdUnitsService(deps: AdUnitsDeps) {
  const db = deps.db;
  // The event counter learns the web ads' ids on AD_UNITS_TAG too (their itemsTag).
  const changed = () => deps.cache.invalidate(AD_UNITS_TAG);
  // Names are unique per platform and kind, and cannot change: the one that took it must go first.
  const nameFree = (message: (row: repo.AdUnitRow) => string) => async (trx: AppDb, snapshot: Snapshot) => {
    for (const row of snapshot.tables[0]?.[1] ?? []) {
      const unit = row as repo.AdUnitRow;
      if (await repo.findAdUnitByName(trx, unit.platform, unit.kind, unit.a_name))
        throw conflict(message(unit));
    }
  };
  // The simple kinds have no counts.
  deps.trash.register('ad-units', {
    feature: 'ad-units',
    changed,
    check: nameFree((row) => trashMessages.adUnitNameTaken(row.a_name)),
  });
  // A website ad goes with its per-day clicks (its snapshot's second table); the dashboard's counted days
  // stay in the analytics rollups until a purge forgets them (docs/decisions/0053-last-deletes-to-trash.md).
  deps.trash.register(WEB_AD_TRASH_KIND, {
    feature: 'ad-units',
    changed,
    check: nameFree((row) => trashMessages.websiteAdNameTaken(row.a_name, row.platform)),
    async forget(trx, snapshot) {
      const rows = (snapshot.tables[0]?.[1] ?? []) as repo.AdUnitRow[];
      for (const platform of adPlatforms) {
        const ids = rows.filter((row) => row.platform === platform).map((row) => row.id);
        await deps.forgetCounts[webAdEntities[platform]](trx, ids);
      }
    },
  });

  async function existing(platform: AdPlatform, kind: AdKind, id: string) {
    const row = await repo.findAdUnit(db, platform, kind, id);
    if (!row) throw notFound(adMessages.notFound);
    return row;
  }

  async function withClicks(rows: repo.AdUnitRecord[], range?: OpenDayRange): Promise<WebAd[]> {
    const totals = await repo.clickTotals(
      db,
      rows.map((r) => r.id),
      range,
    );
    return rows.map((r) => ({ ...toAd(r), a_click: totals.get(r.id) ?? 0 }));
  }

  async function add(platform: AdPlatform, kind: AdKind, input: AdInput): Promise<SimpleAd> {
    checkId(kind, input.a_id, input.force);
    if (await repo.findAdUnitByName(db, platform, kind, input.a_name))
      throw conflict(adMessages.duplicateName);
    const at = nowIso();
    const row: repo.AdUnitRow = {
      id: newId(),
      platform,
      kind,
      a_name: input.a_name,
      a_id: input.a_id,
      a_description: input.a_description,
      a_click: 0,
      created_at: at,
      updated_at: at,
    };
    try {
      await repo.insertAdUnit(db, row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(adMessages.duplicateName);
      throw error;
    }
    changed();
    return toAd(row);
  }

  /**
   * Changes an ad's id and description. Sent with the version its row was listed at, the update is
   * refused (409) when the ad changed since: checked under the ad's record lock (on PostgreSQL its
   * advisory lock too), before anything is written.
   */
  function updateRecord(platform: AdPlatform, kind: AdKind, id: string, change: AdChange) {
    const sent = readEditVersion(change.version);
    return deps.locks.run('ad_units', [id], async () => {
      const row = await existing(platform, kind, id);
      if (change.a_name !== undefined && change.a_name !== row.a_name)
        throw badRequest(adMessages.nameLocked);
      checkEditVersion(sent, editVersionOf(row, EDITABLE_FIELDS), adMessages.conflictThing);
      checkId(kind, change.a_id, change.force);
      await repo.updateAdUnit(db, id, {
        a_id: change.a_id,
        a_description: change.a_description,
        updated_at: nowIso(),
      });
      changed();
      return { ...row, a_id: change.a_id, a_description: change.a_description };
    });
  }

  /** Writes an activity entry's before values back (0031), under the ad's lock like an update. */
  const reverter: Reverter = {
    owns: async (id) => (await repo.findAdUnitById(db, id)) !== undefined,
    fields: ['a_id', 'a_description'],
    revert: (id, values, check) =>
      deps.locks.run('ad_units', [id], async () => {
        const row = await repo.findAdUnitById(db, id);
        if (!row) throw notFound(adMessages.notFound);
        check(row);
        const { a_id = row.a_id, a_description = row.a_description } = values as Partial<typeof row>;
        await repo.updateAdUnit(db, id, { a_id, a_description, updated_at: nowIso() });
        changed();
      }),
  };

  async function webIds(platform: AdPlatform, ids: readonly string[] | undefined): Promise<string[]> {
    const all = (await repo.listAdUnits(db, platform, 'web')).map((r) => r.id);
    if (!ids) return all;
    const known = new Set(all);
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw notFound(adMessages.notFound);
    return [...new Set(ids)];
  }

  /**
   * Clears the ads' clicks within the range, ad by ad, through the analytics clear: it removes the
   * dashboard's rollups, lowers `a_click`, and removes the per-day rows (the web ad counter's clearDays).
   */
  async function clearRange(ids: readonly string[], range: DayRange): Promise<number> {
    const totals = await repo.clickTotals(db, ids, range);
    for (const id of ids) await deps.clearCounts(id, range.startDate, range.endDate);
    return [...totals.values()].reduce((n, c) => n + c, 0);
  }

  return {
    reverter,
    list: async (platform: AdPlatform, kind: AdKind) =>
      (await repo.listAdUnits(db, platform, kind)).map(toAd),

    add,
    update: async (platform: AdPlatform, kind: AdKind, id: string, change: AdChange): Promise<SimpleAd> =>
      toAd(await updateRecord(platform, kind, id, change)),

    webList: async (platform: AdPlatform, range?: OpenDayRange) =>
      withClicks(await repo.listAdUnits(db, platform, 'web'), range),

    webAdd: async (platform: AdPlatform, input: AdInput): Promise<WebAd> => ({
      ...(await add(platform, 'web', input)),
      a_click: 0,
    }),

    webUpdate: async (platform: AdPlatform, id: string, change: AdChange): Promise<WebAd> => {
      const [ad] = await withClicks([await updateRecord(platform, 'web', id, change)]);
      return ad!;
    },

    /** Moves an ad unit of a simple kind to the trash, under its record lock (an edit waits for it). */
    remove: (platform: AdPlatform, kind: SimpleAdKind, id: string) =>
      deps.locks.run('ad_units', [id], async () => {
        await deleteAllOrNone(db, [id], {
          find: (trx, ids) => repo.findAdUnitRows(trx, platform, kind, ids),
          remove: repo.deleteAdUnits,
          trash: deps.trash.rowsTo('ad-units', 'ad_units', (row) => ({
            label: itemLabel('ad-units', row, row.id),
          })),
          missing: () => notFound(adMessages.notFound),
        });
        changed();
      }),

    /**
     * Moves a website ad to the trash with its per-day clicks (its `a_click` total is in its row), under
     * its record lock: a clear of its clicks waits for it, and then finds no ad.
     */
    webDelete: (platform: AdPlatform, id: string) =>
      deps.locks.run('ad_units', [id], async () => {
        await db.transaction().execute(async (trx) => {
          const [found] = await repo.findAdUnitRows(trx, platform, 'web', [id]);
          if (!found) throw notFound(adMessages.notFound);
          if (found.a_name === PROTECTED_WEB_AD) throw badRequest(adMessages.webUrl1Locked);
          // The clicks first: the ad's own delete would cascade to them.
          const clicks = await repo.takeClicksOf(trx, id);
          const [row] = await repo.deleteAdUnits(trx, [id]);
          if (!row) throw notFound(adMessages.notFound);
          await deps.trash.move(trx, WEB_AD_TRASH_KIND, [
            {
              id,
              label: `${platform === 'ios' ? 'Apple' : 'Android'} website ad "${row.a_name}"`,
              tables: [
                ['ad_units', [{ ...row }]],
                ['web_ad_clicks', clicks],
              ],
            },
          ]);
        });
        changed();
      }),

    /** Under the ad's record lock: a delete to the trash at the same time takes its counts whole. */
    clearOne: (platform: AdPlatform, id: string, range: DayRange): Promise<number> =>
      deps.locks.run('ad_units', [id], async () => {
        await existing(platform, 'web', id);
        return clearRange([id], range);
      }),

    async clearAll(
      platform: AdPlatform,
      ids: readonly string[] | undefined,
      range: DayRange,
    ): Promise<number> {
      const targets = await webIds(platform, ids);
      if (targets.length === 0) throw notFound(adMessages.notAvailable);
      // Under the ads' locks, read again: an ad deleted to the trash meanwhile keeps its counts.
      return deps.locks.run('ad_units', targets, async () => {
        const still = new Set(await webIds(platform, ids));
        return clearRange(
          targets.filter((id) => still.has(id)),
          range,
        );
      });
    },

    /** What the app needs of one platform: every unit's name and id, grouped by kind. */
    async config(platform: AdPlatform): Promise<AdConfig> {
      const config: AdConfig = { native: [], fullScreen: [], banner: [], open: [], reward: [], web: [] };
      for (const row of await repo.listAdUnitsOfPlatform(db, platform))
        config[row.kind].push({ _id: row.id, a_name: row.a_name, a_id: row.a_id });
      return config;
    },
  };
}

export type AdUnitsService = ReturnType<typeof createAdUnitsService>;
