import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BLOCK, newestBefore, searchBlocksMigration } from './search-blocks.js';
import type { SearchIndex } from './search-index.js';

/**
 * The newest date before a rowid (search-blocks.ts), against the rows themselves, over block bounds: filled
 * by the migration for rows already there, then kept by its triggers on inserts and date changes; after a
 * delete it may say newer than the rows (never older). SQLite only (PostgreSQL has no rowid; its migration
 * does nothing).
 */
let t: TestApp;
const probe: SearchIndex = { table: 'blocks_probe', columns: ['title'] };
const raw = () => t.app.streamdesk.context.db as unknown as Kysely<unknown>;
const at = (second: number) => new Date(Date.UTC(2038, 0, 1) + second * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.runIf(process.env.TEST_DATABASE_URL === undefined)('newestBefore', () => {
  it('is the newest date of the rows before a rowid, kept through inserts, date changes and deletes', async () => {
    const db = raw();
    await sql`CREATE TABLE blocks_probe (id text PRIMARY KEY, title text NOT NULL, created_at text NOT NULL)`.execute(
      db,
    );
    const insert = async (from: number, n: number, date: (i: number) => string) => {
      for (let i = from; i < from + n; i += 200)
        await sql`INSERT INTO blocks_probe (id, title, created_at) VALUES ${sql.join(
          Array.from(
            { length: Math.min(200, from + n - i) },
            (_, k) => sql`(${`p${i + k}`}, ${`Title ${i + k}`}, ${date(i + k)})`,
          ),
        )}`.execute(db);
    };
    // Rowids 1..1,100, in date order but for rowid 700, dated after them all; the blocks made over them.
    await insert(1, 1100, (i) => at(i === 700 ? 5000 : i));
    await searchBlocksMigration(probe).up(db);
    // Then, through the triggers, rowids 1,101..2,300, and rowid 2,200 dated before most.
    await insert(1101, 1200, (i) => at(i === 2200 ? 3 : i));
    const truth = async (before: number) =>
      (
        await sql<{ newest: string | null }>`SELECT max(created_at) AS newest FROM blocks_probe
          WHERE rowid < ${before}`.execute(db)
      ).rows[0]?.newest ?? undefined;
    const bounds = [
      1,
      2,
      700,
      701,
      BLOCK - 1,
      BLOCK,
      BLOCK + 1,
      1101,
      2 * BLOCK,
      2 * BLOCK + 1,
      2201,
      2301,
      9999,
    ];
    for (const before of bounds)
      expect(await newestBefore(db, probe, before), `${before}`).toEqual(await truth(before));
    expect(await newestBefore(db, probe, 701)).toBe(at(5000));
    // A date moved later counts from then on.
    await sql`UPDATE blocks_probe SET created_at = ${at(6000)} WHERE rowid = 1500`.execute(db);
    for (const before of bounds)
      expect(await newestBefore(db, probe, before), `${before}`).toEqual(await truth(before));
    // A delete may leave its date counted: never older than the rows.
    await sql`DELETE FROM blocks_probe WHERE rowid IN (700, 1500)`.execute(db);
    for (const before of bounds) {
      const [kept, rows] = [await newestBefore(db, probe, before), await truth(before)];
      expect(rows === undefined || (kept !== undefined && kept >= rows), `${before}`).toBe(true);
    }
    // Blocks below the rowid's own keep the deleted rows' dates; its own block's rows are read as they are.
    expect(await newestBefore(db, probe, 2 * BLOCK + 1)).toBe(at(6000));
    expect(await newestBefore(db, probe, 701)).toBe(at(699));
  });
});
