import type { AppDb } from '../../platform/db/database.js';

export interface SecurityTables {
  /** One row, id 'team' (made by the migration). Flags are 0/1 (0003-storage-conventions.md). */
  security_settings: { id: string; require_two_step: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends SecurityTables {}
}

const ROW = 'team';

export const readSettings = async (db: AppDb) => {
  const row = await db
    .selectFrom('security_settings')
    .select('require_two_step')
    .where('id', '=', ROW)
    .executeTakeFirst();
  return { requireTwoStep: Boolean(row?.require_two_step) };
};

export const writeSettings = (db: AppDb, settings: { requireTwoStep: boolean }) =>
  db
    .updateTable('security_settings')
    .set({ require_two_step: settings.requireTwoStep ? 1 : 0 })
    .where('id', '=', ROW)
    .execute();

/** Whether the person has two-step sign-in on (the owner turns it on before requiring it of everyone). */
export const hasTwoStep = async (db: AppDb, adminId: string) =>
  (await db.selectFrom('admins').select('totp_secret').where('id', '=', adminId).executeTakeFirst())
    ?.totp_secret != null;
