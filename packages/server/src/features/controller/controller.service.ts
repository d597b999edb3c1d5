import {
  controllerDefaults,
  controllerMessages,
  controllerSettings,
  EDIT_GROUPS,
  type ControllerDataReply,
  type ControllerFlag,
  type ControllerSettings,
  type EditGroup,
  type LoadCheckReply,
  type MaintenanceReply,
  settingList,
  type SettingName,
} from '@streamdesk/contract/controller';
import { versionMessages } from '@streamdesk/contract/versions';
import {
  checkEditVersion,
  editVersionOf,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { nowIso } from '../../platform/db/values.js';
import { badRequest } from '../../platform/errors.js';
import { activityMessages } from '@streamdesk/contract/activity';
import type { FeatureContext } from '../../platform/feature-context.js';
import * as repo from './controller.repository.js';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import {
  changedKeys,
  createSettingVersions,
  type NewVersion,
} from '../../platform/versions/setting-versions.js';
import type { Reverter } from '../../platform/activity/reverts.js';

/** Cache tag of everything built from controller settings; other features' cached replies may use it too. */
export const CONTROLLER_TAG = 'controller';
const APP_OPEN_COUNTER = 'app_open';
/** The item id of the controller's settings in the activity log (one record of many settings). */
export const CONTROLLER_ITEM = 'settings';
const FLUSH_AFTER_MS = 2000;

type ControllerContext = Pick<FeatureContext, 'db' | 'cache' | 'launch' | 'locks' | 'config'>;

/** The record lock of a whole-form save: its settings are read, checked and written one save at a time. */
const LOCKED = 'controller_settings';
const CONFLICT_THING: Record<EditGroup, string> = {
  facebook: controllerMessages.facebookConflictThing,
  phonePay: controllerMessages.phonePayConflictThing,
};

const versionsOf = (s: ControllerSettings) => ({
  facebook: editVersionOf(s, EDIT_GROUPS.facebook),
  phonePay: editVersionOf(s, EDIT_GROUPS.phonePay),
});

/** The settings from stored values: a value that no longer fits (an old placement value, say) is its default. */
function settingsFrom(values: Record<string, unknown>): ControllerSettings {
  const settings: Record<string, unknown> = { ...controllerDefaults };
  const shape = controllerSettings.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown } }
  >;
  for (const [name, value] of Object.entries(values)) {
    const parsed = shape[name]?.safeParse(value);
    if (parsed?.success) settings[name] = parsed.data;
  }
  return settings as ControllerSettings;
}

function parseSettings(rows: { name: string; value: string }[]): ControllerSettings {
  const values: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      values[row.name] = JSON.parse(row.value);
    } catch {
      continue;
    }
  }
  return settingsFrom(values);
}

/**
 * The controller's rules and its readers. Other features read flags through `getFlag` (wired in
 * features.ts); settings are kept in memory between writes so a flag read costs no query.
 */
