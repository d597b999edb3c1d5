import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { createDatabase, type Database } from './database.js';
import { afterWriteScope, whenCommitted } from './write-scope.js';

let fresh: FreshDatabase;
let database: Database;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = createDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: fresh.dataDir });
  await sql`CREATE TABLE scope_probe (id varchar(20) NOT NULL)`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  await fresh.remove();
});

const ids = async () =>
  (await sql<{ id: string }>`SELECT id FROM scope_probe ORDER BY id`.execute(database.db)).rows.map(
    (r) => r.id,
  );
const insert = (id: string) => sql`INSERT INTO scope_probe (id) VALUES (${id})`.execute(database.db);
const nothing = async () => {};

describe('work after a write scope', () => {
  it('runs whenCommitted work after the commit, where it sees the write, before the result is handed back', async () => {
    const seen: string[][] = [];
    const reply = { done: false };
    const result = await database.writeScopes.run(async () => {
      await insert('a');
      await whenCommitted(async () => {
        seen.push(await ids());
        reply.done = true;
      });
      expect(seen).toEqual([]);
      return reply;
    }, nothing);
    expect(seen).toEqual([['a']]);
    expect(result).toEqual({ done: true });
  });

  it('drops whenCommitted work when the write rolls back', async () => {
    let ran = false;
    const failed = database.writeScopes.run(async () => {
      await insert('b');
      await whenCommitted(async () => void (ran = true));
      throw new Error('the service refused');
    }, nothing);
    await expect(failed).rejects.toThrow('the service refused');
    expect(ran).toBe(false);
    expect(await ids()).toEqual(['a']);
  });

  it('keeps a committed write when work after it fails, and runs the rest', async () => {
    let later = false;
    const result = await database.writeScopes.run(async () => {
      await insert('c');
      afterWriteScope(() => {
        throw new Error('an invalidation failed');
      });
      await whenCommitted(() => Promise.reject(new Error('the mail server went away')));
      await whenCommitted(async () => void (later = true));
      return 'written';
    }, nothing);
    expect(result).toBe('written');
    expect(later).toBe(true);
    expect(await ids()).toEqual(['a', 'c']);
  });
});
