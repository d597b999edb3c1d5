import { sql } from 'kysely';
import { expect } from 'vitest';
import type { AppDb } from '../platform/db/database.js';
import { keptCount, type KeptCounts } from '../platform/db/kept-counts.js';

/** Every combination of the kept columns' values in the table: each kept count equals a count(*). */
export async function expectKeptExact(db: AppDb, kept: KeptCounts) {
  const columns = sql.raw(Object.keys(kept.by).join(', '));
  const { rows } = await sql<Record<string, number>>`SELECT ${columns}, count(*) AS n
    FROM ${sql.table(kept.table)} GROUP BY ${columns}`.execute(db);
  for (const row of rows) {
    const where = Object.fromEntries(Object.keys(kept.by).map((c) => [c, Number(row[c])]));
    expect([where, await keptCount(db, kept, where)]).toEqual([where, Number(row.n)]);
  }
  const { rows: all } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(kept.table)}`.execute(
    db,
  );
  expect(await keptCount(db, kept)).toBe(Number(all[0]!.n));
}
