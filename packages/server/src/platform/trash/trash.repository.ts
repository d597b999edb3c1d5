import { sql, type Kysely } from 'kysely';
import type { AppDb } from '../db/database.js';
import { newestFirstPage } from '../db/paging.js';
import { personNameOf } from '../activity/activity-log.repository.js';

export interface TrashTables {
  trash: {
    id: string;
    feature: string;
    kind: string;
    label: string;
    thumbnail: string;
    created_at: string;
    person_id: string | null;
    person_name: string;
    purge_at: string;
    snapshot: string;
  };
}

declare module '../db/database.js' {
  interface AppTables extends TrashTables {}
}

export type TrashRow = TrashTables['trash'];
export type NewTrashRow = Omit<TrashRow, 'person_name'>;
type Db = AppDb;

/** The rows a delete removed, per table, parents first: what a restore inserts again, in that order. */
export type Snapshot = { tables: Array<[table: string, rows: Record<string, unknown>[]]> };

/** The rows of any table, for the generic insert and delete of a snapshot's rows. */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export const insertTrash = (db: Db, rows: readonly NewTrashRow[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insertInto('trash')
        .values(rows.map((row) => ({ ...row, person_name: personNameOf(row.person_id) })))
        .execute()
        .then(() => undefined);

export const listTrash = (db: Db, feature: string | undefined, page: number, limit: number) =>
  newestFirstPage(
    db.selectFrom('trash').$if(feature !== undefined, (q) => q.where('feature', '=', feature!)),
    page,
    limit,
  );

export const findTrash = (db: Db, ids: readonly string[]) =>
  db.selectFrom('trash').selectAll().where('id', 'in', ids).execute();

/** The kinds of the entries among `ids`, without their snapshots. */
export const kindsOf = async (db: Db, ids: readonly string[]) =>
  (await db.selectFrom('trash').select('kind').distinct().where('id', 'in', ids).execute()).map(
    (r) => r.kind,
  );

export const deleteTrash = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('trash').where('id', 'in', ids).execute();

/**
 * Whether a row with this id is in the trash, as an entry or inside one (a video in its category's entry):
 * a match on the snapshot's JSON text (`"id":"…"`; a column such as `category_id` does not match, as its
 * key does not end in `"id"`). A scan of every snapshot, for rare calls only (an analytics clear).
 */
export async function inTrash(db: Db, id: string): Promise<boolean> {
  const key = JSON.stringify({ id })
    .slice(1, -1)
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const row = await db
    .selectFrom('trash')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', id), sql<boolean>`snapshot LIKE ${`%${key}%`} ESCAPE '\\'`]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the entries whose time is up. */
export const duePurge = async (db: Db, nowIso: string, limit: number) =>
  (await db.selectFrom('trash').select('id').where('purge_at', '<=', nowIso).limit(limit).execute()).map(
    (r) => r.id,
  );

/** The id of every row in the trash (an item and what went with it): they keep their counted days. */
export async function trashedIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('trash').select('snapshot').execute();
  return rows.flatMap((r) =>
    (JSON.parse(r.snapshot) as Snapshot).tables.flatMap(([, tableRows]) =>
      tableRows.map((row) => String(row.id)),
    ),
  );
}

/** Parameters a statement may carry: SQLite takes at most 32,766, PostgreSQL 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;

/** Inserts the rows, as many to a statement as its parameters allow (a category may hold 70,000 videos). */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]) {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns));
  for (let i = 0; i < rows.length; i += perStatement)
    await (db as unknown as AnyDb)
      .insertInto(table)
      .values(rows.slice(i, i + perStatement))
      .execute();
}

/** The ids among `ids` that a row of `table` has now (a restore's id check). */
export const existingIds = async (db: Db, table: string, ids: readonly string[]) =>
  (
    await (db as unknown as AnyDb)
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids as string[])
      .execute()
  ).map((r) => String(r.id));
