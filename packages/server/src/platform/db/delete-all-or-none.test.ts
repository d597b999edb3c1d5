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
  remove: (trx: Db, ids: readonly string[]) =>
    trx.deleteFrom('doomed').where('id', 'in', ids).returningAll().execute(),
  missing: () => new Error('not found'),
};
/** A trash of the rows removed, whose id is unique as the trash's is. */
const trashed: string[] = [];
const trash = async (_trx: Db, removed: Tables['doomed'][]) => {
  for (const row of removed) {
    if (trashed.includes(row.id)) throw new Error(`${row.id} is in the trash twice`);
    trashed.push(row.id);
  }
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

  it('trashes the rows it deleted, and refuses when another delete took one after it read them', async () => {
    await fill();
    trashed.length = 0;
    // Another delete takes `a` between this one's read and its delete (as a second delete, waiting on the
    // rows' locks on PostgreSQL, sees it): the rows it read are no longer all there to delete.
    const find = async (trx: Db, ids: readonly string[]) => {
      const rows = await steps.find(trx, ids);
      await trx.deleteFrom('doomed').where('id', '=', 'a').execute();
      return rows;
    };
    await expect(deleteAllOrNone(db, ['a', 'b'], { ...steps, find, trash })).rejects.toThrow('not found');
    expect(trashed).toEqual([]);
    expect(await left()).toEqual(['a', 'b', 'c']);
    const rows = await deleteAllOrNone(db, ['a', 'b'], { ...steps, trash });
    expect(rows.map((r) => r.id).sort()).toEqual(['a', 'b']);
    expect(trashed.sort()).toEqual(['a', 'b']);
  });

  it('with `some`, deletes the ids that have a row and refuses only when none has', async () => {
    await fill();
    const rows = await deleteAllOrNone(db, ['a', 'zz'], { ...steps, some: true });
    expect(rows.map((r) => r.id)).toEqual(['a']);
    await expect(deleteAllOrNone(db, ['a', 'zz'], { ...steps, some: true })).rejects.toThrow('not found');
    expect(await left()).toEqual(['b', 'c']);
  });

  // Two transactions at once need two connections: SQLite runs them one after the other.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'of two deletes of the same id at once, one deletes and trashes it, the other answers missing',
    async () => {
      await fill();
      trashed.length = 0;
      // Both read the row before either deletes it.
      let reads = 0;
      let bothRead!: () => void;
      const read = new Promise<void>((r) => (bothRead = r));
      const find = async (trx: Db, ids: readonly string[]) => {
        const rows = await steps.find(trx, ids);
        if (++reads === 2) bothRead();
        await read;
        return rows;
      };
      const results = await Promise.allSettled([
        deleteAllOrNone(db, ['a'], { ...steps, find, trash }),
        deleteAllOrNone(db, ['a'], { ...steps, find, trash }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((r) => r.status === 'rejected')?.reason).toEqual(new Error('not found'));
      expect(trashed).toEqual(['a']);
    },
  );
});
