import type { Kysely } from 'kysely';

export interface PolicyTables {
  policies: { id: string; title: string; description: string; updated_at: string };
}

type Db = Kysely<PolicyTables>;

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
