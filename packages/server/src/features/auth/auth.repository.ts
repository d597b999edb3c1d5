import type { AppDb } from '../../platform/db/database.js';
import { sql } from 'kysely';
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
    /** The sign-in's User-Agent header, at most 512 characters; '' when none was sent. */
    user_agent: string;
    ip: string;
  };
  login_failures: { email: string; failed_at: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends AuthTables {}
}

export type PersonStatus = 'active' | 'disabled';

type Db = AppDb;

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
      'admin_sessions.created_at',
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

/**
 * Adds a failure row for `email` at `at` only while it has fewer than `max` after `since`, in one
 * statement; whether it was added. Atomic on its own on SQLite (a writing statement takes the database's
 * write lock before it reads); on PostgreSQL the caller holds the email's lock (dialect.ts).
 */
export const insertFailureBelow = async (db: Db, email: string, at: number, since: number, max: number) => {
  const attemptsInWindow = db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('email', '=', email)
    .where('failed_at', '>', since);
  const result = await db
    .insertInto('login_failures')
    .columns(['email', 'failed_at'])
    .expression(
      db
        // Typed, as PostgreSQL reads the parameters of an INSERT ... SELECT as text.
        .selectNoFrom([
          sql<string>`cast(${email} as text)`.as('email'),
          sql<number>`cast(${at} as bigint)`.as('failed_at'),
        ])
        .where(attemptsInWindow, '<', max),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
};

export const deleteFailuresOf = (db: Db, email: string) =>
  db.deleteFrom('login_failures').where('email', '=', email).execute();

export const deleteFailuresBefore = (db: Db, before: number) =>
  db.deleteFrom('login_failures').where('failed_at', '<=', before).execute();

/** Sessions unused since one time or signed in before another: both have stopped working. */
export const deleteSessionsPast = (db: Db, limits: { unusedSince: string; createdBefore: string }) =>
  db
    .deleteFrom('admin_sessions')
    .where((eb) =>
      eb.or([eb('last_used_at', '<', limits.unusedSince), eb('created_at', '<', limits.createdBefore)]),
    )
    .execute();
