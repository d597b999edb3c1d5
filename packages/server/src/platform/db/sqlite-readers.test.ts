import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import { createDatabase, sqliteFile, type Database } from './database.js';
import {
  READERS_CLOSED,
  READERS_NICE,
  READS_ONLY,
  SqliteReaders,
  SqliteReadersDialect,
} from './sqlite-readers.js';

// The readers are SQLite's alone: each test makes its own database file (PostgreSQL's readDb is its db).
let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-readers-'));
  database = createDatabase({ dataDir, sqliteReaders: 2 });
  await sql`CREATE TABLE probe (id integer PRIMARY KEY, name text NOT NULL)`.execute(database.db);
  await sql`INSERT INTO probe (id, name) VALUES (1, 'Équipe'), (2, 'b'), (3, 'c')`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = <R>(query: ReturnType<typeof sql<R>>) => query.execute(database.readDb).then((r) => r.rows);

describe('SQLite readers (readDb on SQLite)', () => {
  it('answers a read with its rows, with the parameters bound in order', async () => {
    expect(
      await rows(sql`SELECT id, name FROM probe WHERE id >= ${2} AND name <> ${'c'} ORDER BY id`),
    ).toEqual([{ id: 2, name: 'b' }]);
    expect(await rows(sql`SELECT count(*) AS n, ${null} AS none, ${1.5} AS half FROM probe`)).toEqual([
      { n: 3, none: null, half: 1.5 },
    ]);
  });

  it('has the functions every connection registers (unicode_lower for the searches)', async () => {
    expect(await rows(sql`SELECT id FROM probe WHERE unicode_lower(name) = ${'équipe'}`)).toEqual([
      { id: 1 },
    ]);
  });

  it("fails a bad query with SQLite's message and code, and goes on serving", async () => {
    const error = await sql`SELECT * FROM nowhere`.execute(database.readDb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: 'no such table: nowhere', code: 'SQLITE_ERROR' });
    expect(await rows(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('refuses writes and transactions', async () => {
    await expect(sql`INSERT INTO probe (id, name) VALUES (9, 'x')`.execute(database.readDb)).rejects.toThrow(
      /readonly/,
    );
    await expect(database.readDb.transaction().execute(async () => {})).rejects.toThrow(READS_ONLY);
    expect(await rows(sql`SELECT count(*) AS n FROM probe`)).toEqual([{ n: 3 }]);
  });

  it("reads through the request's transaction once it wrote, so a service sees its own write", async () => {
    const seen = await database.writeScopes!.run(
      async () => {
        const before = await rows(sql`SELECT count(*) AS n FROM probe WHERE id = 100`);
        await sql`INSERT INTO probe (id, name) VALUES (100, 'in scope')`.execute(database.db);
        const after = await rows(sql`SELECT name FROM probe WHERE id = 100`);
        return { before, after };
      },
      async () => {},
    );
    expect(seen).toEqual({ before: [{ n: 0 }], after: [{ name: 'in scope' }] });
    expect(await rows(sql`SELECT name FROM probe WHERE id = 100`)).toEqual([{ name: 'in scope' }]);
    await sql`DELETE FROM probe WHERE id = 100`.execute(database.db);
  });

  it('sees a write committed just before the read (WAL)', async () => {
    for (let id = 10; id < 30; id++) {
      await sql`INSERT INTO probe (id, name) VALUES (${id}, 'new')`.execute(database.db);
      expect(await rows(sql`SELECT id FROM probe WHERE id = ${id}`)).toEqual([{ id }]);
      await sql`UPDATE probe SET name = 'changed' WHERE id = ${id}`.execute(database.db);
      expect(await rows(sql`SELECT name FROM probe WHERE id = ${id}`)).toEqual([{ name: 'changed' }]);
    }
  });

  it('runs a slow read off the event loop: timers keep firing while it runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    try {
      // Counting to three million through a recursive CTE: most of a second or more of SQLite work in one query.
      const [row] = await rows<{ n: number }>(
        sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS n FROM n`,
      );
      expect(row).toEqual({ n: 3_000_000 });
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    // On the main thread the timer could not fire once during the query. Generous: a handful of ticks
    // in a query of a second or more, however busy the machine.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('runs reads side by side on its threads, no more threads than its size', async () => {
    const readers = new SqliteReaders(sqliteFile(dataDir), 2);
    const db = new Kysely<object>({ dialect: new SqliteReadersDialect(readers) });
    try {
      expect(readers.running).toBe(0);
      const all = await Promise.all(
        Array.from({ length: 8 }, (_, i) => sql<{ i: number }>`SELECT ${i} AS i`.execute(db)),
      );
      expect(all.map((r) => r.rows[0]!.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(readers.running).toBe(2);
    } finally {
      await db.destroy();
    }
    expect(readers.running).toBe(0);
    await expect(readers.all('SELECT 1', [])).rejects.toThrow(READERS_CLOSED);
  });

  it('starts every thread ahead of the first read when warmed, and fails the warm-up of a missing file', async () => {
    const readers = new SqliteReaders(sqliteFile(dataDir), 2);
    try {
      await readers.warm();
      expect(readers.running).toBe(2);
      await readers.warm();
      expect(readers.running).toBe(2);
      expect(await readers.all('SELECT name FROM probe WHERE id = ?', [2])).toEqual([{ name: 'b' }]);
    } finally {
      await readers.close();
    }
    const missing = new SqliteReaders(path.join(dataDir, 'missing.db'), 1);
    await expect(missing.warm()).rejects.toThrow(/unable to open|does not exist/);
    await missing.close();
  });

  it('runs its threads at nice 19 unless given another priority', async () => {
    // Each thread's nice is the 19th field of its stat (after the name in brackets, the 17th).
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const niceOfNewThreads = async (readers: SqliteReaders) => {
      const before = new Set(readdirSync('/proc/self/task'));
      try {
        await readers.warm();
        return readdirSync('/proc/self/task')
          .filter((tid) => !before.has(tid))
          .map(niceOf)
          .filter((nice) => nice !== 0);
      } finally {
        await readers.close();
      }
    };
    expect(READERS_NICE).toBe(19);
    expect(await niceOfNewThreads(new SqliteReaders(sqliteFile(dataDir), 2))).toEqual([19, 19]);
    expect(await niceOfNewThreads(new SqliteReaders(sqliteFile(dataDir), 2, {}, 7))).toEqual([7, 7]);
  });

  it('fails a read cut off by the close, and one a thread could not start for', async () => {
    const readers = new SqliteReaders(sqliteFile(dataDir), 1);
    const slow = readers.all(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000) SELECT count(*) FROM n',
      [],
    );
    const queued = readers.all('SELECT 1', []);
    const failed = Promise.all([
      expect(slow).rejects.toThrow(READERS_CLOSED),
      expect(queued).rejects.toThrow(READERS_CLOSED),
    ]);
    await readers.close();
    await failed;

    const missing = new SqliteReaders(path.join(dataDir, 'missing.db'), 1);
    await expect(missing.all('SELECT 1', [])).rejects.toThrow(/unable to open|does not exist/);
    expect(missing.running).toBe(0);
    await missing.close();
  });
});
