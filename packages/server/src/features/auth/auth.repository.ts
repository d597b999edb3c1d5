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
    /** The TOTP secret (base32) of a person with two-step sign-in on; null when it is off. */
    totp_secret: string | null;
    /** A secret shown at set-up, waiting for its first code. */
    totp_pending: string | null;
    /** The TOTP time step (30 s since 1970) of the code that last signed them in; null before the first. */
    totp_last_step: number | null;
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
  /** Sign-in attempts (ms since 1970) per email and client address; see login-limiter.ts. */
  login_failures: { email: string; failed_at: number; ip: string };
  /** Where each person signed in from (last time in ms): a sign-in from there skips the email's ceiling. */
  known_sign_in_ips: { admin_id: string; ip: string; last_at: number };
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
      'admins.totp_secret',
      // The security feature's one setting row, read in the same query: no extra round trip per request.
      (eb) =>
        eb
          .selectFrom('security_settings')
          .select('require_two_step')
          .where('id', '=', 'team')
          .as('require_two_step'),
    ])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchSession = (db: Db, id: string, at: string) =>
  db.updateTable('admin_sessions').set({ last_used_at: at }).where('id', '=', id).execute();

export const deleteSession = (db: Db, id: string) =>
  db.deleteFrom('admin_sessions').where('id', '=', id).execute();

export const deleteSessionsOfAdmin = (db: Db, adminId: string) =>
  db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();

/** The email's attempts after `since`, those from `ip` after `ipSince`, and the latest one's time. */
export const failuresSince = async (
  db: Db,
  email: string,
  { since, ip, ipSince }: { since: number; ip: string; ipSince: number },
) => {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('ip', '=', ip), eb('failed_at', '>', ipSince)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('fromIp'),
      eb.fn
        .min<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('ip', '=', ip), eb('failed_at', '>', ipSince)]))
            .then(eb.ref('failed_at'))
            .end(),
        )
        .as('oldestFromIp'),
      eb.fn.max('failed_at').as('latest'),
    ])
    .where('email', '=', email)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    all: Number(row.all),
    fromIp: Number(row.fromIp ?? 0),
    oldestFromIp: Number(row.oldestFromIp ?? 0),
    latest: Number(row.latest ?? 0),
  };
};

export const insertFailure = (db: Db, email: string, ip: string, at: number) =>
  db.insertInto('login_failures').values({ email, ip, failed_at: at }).execute();

/** The email's attempts at or before `before` (a writing statement, so on SQLite it takes the write lock). */
export const deleteFailuresOfBefore = (db: Db, email: string, before: number) =>
  db.deleteFrom('login_failures').where('email', '=', email).where('failed_at', '<=', before).execute();

export const deleteFailuresOfIp = (db: Db, email: string, ip: string) =>
  db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();

/** Whether the person of `email` signed in from `ip` since `since`. */
export const isKnownIp = async (db: Db, email: string, ip: string, since: number) =>
  (await db
    .selectFrom('known_sign_in_ips')
    .innerJoin('admins', 'admins.id', 'known_sign_in_ips.admin_id')
    .select('known_sign_in_ips.ip')
    .where(sql`lower(admins.email)`, '=', email.toLowerCase())
    .where('known_sign_in_ips.ip', '=', ip)
    .where('known_sign_in_ips.last_at', '>', since)
    .executeTakeFirst()) !== undefined;

/** Remembers a sign-in of the person from `ip`, and forgets their addresses unused since `since`. */
export const rememberIp = async (db: Db, adminId: string, ip: string, at: number, since: number) => {
  await db
    .insertInto('known_sign_in_ips')
    .values({ admin_id: adminId, ip, last_at: at })
    .onConflict((oc) => oc.columns(['admin_id', 'ip']).doUpdateSet({ last_at: at }))
    .execute();
  await db
    .deleteFrom('known_sign_in_ips')
    .where('admin_id', '=', adminId)
    .where('last_at', '<=', since)
    .execute();
};

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

/** Whether the owner requires two-step sign-in of everyone (the security feature's setting). */
export const twoStepRequired = async (db: Db) =>
  Boolean(
    (
      await db
        .selectFrom('security_settings')
        .select('require_two_step')
        .where('id', '=', 'team')
        .executeTakeFirst()
    )?.require_two_step,
  );
