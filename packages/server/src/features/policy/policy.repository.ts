import type { AppDb } from '../../platform/db/database.js';

export interface PolicyTables {
  policies: { id: string; title: string; description: string; updated_at: string };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends PolicyTables {}
}

type Db = AppDb;

export const findPolicy = (db: Db, id: string) =>
  db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirst();

export const savePolicy = (db: Db, row: PolicyTables['policies']) =>
  db
    .insertInto('policies')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ title: row.title, description: row.description, updated_at: row.updated_at }),
    )
    .execute();
