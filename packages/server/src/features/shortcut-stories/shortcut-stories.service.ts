import type { LIST_VERSION_FIELD } from '@streamdesk/contract/launch-lists';
import {
  shortcutMessages,
  type ShortcutAddFields,
  type ShortcutAppReply,
  type ShortcutEditFields,
  type ShortcutListReply,
  type ShortcutStory,
} from '@streamdesk/contract/shortcut-stories';
import type { AppCache } from '../../platform/app-cache.js';
import {
  editVersionOf,
  foundAtVersion,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import type { AppDb, DialectName } from '../../platform/db/database.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { MediaStore, SavedMedia } from '../../platform/media/media-store.js';
import type { RecordLocks } from '../../platform/record-locks.js';
import { trashMessages } from '@streamdesk/contract/trash';
import { forgetItems, type TrashBin } from '../../platform/trash/trash-bin.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import * as repo from './shortcut-stories.repository.js';

/** The cache tag of everything the app reads from this feature. */
export const SHORTCUT_TAG = 'shortcut-stories';

/**
 * What the inline edit writes of a shortcut: its version covers these, not the click count the app
 * changes (docs/decisions/0009-edit-conflicts.md). The logo counts: a new one picked meanwhile is a change.
 */
const EDITABLE_FIELDS = [
  's_no',
  'name',
  'url',
  'label',
  'logo',
] as const satisfies readonly (keyof ShortcutStory)[];

/** The version of a row's editable fields, taken in the contract's types (the same on every database). */
const versionOf = (row: repo.ShortcutRow) => editVersionOf(repo.toShortcut(row), EDITABLE_FIELDS);

/** A shortcut as the admin list shows it, with the version its inline edit sends back. */
const toStory = (row: repo.ShortcutRow): ShortcutStory => ({
  ...repo.toShortcut(row),
  version: versionOf(row),
});

export interface ShortcutDeps {
  db: AppDb;
  /** For the list's read (off the event loop on SQLite: FeatureContext.readDb). */
  readDb: AppDb;
  dialect: DialectName;
  media: MediaStore;
  cache: AppCache;
  locks: RecordLocks;
  forgetCounts: ForgetCounts;
  trash: TrashBin;
  /** The controller's storyBrand flag (drives secondStoryBrand and the Running badge). */
  storyBrandRunning: () => Promise<boolean>;
}

export function createShortcutService(deps: ShortcutDeps) {
  const db = deps.db;
  const changed = () => {
    deps.cache.invalidate(SHORTCUT_TAG);
  };
  deps.trash.register('shortcut-stories', {
    feature: 'shortcut-stories',
    changed,
    forget: forgetItems(deps.forgetCounts),
    // A shortcut comes back only to a No no other shortcut holds now.
    async check(trx, snapshot) {
      for (const row of snapshot.tables[0]?.[1] ?? [])
        if (await repo.sNoTaken(trx, Number(row.s_no)))
          throw conflict(trashMessages.shortcutNoTaken(Number(row.s_no)));
    },
  });

  async function list(query: {
    page: number;
    limit: number;
    q?: string | undefined;
  }): Promise<ShortcutListReply> {
    const [{ rows, total }, next, running] = await Promise.all([
      repo.listShortcuts(deps.readDb, deps.dialect, query),
      repo.nextSNo(db),
      deps.storyBrandRunning(),
    ]);
    return {
      status: true,
      message: shortcutMessages.listed,
      data: rows.map(toStory),
      next_s_no: next,
      secondStoryBrand: running,
      totalPage: Math.ceil(total / query.limit),
      total,
    };
  }

  async function add(fields: ShortcutAddFields, image: SavedMedia): Promise<ShortcutStory> {
    const row: repo.ShortcutRow = {
      id: newId(),
      s_no: fields.s_no ?? (await repo.nextSNo(db)),
      name: fields.name,
      url: fields.url,
      label: fields.label,
      logo: image.url,
      click_count: 0,
      created_at: nowIso(),
    };
    await repo.insertShortcut(db, row);
    changed();
    return toStory(row);
  }

  /**
   * An edit sent with the version its row was listed at is refused (409) when the shortcut changed since,
   * checked under the record lock before anything is written; the caller then removes the uploaded image.
   */
  const edit = (fields: ShortcutEditFields, image: SavedMedia | undefined) => {
    const sent = readEditVersion(fields.version);
    return deps.locks.run('shortcut_stories', [fields._id], () => editNow(fields, sent, image));
  };
  async function editNow(
    fields: ShortcutEditFields,
    sent: string | undefined,
    image: SavedMedia | undefined,
  ): Promise<ShortcutStory> {
    const found = await repo.findShortcut(db, fields._id);
    const current = foundAtVersion(found, sent, versionOf, shortcutMessages);
    const values = {
      name: fields.name,
      url: fields.url,
      s_no: fields.s_no,
      label: fields.label,
      ...(fields.clickCount !== undefined ? { click_count: fields.clickCount } : {}),
      ...(image ? { logo: image.url } : {}),
    };
    const result = await repo.updateShortcut(db, current.id, values);
    if (Number(result.numUpdatedRows) === 0) throw notFound(shortcutMessages.notFound);
    // The old image goes only once the row points at the new one.
    if (image) await deps.media.remove(current.logo);
    changed();
    return toStory({ ...current, ...values });
  }

  const remove = (ids: readonly string[]) => deps.locks.run('shortcut_stories', ids, () => removeNow(ids));
  async function removeNow(ids: readonly string[]): Promise<number> {
    const removed = await deleteAllOrNone(db, ids, {
      find: repo.findShortcuts,
      remove: repo.deleteShortcuts,
      // To the trash with their counts and logos, until restored or purged.
      trash: deps.trash.rowsTo('shortcut-stories', 'shortcut_stories', (row) => ({
        label: itemLabel('shortcut-stories', row, row.id),
        thumbnail: row.logo,
      })),
      missing: () => notFound(shortcutMessages.notFound),
      some: true,
    });
    changed();
    return removed.length;
  }

  /** The app's list: every shortcut in No order, with the Running flag (the cache adds its version). */
  async function appList(): Promise<Omit<ShortcutAppReply, typeof LIST_VERSION_FIELD>> {
    const [rows, running] = await Promise.all([repo.listAllShortcuts(db), deps.storyBrandRunning()]);
    return {
      status: true,
      message: shortcutMessages.listed,
      secondStoryBrand: running,
      data: rows.map((r) => {
        const { _id, s_no, name, url, label, logo } = repo.toShortcut(r);
        return { _id, s_no, name, url, label, logo };
      }),
    };
  }

  return { list, add, edit, remove, appList };
}
export type ShortcutService = ReturnType<typeof createShortcutService>;
