import type { AppDb } from '../../platform/db/database.js';
import { sql } from 'kysely';
import type { Person, PersonNamed } from '@streamdesk/contract/team';
// The people are the auth feature's table; the team feature lists and changes them.
import type { AuthTables } from '../auth/auth.repository.js';
import { noteUpdate } from '../../platform/activity/noted-update.js';

export interface TeamTables {
  admins: AuthTables['admins'];
  admin_sessions: AuthTables['admin_sessions'];
  login_failures: AuthTables['login_failures'];
  password_links: { token_hash: string; admin_id: string; expires_at: string };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends TeamTables {}
}
type Db = AppDb;
type PersonRow = TeamTables['admins'];

export const toPerson = (row: PersonRow): Person => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  twoStep: row.totp_secret !== null,
  createdAt: row.created_at,
});

export const listPeople = (db: Db) => db.selectFrom('admins').selectAll().execute();

/** Ids and names only: what the activity log's readers may know of the team. */
export const listPeopleNamed = async (db: Db): Promise<PersonNamed[]> =>
  (await db.selectFrom('admins').select(['id', 'name']).execute()).map((row) => ({
    _id: row.id,
    name: row.name,
  }));

export const findPerson = (db: Db, id: string) =>
  db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();

export const emailTaken = async (db: Db, email: string) =>
  (await db
    .selectFrom('admins')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()) !== undefined;

export const countActiveOwners = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('role', '=', 'owner')
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertPerson = (db: Db, row: PersonRow) => db.insertInto('admins').values(row).execute();

export const updatePerson = async (
  db: Db,
  id: string,
  changes: Partial<Pick<PersonRow, 'name' | 'role' | 'status' | 'password_hash'>>,
) => {
  await noteUpdate(db, 'admins', [id], changes);
  return db.updateTable('admins').set(changes).where('id', '=', id).execute();
};

/** Ends every session of a person; how many there were. */
export const deleteSessionsOf = async (db: Db, id: string) =>
  Number(
    (await db.deleteFrom('admin_sessions').where('admin_id', '=', id).executeTakeFirst()).numDeletedRows,
  );

export const deleteLinksOf = (db: Db, id: string) =>
  db.deleteFrom('password_links').where('admin_id', '=', id).execute();

export const insertLink = (db: Db, link: TeamTables['password_links']) =>
  db.insertInto('password_links').values(link).execute();

/** Uses up a link that has not expired: the person it is for, once; undefined after that or when late. */
/** The name and email of the person a set-password link is for, while it works. */
export const linkHolder = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('password_links')
    .innerJoin('admins', 'admins.id', 'password_links.admin_id')
    .select(['admins.name', 'admins.email'])
    .where('password_links.token_hash', '=', tokenHash)
    .where('password_links.expires_at', '>', now)
    .executeTakeFirst();

export const takeLink = async (db: Db, tokenHash: string, now: string) =>
  (
    await db
      .deleteFrom('password_links')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returning('admin_id')
      .executeTakeFirst()
  )?.admin_id;

/** Failed sign-ins after `since` per email (lower case, as sign-in keeps them). */
export const failedSignInsSince = async (db: Db, since: number) =>
  new Map(
    (
      await db
        .selectFrom('login_failures')
        .select(['email', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('failed_at', '>', since)
        .groupBy('email')
        .execute()
    ).map((row) => [row.email, Number(row.n)]),
  );

/** Forgets every failed sign-in of an email; how many there were. */
export const deleteFailedSignInsOf = async (db: Db, email: string) =>
  Number(
    (await db.deleteFrom('login_failures').where('email', '=', email.toLowerCase()).executeTakeFirst())
      .numDeletedRows,
  );
