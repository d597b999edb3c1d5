import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { createDatabase, type Database } from './database.js';
import { afterWriteScope, whenCommitted, WRITE_SCOPE_ENDED } from './write-scope.js';

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

  // Seen on PostgreSQL: an event flush begun inside a delete's scope ran on the delete's connection after
  // it had gone back to the pool, in the next delete's transaction, which then failed with a 500.
  it("refuses a transaction the write did not wait for once the write has ended, and the next write's own statements run", async () => {
    let resume!: () => void;
    const resumed = new Promise<void>((r) => (resume = r));
    let stray!: Promise<void>;
    await database.writeScopes.run(async () => {
      await insert('d');
      let begun!: () => void;
      const inside = new Promise<void>((r) => (begun = r));
      stray = database.db.transaction().execute(async (trx) => {
        begun();
        await resumed;
        await sql`INSERT INTO scope_probe (id) VALUES ('e')`.execute(trx);
      });
      await inside;
    }, nothing);
    // The next write takes the connection the first one gave back (pg's pool hands out the last one
    // released; SQLite has one), and the stray transaction goes on meanwhile.
    const strayFailure = stray.then(
      () => 'committed',
      (error: Error) => error.message,
    );
    await database.writeScopes.run(async () => {
      await insert('f');
      resume();
      await strayFailure;
      await insert('g');
    }, nothing);
    expect(await strayFailure).toBe(WRITE_SCOPE_ENDED);
    expect(await ids()).toEqual(['a', 'c', 'd', 'f', 'g']);
  });
});
