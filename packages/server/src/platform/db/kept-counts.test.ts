import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { keptCount, keptCountsMigration, keptTotals, wholeCounts, type KeptCounts } from './kept-counts.js';

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

describe('counts kept with sums', () => {
  // Per key `k`, the rows' count and the sums of `v` and `c`: each write compared with the rows grouped.
  const summed: KeptCounts = {
    table: 'sums_probe',
    counts: 'sums_probe_count',
    by: { k: 'integer' },
    sums: ['v', 'c'],
  };
  const whole: KeptCounts = {
    ...wholeCounts('sums_probe'),
    counts: 'sums_probe_whole',
    triggers: 'sums_whole',
    sums: ['v'],
  };

  it('follow inserts, deletes, updates of a sum, of the key, and of both, one row or many', async () => {
    const db = t.app.streamdesk.context.db;
    await sql`CREATE TABLE sums_probe (id text PRIMARY KEY, k integer NOT NULL, v bigint NOT NULL, c bigint NOT NULL)`.execute(
      db,
    );
    try {
      await sql`INSERT INTO sums_probe VALUES ('a', 1, 10, 1), ('b', 2, 20, 2)`.execute(db);
      await keptCountsMigration(summed).up(db as never);
      await keptCountsMigration(whole).up(db as never);
      const expectKept = async (step: string) => {
        const { rows } = await sql<Record<string, unknown>>`SELECT k, count(*) AS n, sum(v) AS v, sum(c) AS c
          FROM sums_probe GROUP BY k ORDER BY k`.execute(db);
        const kept = await sql<Record<string, unknown>>`SELECT k, n, v, c FROM sums_probe_count
          WHERE n <> 0 ORDER BY k`.execute(db);
        const numbers = (list: Record<string, unknown>[]) => list.map((r) => Object.values(r).map(Number));
        expect([step, numbers(kept.rows)]).toEqual([step, numbers(rows)]);
        const all = await sql<{ n: unknown; v: unknown }>`SELECT count(*) AS n, coalesce(sum(v), 0) AS v
          FROM sums_probe`.execute(db);
        expect([step, await keptTotals(db, whole)]).toEqual([
          step,
          { n: Number(all.rows[0]!.n), v: Number(all.rows[0]!.v) },
        ]);
      };
      await expectKept('the rows there before');
      await sql`INSERT INTO sums_probe VALUES ('c', 1, 5, 0), ('d', 3, 7, 7), ('e', 3, 1, 1)`.execute(db);
      await expectKept('three in one statement');
      await sql`UPDATE sums_probe SET v = v + 100 WHERE k = 3`.execute(db);
      await expectKept('a sum raised on two rows');
      await sql`UPDATE sums_probe SET k = 2 WHERE id = 'c'`.execute(db);
      await expectKept('a row moved to another key');
      await sql`UPDATE sums_probe SET k = 1, v = v - 3, c = c + 4 WHERE k = 3`.execute(db);
      await expectKept('two rows moved with their sums changed');
      await sql`UPDATE sums_probe SET id = id || 'x'`.execute(db);
      await expectKept('a column neither counted nor summed');
      await sql`DELETE FROM sums_probe WHERE k = 1`.execute(db);
      await expectKept('a key emptied in one statement');
      await sql`DELETE FROM sums_probe`.execute(db);
      await expectKept('every row deleted');
      expect(await keptTotals(db, whole)).toEqual({ n: 0, v: 0 });
    } finally {
      await sql`DROP TABLE sums_probe`.execute(db);
      await sql`DROP TABLE sums_probe_count`.execute(db);
      await sql`DROP TABLE sums_probe_whole`.execute(db);
      if (t.app.streamdesk.context.dialect === 'postgres') {
        await sql`DROP FUNCTION sums_probe_counted`.execute(db);
        await sql`DROP FUNCTION sums_whole_counted`.execute(db);
      }
    }
  });
});
