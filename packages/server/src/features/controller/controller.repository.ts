import type { AppDb } from '../../platform/db/database.js';

export interface ControllerTables {
  controller_settings: { name: string; value: string; updated_at: string };
  controller_counters: { name: string; value: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends ControllerTables {}
}

type Db = AppDb;

export const listSettings = (db: Db) =>
  db.selectFrom('controller_settings').select(['name', 'value']).execute();

/** Writes several settings at once, all or none. Values are JSON text. */
export const saveSettings = (db: Db, values: Record<string, unknown>, at: string) =>
  db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(values)) {
      const text = JSON.stringify(value);
      await trx
        .insertInto('controller_settings')
        .values({ name, value: text, updated_at: at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: text, updated_at: at }))
        .execute();
    }
  });

export const readCounter = async (db: Db, name: string) =>
  Number(
    (await db.selectFrom('controller_counters').select('value').where('name', '=', name).executeTakeFirst())
      ?.value ?? 0,
  );

export const addToCounter = (db: Db, name: string, by: number) =>
  db
    .insertInto('controller_counters')
    .values({ name, value: by })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ value: eb('controller_counters.value', '+', by) })),
    )
    .execute();
