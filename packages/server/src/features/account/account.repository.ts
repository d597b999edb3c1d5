// The people and their sessions are the auth feature's tables; My account reads and changes one's own.
import type { AppDb as Db } from '../../platform/db/database.js';

export const findPerson = (db: Db, adminId: string) =>
  db
    .selectFrom('admins')
    .select(['password_hash', 'name', 'email'])
    .where('id', '=', adminId)
    .executeTakeFirst();

export const updatePerson = (db: Db, adminId: string, changes: { name?: string; password_hash?: string }) =>
  db.updateTable('admins').set(changes).where('id', '=', adminId).execute();

/** One's sessions, the most recently used first. */
export const listSessions = (db: Db, adminId: string) =>
  db
    .selectFrom('admin_sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .where('admin_id', '=', adminId)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();

/** Ends one of the person's sessions; whether there was one of that id (another person's is not theirs). */
export const deleteSession = async (db: Db, adminId: string, id: string) =>
  Number(
    (
      await db
        .deleteFrom('admin_sessions')
        .where('admin_id', '=', adminId)
        .where('id', '=', id)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;

/** Ends every session of the person but `keep`; how many ended. */
export const deleteSessionsBut = async (db: Db, adminId: string, keep: string) =>
  Number(
    (
      await db
        .deleteFrom('admin_sessions')
        .where('admin_id', '=', adminId)
        .where('id', '!=', keep)
        .executeTakeFirst()
    ).numDeletedRows,
  );
