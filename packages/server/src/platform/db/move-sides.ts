import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { MoveSides, RowKey } from './page-boundaries.js';

/**
 * MoveSides for a list ordered by a text (a lower-cased name), asked of `db`: each kept key compared with
 * each move's two keys as the row value (text, id), as the lists' seeks compare them (paging.ts's
 * seekRows), in the database's own collation, which JavaScript cannot reproduce (PostgreSQL's locale). One
 * statement: PageBoundaries keeps at most 2,000 pages (4,000 keys, 8,000 parameters) and 16 moves a list,
 * under both databases' limits on parameters (32,766 and 65,535).
 */
export const moveSides =
  (db: QueryExecutorProvider): MoveSides =>
  async (keys, moves) => {
    if (!keys.length || !moves.length) return keys.map(() => moves.map(() => 0));
    // VALUES names its columns column1, column2, … on both databases.
    const text = (value: unknown) => sql`CAST(${value} AS text)`;
    const row = (n: number, ...of: RowKey[]) =>
      sql`(${sql.join([sql.lit(n), ...of.flatMap((key) => [text(key.value), text(key.id)])])})`;
    const values = (rows: RawBuilder<unknown>[]) => sql`(VALUES ${sql.join(rows)})`;
    const key = sql`(k.column2, k.column3)`;
    const [from, to] = [sql`(m.column2, m.column3)`, sql`(m.column4, m.column5)`];
    const { rows } = await sql<{ k: number; m: number; side: number }>`SELECT k.column1 AS k, m.column1 AS m,
      CASE WHEN ${key} < ${from} AND ${key} < ${to} THEN -1
        WHEN ${key} > ${from} AND ${key} > ${to} THEN 1 ELSE 0 END AS side
      FROM ${values(keys.map((k, n) => row(n, k)))} AS k
      CROSS JOIN ${values(moves.map((m, n) => row(n, m.from, m.to)))} AS m`.execute(db);
    const sides = keys.map(() => moves.map(() => 0));
    for (const { k, m, side } of rows) sides[Number(k)]![Number(m)] = Number(side);
    return sides;
  };
