import { sql } from 'kysely';
import type { AppDb, AppTables } from '../db/database.js';
import { noteActivity, recordingActivity } from './activity-recorder.js';

/** Columns that change with every write and say nothing of what the person changed. */
const UNNOTED = new Set(['updated_at']);

/**
 * Notes the before and after values of an update a repository is about to make (0028, 0031): called by
 * a repository's update helper before its UPDATE, with the columns it sets, so every feature's edits and
 * switches show what they changed without each service noting it. It reads the columns only while a
 * back-office write is recorded (under the service's record lock, so the values are the ones replaced).
 */
export async function noteUpdate(
  db: AppDb,
  table: keyof AppTables & string,
  ids: readonly string[],
  changes: object,
): Promise<void> {
  if (!recordingActivity() || ids.length === 0) return;
  const set = Object.fromEntries(
    Object.entries(changes).filter(([field, value]) => !UNNOTED.has(field) && value !== undefined),
  );
  const fields = Object.keys(set);
  if (fields.length === 0) return;
  const columns = sql.join(['id', ...fields].map((f) => sql.ref(f)));
  const { rows } = await sql<Record<string, unknown>>`
    select ${columns} from ${sql.table(table)} where id in (${sql.join(ids)})`.execute(db);
  for (const { id, ...before } of rows) noteActivity({ itemId: String(id), before, after: set, merge: true });
}
