import type { AppDb } from '../db/database.js';
import { countRows } from '../db/paging.js';
import { personNameOf } from '../activity/activity-log.repository.js';

export interface VersionTables {
  setting_versions: {
    subject: string;
    n: number;
    created_at: string;
    person_id: string | null;
    person_name: string;
    source: string;
    rolled_back_to: number | null;
    /** JSON: the keys changed from the version before. */
    keys: string;
    /** JSON: the whole record after the change. */
    state: string;
  };
  setting_version_heads: { subject: string; last_n: number };
}

declare module '../db/database.js' {
  interface AppTables extends VersionTables {}
}

export type VersionRow = VersionTables['setting_versions'];

/** Takes the subject's next number (1 for its first version); on PostgreSQL its row stays locked to commit. */
export const takeNextNumber = async (db: AppDb, subject: string): Promise<number> =>
  Number(
    (
      await db
        .insertInto('setting_version_heads')
        .values({ subject, last_n: 1 })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet((eb) => ({ last_n: eb('setting_version_heads.last_n', '+', 1) })),
        )
        .returning('last_n')
        .executeTakeFirstOrThrow()
    ).last_n,
  );

export const setLastNumber = (db: AppDb, subject: string, n: number) =>
  db.updateTable('setting_version_heads').set({ last_n: n }).where('subject', '=', subject).execute();

/** Adds a version; without a name, the person's is read from the team in the insert. */
export const insertVersion = (db: AppDb, row: Omit<VersionRow, 'person_name'> & { person_name?: string }) =>
  db
    .insertInto('setting_versions')
    .values({ ...row, person_name: row.person_name ?? personNameOf(row.person_id) })
    .execute();

export const findVersion = (db: AppDb, subject: string, n: number) =>
  db
    .selectFrom('setting_versions')
    .selectAll()
    .where('subject', '=', subject)
    .where('n', '=', n)
    .executeTakeFirst();

const ofSubject = (db: AppDb, subject: string) =>
  db.selectFrom('setting_versions').where('subject', '=', subject);

/** One page of a subject's versions, newest first, without their states. */
export async function listVersions(db: AppDb, subject: string, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    ofSubject(db, subject)
      .select(['n', 'created_at', 'person_id', 'person_name', 'source', 'rolled_back_to', 'keys'])
      .orderBy('n', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    countRows(ofSubject(db, subject)),
  ]);
  return { rows, total };
}

/** Removes the subject's versions numbered below `n`. */
export const removeVersionsBefore = (db: AppDb, subject: string, n: number) =>
  db.deleteFrom('setting_versions').where('subject', '=', subject).where('n', '<', n).execute();
