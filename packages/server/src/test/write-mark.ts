import { sql, type RawBuilder } from 'kysely';
import type { TestApp } from './test-app.js';

type Context = TestApp['app']['streamdesk']['context'];

/**
 * Sets up a mark of each of `tables` and returns their reader, two queries at most: a table's mark read
 * after a write to a row of it differs from the one read before (no mark: nothing written since the set
 * up). Reading every row of every table after each request cost the bad-input walks most of the CPU a
 * refusal took; bad-input.ts reads only the tables whose mark moved.
 *
 * Triggers count the rows written, in the writing transaction: a write rolled back left nothing and is
 * not counted, one not yet committed counts once it commits, not before its rows can be read. Neither
 * database has a counter of its own that is both cheap and exact:
 * - SQLite: TEMP triggers on the one connection every write goes through (the readers' connections are
 *   read-only: db/database.ts), counting into a TEMP table, so the database file is not changed.
 *   `total_changes()` would also count the tables the walks leave out, which most requests step (the rate
 *   limits' hits). The search indexes' FTS5 tables and their shadow tables take no trigger
 *   (db/search-index.ts): the mark holds their every value, aggregated by SQLite.
 * - PostgreSQL: row triggers, and a statement trigger for TRUNCATE, adding a row to a table of their own
 *   that every connection of the pool sees once committed. The statistics views (`pg_stat_*`) reach other
 *   sessions late, the WAL position moves with every database of the server (the suite's other files),
 *   and a sequence's steps are seen before the transaction that took them commits.
 */
export async function writeMarks(
  { db, dialect }: Context,
  tables: readonly string[],
): Promise<() => Promise<Record<string, string>>> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE walk_writes (t text NOT NULL)`.execute(db);
    await sql`CREATE FUNCTION walk_wrote() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN INSERT INTO walk_writes VALUES (TG_TABLE_NAME); RETURN NULL; END $$`.execute(db);
    for (const table of tables) {
      await sql`CREATE TRIGGER walk_writes_rows AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION walk_wrote()`.execute(db);
      await sql`CREATE TRIGGER walk_writes_truncate AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION walk_wrote()`.execute(db);
    }
    const counts = sql<{ t: string; n: number }>`
      SELECT t, count(*)::int AS n FROM walk_writes GROUP BY t`.compile(db);
    return async () =>
      Object.fromEntries((await db.executeQuery(counts)).rows.map(({ t, n }) => [t, String(n)]));
  }
  await sql`CREATE TEMP TABLE walk_writes (t TEXT PRIMARY KEY, n INTEGER NOT NULL)`.execute(db);
  const uncounted: [string, RawBuilder<unknown>][] = [];
  for (const [i, table] of tables.entries()) {
    try {
      for (const event of ['INSERT', 'UPDATE', 'DELETE'])
        await sql`CREATE TEMP TRIGGER ${sql.id(`walk_writes_${i}_${event}`)} AFTER ${sql.raw(event)}
          ON main.${sql.table(table)} BEGIN UPDATE walk_writes SET n = n + 1 WHERE t = ${sql.lit(table)}; END`.execute(
          db,
        );
      await sql`INSERT INTO temp.walk_writes (t, n) VALUES (${table}, 0)`.execute(db);
    } catch (error) {
      if (!/cannot create triggers on (virtual|shadow) tables/.test(String(error))) throw error;
      uncounted.push([table, await wholeTable(db, table)]);
    }
  }
  // Compiled once: Kysely compiling the dozens of parts for each read cost more than SQLite running them.
  const counts = sql<{ t: string; n: number }>`SELECT t, n FROM temp.walk_writes`.compile(db);
  const whole = sql<Record<string, string | null>>`SELECT ${sql.join(
    uncounted.map(([table, value]) => sql`${value} AS ${sql.id(table)}`),
  )}`.compile(db);
  return async () => ({
    ...Object.fromEntries((await db.executeQuery(counts)).rows.map(({ t, n }) => [t, String(n)])),
    // An empty table's aggregate is NULL; a row's text is never empty.
    ...Object.fromEntries(
      Object.entries(uncounted.length ? (await db.executeQuery(whole)).rows[0]! : {}).map(([t, v]) => [
        t,
        v ?? '',
      ]),
    ),
  });
}

/**
 * Every value of `table` as one text, its rows in order of their text: `quote` writes each value so that
 * no two differ in the same text (blobs in hex).
 */
async function wholeTable(db: Context['db'], table: string) {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
  const row = sql.join(
    rows.map((c) => sql`quote(${sql.ref(c.name)})`),
    sql` || ',' || `,
  );
  return sql`(SELECT group_concat(r, ';' ORDER BY r) FROM (SELECT ${row} AS r FROM ${sql.table(table)}))`;
}
