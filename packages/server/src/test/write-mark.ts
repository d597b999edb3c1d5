import { sql, type RawBuilder } from 'kysely';
import type { TestApp } from './test-app.js';

type Context = TestApp['app']['streamdesk']['context'];

/**
 * Sets up a mark of `tables` and returns its reader, one query: the mark read after a write to a row of
 * them differs from the one read before it. Reading every row of every table after each request cost the
 * bad-input walks about half their CPU; bad-input.ts reads them only when the mark moved.
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
export async function writeMark(
  { db, dialect }: Context,
  tables: readonly string[],
): Promise<() => Promise<string>> {
  if (dialect === 'postgres') {
    await sql`CREATE TABLE walk_writes ()`.execute(db);
    await sql`CREATE FUNCTION walk_wrote() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN INSERT INTO walk_writes DEFAULT VALUES; RETURN NULL; END $$`.execute(db);
    for (const table of tables) {
      await sql`CREATE TRIGGER walk_writes_rows AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION walk_wrote()`.execute(db);
      await sql`CREATE TRIGGER walk_writes_truncate AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION walk_wrote()`.execute(db);
    }
    const count = sql<{ n: number }>`SELECT count(*)::int AS n FROM walk_writes`.compile(db);
    return async () => String((await db.executeQuery(count)).rows[0]!.n);
  }
  await sql`CREATE TEMP TABLE walk_writes (n INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO temp.walk_writes (n) VALUES (0)`.execute(db);
  const uncounted: RawBuilder<unknown>[] = [];
  for (const [i, table] of tables.entries()) {
    try {
      for (const event of ['INSERT', 'UPDATE', 'DELETE'])
        await sql`CREATE TEMP TRIGGER ${sql.id(`walk_writes_${i}_${event}`)} AFTER ${sql.raw(event)}
          ON main.${sql.table(table)} BEGIN UPDATE walk_writes SET n = n + 1; END`.execute(db);
    } catch (error) {
      if (!/cannot create triggers on (virtual|shadow) tables/.test(String(error))) throw error;
      uncounted.push(await wholeTable(db, table));
    }
  }
  const query = sql<
    Record<string, unknown>
  >`SELECT ${sql.join([sql`(SELECT n FROM temp.walk_writes)`, ...uncounted])}`;
  // Compiled once: Kysely compiling its dozens of parts for each read cost more than SQLite running it.
  const compiled = query.compile(db);
  return async () => JSON.stringify(Object.values((await db.executeQuery(compiled)).rows[0]!));
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
