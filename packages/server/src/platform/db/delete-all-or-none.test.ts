import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTables } from './database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deleteAllOrNone } from './delete-all-or-none.js';

type Tables = { doomed: { id: string; name: string } };

let t: TestApp;
type Db = Kysely<AppTables & Tables>;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.streamdesk.context.db.withTables<Tables>();
  await sql`CREATE TABLE doomed (id text PRIMARY KEY, name text NOT NULL)`.execute(db);
});
afterAll(() => t.close());

const fill = async () => {
  await db.deleteFrom('doomed').execute();
  await db
    .insertInto('doomed')
    .values(['a', 'b', 'c'].map((id) => ({ id, name: id === 'c' ? 'main' : id })))
    .execute();
};
const left = async () =>
  (await db.selectFrom('doomed').select('id').orderBy('id').execute()).map((r) => r.id);
const steps = {
  find: (trx: Db, ids: readonly string[]) =>
    trx.selectFrom('doomed').selectAll().where('id', 'in', ids).execute(),
  remove: (trx: Db, ids: readonly string[]) => trx.deleteFrom('doomed').where('id', 'in', ids).execute(),
  missing: () => new Error('not found'),
};

describe('deleteAllOrNone', () => {
  it('deletes every id, a repeated one once, and returns the rows', async () => {
    await fill();
    const rows = await deleteAllOrNone(db, ['a', 'b', 'a'], steps);
    expect(rows.map((r) => r.id).sort()).toEqual(['a', 'b']);
    expect(await left()).toEqual(['c']);
  });

  it('deletes none when one id has no row', async () => {
    await fill();
    await expect(deleteAllOrNone(db, ['a', 'zz'], steps)).rejects.toThrow('not found');
    expect(await left()).toEqual(['a', 'b', 'c']);
  });

  it('deletes none when the check refuses the rows found', async () => {
    await fill();
    const check = (rows: Tables['doomed'][]) => {
      if (rows.some((r) => r.name === 'main')) throw new Error('the main one stays');
    };
    await expect(deleteAllOrNone(db, ['a', 'c'], { ...steps, check })).rejects.toThrow('the main one stays');
    expect(await left()).toEqual(['a', 'b', 'c']);
  });
});