export function createControllerService(ctx: ControllerContext) {
  const db = ctx.db;
  const versions = createSettingVersions(db, CONTROLLER_TAG, ctx.config.versionsKeep);
  let memo: Promise<ControllerSettings> | undefined;
  let pendingOpens = 0;
  let flushTimer: NodeJS.Timeout | undefined;
  ctx.cache.onInvalidate((tag) => {
    if (tag === CONTROLLER_TAG) memo = undefined;
  });

  const getSettings = (): Promise<ControllerSettings> => {
    if (!memo) {
      const loading = repo.listSettings(db).then(parseSettings);
      memo = loading;
      loading.catch(() => {
        if (memo === loading) memo = undefined;
      });
    }
    return memo;
  };

  const readStored = async () => parseSettings(await repo.listSettings(db));

  /** Writes settings with their activity note and version (none when nothing changed); returns its number. */
  async function write(
    values: Partial<ControllerSettings>,
    how: Pick<NewVersion, 'source' | 'rolledBackTo'> & { label?: string } = {},
  ): Promise<number | undefined> {
    const stored = await readStored();
    const names = Object.keys(values) as SettingName[];
    noteActivity({
      itemId: CONTROLLER_ITEM,
      label:
        how.label ??
        (how.rolledBackTo
          ? `controller: rolled back to version ${how.rolledBackTo}`
          : `controller: ${settingList(names)}`),
      ...(how.rolledBackTo || how.label ? { action: 'update' as const } : {}),
      before: Object.fromEntries(names.map((n) => [n, stored[n]])),
      after: values,
    });
    await repo.saveSettings(db, values, nowIso());
    const n = await versions.record({
      before: stored,
      readAfter: readStored,
      ...(how.source ? { source: how.source } : {}),
      ...(how.rolledBackTo ? { rolledBackTo: how.rolledBackTo } : {}),
    });
    ctx.cache.invalidate(CONTROLLER_TAG); // also drops the memo (onInvalidate above)
    return n;
  }

  async function save(values: Partial<ControllerSettings>): Promise<{ status: true; message: string }> {
    await write(values);
    return { status: true, message: controllerMessages.updated };
  }

  /**
   * A whole-form save (EDIT_GROUPS). Sent with the version its form was read at, it is refused (409)
   * when another save changed the form's settings since: checked under the form's lock (on PostgreSQL
   * its advisory lock too) against the settings as stored, not as this process remembers them, before
   * anything is written. Without a version it is made as before. The reply carries the new version.
   */
  function saveWhole(group: EditGroup, values: Partial<ControllerSettings>, version: unknown) {
    const sent = readEditVersion(version);
    return ctx.locks.run(LOCKED, [group], async () => {
      const stored = await readStored();
      checkEditVersion(sent, editVersionOf(stored, EDIT_GROUPS[group]), CONFLICT_THING[group]);
      const reply = await save(values);
      // The version of what is stored now (as the server keeps it: trimmed), for the form's next save: a
      // form comparing its typed values with the reloaded ones cannot tell its own save by them.
      const now = await readStored();
      return { ...reply, version: editVersionOf(now, EDIT_GROUPS[group]) };
    });
  }

  async function flushOpens(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    const n = pendingOpens;
    if (n === 0) return;
    pendingOpens = 0;
    try {
      await repo.addToCounter(db, APP_OPEN_COUNTER, n);
    } catch (error) {
      pendingOpens += n;
      throw error;
    }
  }

  /**
   * Writes an activity entry's before values back (0031): under every form's lock, so no whole-form save
   * runs between its check and its write; values that no longer fit a setting's rule are refused.
   */
  const reverter: Reverter = {
    owns: (id) => Promise.resolve(id === CONTROLLER_ITEM),
    fields: Object.keys(controllerSettings.shape),
    revert: (_id, values, check) =>
      ctx.locks.run(LOCKED, Object.keys(EDIT_GROUPS), async () => {
        check(await readStored());
        const parsed = controllerSettings.partial().safeParse(values);
        if (!parsed.success) throw badRequest(activityMessages.notRevertable);
        await save(parsed.data);
      }),
  };

  const installNewOf = (s: ControllerSettings) => ({ status: s.installNew, btn_url: s.installNewBtnUrl });

  return {
    reverter,
    getSettings,
    async getFlag(name: ControllerFlag): Promise<boolean> {
      return (await getSettings())[name];
    },
    /** Any one setting (e.g. webPosition), read from memory between writes. */
    async getSetting<K extends SettingName>(name: K): Promise<ControllerSettings[K]> {
      return (await getSettings())[name];
    },

    async adminData(): Promise<ControllerDataReply> {
      await flushOpens();
      const data = await getSettings();
      return {
        status: true,
        message: controllerMessages.fetched,
        data,
        installNew: installNewOf(data),
        appOpens: await repo.readCounter(db, APP_OPEN_COUNTER),
        versions: versionsOf(data),
      };
    },

    setFlag: (name: ControllerFlag, status: boolean) => save({ [name]: status }),
    setPosition: (name: 'storyAdsPosition' | 'ntvTiming' | 'webPosition', value: number) =>
      save({ [name]: value }),
    setText: (field: 'webRedirectUrl' | 'searchText' | 'maintenanceMessage', value: string) =>
      save({ [field]: value }),
    setFacebook: ({
      version,
      ...values
    }: Pick<ControllerSettings, 'facebook_app_id' | 'facebook_client_token'> & { version?: unknown }) =>
      saveWhole('facebook', values, version),
    setPhonePay: ({
      version,
      ...values
    }: Pick<ControllerSettings, 'upi_id' | 'payee_name' | 'phone'> & { version?: unknown }) =>
      saveWhole('phonePay', values, version),
    setPayAmount: (payAmount: number) => save({ payAmount }),
    setInstallUrl: (btnUrl: string) => save({ installNewBtnUrl: btnUrl }),
    setPlacement: (field: string, name: string) => save({ [field]: name } as Partial<ControllerSettings>),

    async maintenance(): Promise<MaintenanceReply> {
      const s = await getSettings();
      return {
        status: true,
        message: controllerMessages.maintenanceStatus,
        maintenance: s.maintenance,
        maintenanceMessage: s.maintenanceMessage,
      };
    },

    async loadCheck(): Promise<LoadCheckReply> {
      const controller = await getSettings();
      // The features add their sections and lists through the launch registry; the contract spells out
      // each one, and a test holds the two together (features-wiring.test.ts, 'the published schema').
      const { sections, lists } = await ctx.launch.loadAll();
      return {
        status: true,
        message: controllerMessages.loadCheck,
        data: {
          ...(sections as Pick<LoadCheckReply['data'], 'liveAds'>),
          lists: lists as LoadCheckReply['data']['lists'],
          controller,
          installNew: installNewOf(controller),
        },
      };
    },

    /** Counts an app open without making the launch wait: opens are added up and written in batches. */
    countOpen(): void {
      pendingOpens++;
      flushTimer ??= setTimeout(() => void flushOpens().catch(() => undefined), FLUSH_AFTER_MS);
      flushTimer.unref?.();
    },
    flushOpens,

    versions,
    /** The settings as stored now (not remembered): what a scheduled change reads in its transaction. */
    readStored,
    /** A scheduled change's write (controller-schedules.service.ts): a version made "by schedule". */
    writeBySchedule: (values: Partial<ControllerSettings>, label: string) =>
      write(values, { source: 'schedule', label }),
    /**
     * Rolls back to version `n`: the settings that differ from it are written as any save writes them,
     * making a new version (under the whole-form locks, so a form's edit version check sees it).
     */
    async rollback(n: number): Promise<{ status: true; message: string; n: number | null }> {
      const wanted = settingsFrom((await versions.get(n)).state);
      return ctx.locks.run(LOCKED, Object.keys(EDIT_GROUPS), async () => {
        const stored = await readStored();
        const keys = changedKeys(stored, wanted) as SettingName[];
        if (keys.length === 0) return { status: true, message: versionMessages.unchanged(n), n: null };
        const values = Object.fromEntries(keys.map((k) => [k, wanted[k]])) as Partial<ControllerSettings>;
        const made = await write(values, { source: 'rollback', rolledBackTo: n });
        return { status: true, message: versionMessages.rolledBack(n), n: made ?? null };
      });
    },
  };
}

export type ControllerService = ReturnType<typeof createControllerService>;
