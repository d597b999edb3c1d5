import { sql, type Expression } from 'kysely';
import type { AppDb } from '../db/database.js';

export interface ActivityTables {
  activity_log: {
    id: string;
    created_at: string;
    person_id: string | null;
    person_name: string;
    role: string;
    action: string;
    feature: string;
    item_id: string;
    label: string;
    /** JSON: [{ field, before, after }]. */
    changes: string;
    ip: string;
    user_agent: string;
  };
}

declare module '../db/database.js' {
  interface AppTables extends ActivityTables {}
}

export type ActivityRow = ActivityTables['activity_log'];

/** A row as a write gives it: the person's name is read in the insert itself, from the team. */
export type NewActivityRow = Omit<ActivityRow, 'person_name'> & { person_name?: string };

/** A person's name as the team has it now, read inside an insert ('' when not on the team). */
export const personNameOf = (personId: string | null | Expression<string | null>) =>
  sql<string>`coalesce((select name from admins where id = ${personId}), '')`;

export async function insertEntries(db: AppDb, rows: readonly NewActivityRow[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('activity_log')
    .values(
      rows.map((row) => ({
        ...row,
        person_name: row.person_name ?? personNameOf(row.person_id),
      })),
    )
    .execute();
}
