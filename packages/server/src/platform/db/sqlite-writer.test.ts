import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, sqliteFile, type Database } from './database.js';
import { READERS_CLOSED } from './sqlite-readers.js';
import { SqliteWriter, writesOn } from './sqlite-writer.js';

// The writer thread is SQLite's alone: each test file makes its own database file.
let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-writer-'));
  database = createDatabase({ dataDir, sqliteReaders: 1 });
  await sql`CREATE TABLE probe (id integer PRIMARY KEY, name text NOT NULL)`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const names = async () =>
  (await sql<{ name: string }>`SELECT name FROM probe ORDER BY id`.execute(database.db)).rows.map(
    (r) => r.name,
  );
const insert = (name: string) => sql`INSERT INTO probe (name) VALUES (${name})`.compile(database.db);
// Counting to three million through a recursive CTE: most of a second or more of SQLite work.
const slowInsert = (name: string) =>
  sql`INSERT INTO probe (name) SELECT ${name} || count(*) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL
    SELECT i + 1 FROM n WHERE i < 3000000) SELECT i FROM n)`.compile(database.db);
const clear = () => sql`DELETE FROM probe`.execute(database.db);

describe('the SQLite writer (background writes on SQLite)', () => {
  it("commits a transaction's statements together and answers the rows each changed", async () => {
    await clear();
    const changed = await database.backgroundWrites.transaction([
      insert('one'),
      insert('two'),
      sql`UPDATE probe SET name = unicode_lower(${'ÉQUIPE'}) WHERE name = 'two'`.compile(database.db),
      sql`SELECT count(*) AS n FROM probe`.compile(database.db),
    ]);
    expect(changed).toEqual([1, 1, 1, 0]);
    expect(await names()).toEqual(['one', 'équipe']);
    // The readers see the commit too.
    expect((await sql`SELECT count(*) AS n FROM probe`.execute(database.readDb)).rows).toEqual([{ n: 2 }]);
  });

  it("rolls back the whole transaction when a statement fails, with SQLite's message, and goes on", async () => {
    await clear();
    const error = await database.backgroundWrites
      .transaction([insert('kept?'), sql`INSERT INTO nowhere VALUES (1)`.compile(database.db)])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'no such table: nowhere', code: 'SQLITE_ERROR' });
    expect(await names()).toEqual([]);
    expect(await database.backgroundWrites.transaction([insert('after')])).toEqual([1]);
    expect(await names()).toEqual(['after']);
  });

  it('writes off the event loop: timers keep firing while a long statement runs', async () => {
    await clear();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      expect(await database.backgroundWrites.transaction([slowInsert('counted ')])).toEqual([1]);
    } finally {
      clearInterval(timer);
    }
    expect(await names()).toEqual(['counted 3000000']);
    // On the main thread the timer could not fire once during the statement.
    expect(ticks).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it("holds the lock only while its transaction runs: the main connection's write waits for it, then lands", async () => {
    await clear();
    await database.backgroundWrites.transaction([insert('thread started')]);
    const background = database.backgroundWrites.transaction([
      insert('first'),
      slowInsert('slow '),
      insert('last'),
    ]);
    // The thread is at its slow statement: the main connection's write waits for the lock in SQLite's busy
    // handler (the event loop with it) and lands after the commit. Sent a statement at a time, the
    // transaction could not go on while the main thread waited, and the write failed with SQLITE_BUSY.
    await setTimeout(300);
    await sql`INSERT INTO probe (name) VALUES ('main')`.execute(database.db);
    expect(await background).toEqual([1, 1, 1]);
    expect(await names()).toEqual(['thread started', 'first', 'slow 3000000', 'last', 'main']);
  }, 60_000);

  it('fails a transaction sent after the close', async () => {
    const writer = new SqliteWriter(sqliteFile(dataDir), {});
    expect(await writer.transaction([insert('from another writer')])).toEqual([1]);
    await writer.close();
    await expect(writer.transaction([insert('too late')])).rejects.toThrow(READERS_CLOSED);
  });
});

describe('background writes on the main connection (PostgreSQL)', () => {
  it("commits a transaction's statements together, or none of them", async () => {
    await clear();
    const writes = writesOn(database.db);
    expect(await writes.transaction([insert('a'), insert('b')])).toEqual([1, 1]);
    await expect(
      writes.transaction([insert('c'), sql`INSERT INTO nowhere VALUES (1)`.compile(database.db)]),
    ).rejects.toThrow(/no such table/);
    expect(await names()).toEqual(['a', 'b']);
  });
});
