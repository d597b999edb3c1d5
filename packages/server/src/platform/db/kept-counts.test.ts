import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { keptCount, keptCountsMigration, wholeCounts } from './kept-counts.js';

// A table counted whole (one counter row, no key: wholeCounts), on a scratch table of its own: the count
// starts from the rows already there and follows every insert and delete, one row or many a statement,
// while updates leave it as it is.

let t: TestApp;
const probe = wholeCounts('kept_probe');
beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.streamdesk.context.db;
  await sql`CREATE TABLE kept_probe (id text PRIMARY KEY, x integer NOT NULL)`.execute(db);
  await sql`INSERT INTO kept_probe (id, x) VALUES ('a', 1), ('b', 2)`.execute(db);
  await keptCountsMigration(probe).up(db as never);
});
afterAll(async () => {
  const db = t.app.streamdesk.context.db;
  await sql`DROP TABLE kept_probe`.execute(db);
  await sql`DROP TABLE kept_probe_count`.execute(db);
  if (t.app.streamdesk.context.dialect === 'postgres')
    await sql`DROP FUNCTION kept_probe_counted`.execute(db);
  await t.close();
});

describe('a table counted whole', () => {
  it('keeps its one count through inserts, deletes and updates', async () => {
    const db = t.app.streamdesk.context.db;
    const expectKept = async (step: string) => {
      const { rows } = await sql<{ n: unknown }>`SELECT count(*) AS n FROM kept_probe`.execute(db);
      expect([step, await keptCount(db, probe)]).toEqual([step, Number(rows[0]!.n)]);
    };
    await expectKept('the rows there before');
    await sql`INSERT INTO kept_probe (id, x) VALUES ('c', 3), ('d', 4), ('e', 5)`.execute(db);
    await expectKept('three in one statement');
    await sql`INSERT INTO kept_probe (id, x) VALUES ('f', 6)`.execute(db);
    await sql`UPDATE kept_probe SET x = x + 1`.execute(db);
    await expectKept('one more, then every row updated');
    await sql`DELETE FROM kept_probe WHERE x > 4`.execute(db);
    await expectKept('three deleted in one statement');
    await sql`DELETE FROM kept_probe`.execute(db);
    await expectKept('all deleted');
    expect(await keptCount(db, probe)).toBe(0);
    const counters = await sql<{ n: unknown }>`SELECT n FROM kept_probe_count`.execute(db);
    expect(counters.rows.length).toBe(1);
  });
});
