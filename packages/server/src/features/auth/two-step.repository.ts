import type { AppDb } from '../../platform/db/database.js';

type Db = AppDb;

export interface TwoStepTables {
  /** One row per unused recovery code of a person with two-step sign-in on; a used one is deleted. */
  admin_recovery_codes: { admin_id: string; code_hash: string };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends TwoStepTables {}
}

export const findTwoStep = (db: Db, adminId: string) =>
  db
    .selectFrom('admins')
    .select(['id', 'password_hash', 'totp_secret', 'totp_pending'])
    .where('id', '=', adminId)
    .executeTakeFirst();

export const setTwoStep = (
  db: Db,
  adminId: string,
  changes: { totp_secret?: string | null; totp_pending?: string | null },
) => db.updateTable('admins').set(changes).where('id', '=', adminId).execute();

export const countRecoveryCodes = async (db: Db, adminId: string) =>
  Number(
    (
      await db
        .selectFrom('admin_recovery_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('admin_id', '=', adminId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function replaceRecoveryCodes(db: Db, adminId: string, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  if (codeHashes.length)
    await db
      .insertInto('admin_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ admin_id: adminId, code_hash })))
      .execute();
}

/** Uses up one recovery code of the person; whether it was theirs and unused. */
export const useRecoveryCode = async (db: Db, adminId: string, codeHash: string) =>
  Number(
    (
      await db
        .deleteFrom('admin_recovery_codes')
        .where('admin_id', '=', adminId)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;

/**
 * Records that a code of TOTP time step `step` signed the person in, unless one of that step or a later
 * one already did; whether it was recorded. One conditional UPDATE, so of two sign-ins with the same
 * code at once (in any process, on either database) only one is recorded.
 */
export const takeTotpStep = async (db: Db, adminId: string, step: number) =>
  Number(
    (
      await db
        .updateTable('admins')
        .set({ totp_last_step: step })
        .where('id', '=', adminId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;
