import type { AppDb } from '../../platform/db/database.js';
import type { Selectable } from 'kysely';
import { SHORTCUT_MAX_NUMBER, type ShortcutStory } from '@streamdesk/contract/shortcut-stories';
import type { DialectName } from '../../platform/db/database.js';
import { searchFor } from '../../platform/db/search.js';
import { shortcutStoriesSearch } from './shortcut-stories.migrations.js';
import { activeItems, addToTotalColumns, type TotalsChange } from '../../platform/item-counter.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

export interface ShortcutTables {
  shortcut_stories: {
    id: string;
    s_no: number;
    name: string;
    url: string;
    label: string;
    logo: string;
    click_count: number;
    created_at: string;
  };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends ShortcutTables {}
}
export type ShortcutRow = Selectable<ShortcutTables['shortcut_stories']>;
type Db = AppDb;

export const TABLE = 'shortcut_stories';

/** A row in the contract's words; the service adds the edit version. */
export const toShortcut = (row: ShortcutRow): Omit<ShortcutStory, 'version'> => ({
  _id: row.id,
  s_no: Number(row.s_no),
  name: row.name,
  url: row.url,
  label: row.label,
  logo: row.logo,
  clickCount: Number(row.click_count),
  createdAt: row.created_at,
});

async function filtered(db: Db, dialect: DialectName, q: string | undefined) {
  let query = db.selectFrom('shortcut_stories');
  const text = q?.trim();
  if (text) query = query.where(await searchFor(db, dialect, shortcutStoriesSearch, text));
  return query;
}

export async function listShortcuts(
  db: Db,
  dialect: DialectName,
  opts: { page: number; limit: number; q?: string | undefined },
): Promise<{ rows: ShortcutRow[]; total: number }> {
  const base = await filtered(db, dialect, opts.q);
  const rows = await base
    .selectAll()
    .orderBy('s_no', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export const listAllShortcuts = (db: Db) =>
  db
    .selectFrom('shortcut_stories')
    .selectAll()
    .orderBy('s_no', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();

/**
 * The No to offer next: one past the highest. Once the highest is the largest allowed (an admin may set
 * it), the lowest unused No instead, so the offer is always one the form and the server accept.
 */
export async function nextSNo(db: Db): Promise<number> {
  const { top } = await db
    .selectFrom('shortcut_stories')
    .select((eb) => eb.fn.max('s_no').as('top'))
    .executeTakeFirstOrThrow();
  if (top === null || top === undefined) return 1;
  if (Number(top) < SHORTCUT_MAX_NUMBER) return Number(top) + 1;
  const used = await db.selectFrom('shortcut_stories').select('s_no').orderBy('s_no', 'asc').execute();
  let free = 1;
  for (const { s_no } of used) {
    if (Number(s_no) > free) break;
    if (Number(s_no) === free) free++;
  }
  return free;
}

/** Whether a shortcut holds this No now. */
export const sNoTaken = async (db: Db, sNo: number) =>
  (await db.selectFrom('shortcut_stories').select('id').where('s_no', '=', sNo).executeTakeFirst()) !==
  undefined;

export const findShortcut = (db: Db, id: string) =>
  db.selectFrom('shortcut_stories').selectAll().where('id', '=', id).executeTakeFirst();

export const findShortcuts = (db: Db, ids: readonly string[]) =>
  db.selectFrom('shortcut_stories').selectAll().where('id', 'in', ids).execute();

export const insertShortcut = (db: Db, row: ShortcutRow) =>
  db.insertInto('shortcut_stories').values(row).execute();

export const updateShortcut = async (
  db: Db,
  id: string,
  values: Partial<Omit<ShortcutRow, 'id' | 'created_at'>>,
) => {
  await noteUpdate(db, 'shortcut_stories', [id], values);
  return db.updateTable('shortcut_stories').set(values).where('id', '=', id).executeTakeFirst();
};

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteShortcuts = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('shortcut_stories').where('id', 'in', ids).returningAll().execute();

/** The shortcut stories among `ids` (the app may count each). */
export const countedShortcuts = (db: Db, ids: readonly string[]) => activeItems(db, 'shortcut_stories', ids);

/** Adds counted clicks to the shortcut stories' totals (negative on a clear, never below 0); views are not kept. */
export const addShortcutCounts = (db: Db, changes: readonly TotalsChange[]) =>
  addToTotalColumns(db, { table: 'shortcut_stories', id: 'id', click: 'click_count' }, changes);
