import { sql, SqliteAdapter, type Kysely, type Migration } from 'kysely';

/**
 * A migration that makes count columns 64-bit. PostgreSQL's `integer` stops at 2,147,483,647: a busy
 * app passes that in months for one ad's views or the app opens, and an update past it fails the whole
 * event flush, which keeps its counts and retries, so from then on no count of any item would be
 * written. `bigint` holds more than any count can reach (JavaScript numbers are exact to 2^53, and
 * database.ts parses int8 into them). SQLite's INTEGER is 64-bit already: nothing to do there.
 */
export function countsToBigint(tables: Record<string, readonly string[]>): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof SqliteAdapter) return;
      for (const [table, columns] of Object.entries(tables)) {
        // One ALTER TABLE per table, so PostgreSQL rewrites each table once.
        const changes = columns.map((c) => sql`ALTER COLUMN ${sql.ref(c)} TYPE bigint`);
        await sql`ALTER TABLE ${sql.table(table)} ${sql.join(changes)}`.execute(db);
      }
    },
  };
}
