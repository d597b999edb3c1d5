import { sql, type Kysely } from 'kysely';
import type { Role } from '@streamdesk/contract/roles';

export interface AuthTables {
  /** The people of the team (the table kept the name it had when there was one admin). */
  admins: {
    id: string;
    email: string;
    password_hash: string;
    created_at: string;
    name: string;
    role: Role;
    status: PersonStatus;
  };
  admin_sessions: {
    id: string;
    admin_id: string;
    token_hash: string;
    created_at: string;
    last_used_at: string;
  };
  login_failures: { email: string; failed_at: number };
}

export type PersonStatus = 'active' | 'disabled';

type Db = Kysely<AuthTables>;

/** Emails are one person whatever their case (the unique index is on lower(email)). */
export const findAdminByEmail = (db: Db, email: string) =>
  db
    .selectFrom('admins')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

export const findAdminById = (db: Db, id: string) =>
  db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();

export const countAdmins = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertAdmin = (db: Db, admin: AuthTables['admins']) =>
  db.insertInto('admins').values(admin).execute();

export const updateAdmin = (
  db: Db,
  id: string,
  changes: Partial<Pick<AuthTables['admins'], 'password_hash' | 'name' | 'role' | 'status'>>,
) => db.updateTable('admins').set(changes).where('id', '=', id).execute();

export const insertSession = (db: Db, session: AuthTables['admin_sessions']) =>
  db.insertInto('admin_sessions').values(session).execute();

export const findSessionByTokenHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select([
      'admin_sessions.id',
      'admin_sessions.admin_id',
      'admin_sessions.last_used_at',
      'admins.email',
      'admins.role',
      'admins.status',
    ])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchSession = (db: Db, id: string, at: string) =>
  db.updateTable('admin_sessions').set({ last_used_at: at }).where('id', '=', id).execute();

export const deleteSession = (db: Db, id: string) =>
  db.deleteFrom('admin_sessions').where('id', '=', id).execute();

export const deleteSessionsOfAdmin = (db: Db, adminId: string) =>
  db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();

export const countFailuresSince = async (db: Db, email: string, since: number) =>
  Number(
    (
      await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email', '=', email)
        .where('failed_at', '>', since)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertFailure = (db: Db, email: string, at: number) =>
  db.insertInto('login_failures').values({ email, failed_at: at }).execute();

export const deleteFailuresOf = (db: Db, email: string) =>
  db.deleteFrom('login_failures').where('email', '=', email).execute();

export const deleteFailuresBefore = (db: Db, before: number) =>
  db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();

export const deleteSessionsUnusedSince = (db: Db, before: string) =>
  db.deleteFrom('admin_sessions').where('last_used_at', '<', before).execute();
