import { sql, type Expression, type QueryExecutorProvider, type SqlBool } from 'kysely';
import type { DialectName } from './database.js';

/** The few SQL differences between SQLite and PostgreSQL, kept in one place. */

/** The SQLite function, registered on each connection (database.ts), that lower-cases all of Unicode. */
export const UNICODE_LOWER = 'unicode_lower';

/** Case-insensitive "contains" on a text column, for every script (PostgreSQL's ILIKE folds by its locale). */
export function containsInsensitive(dialect: DialectName, column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`
    : sql<SqlBool>`${sql.raw(UNICODE_LOWER)}(${sql.ref(column)}) LIKE ${sql.raw(UNICODE_LOWER)}(${pattern}) ESCAPE '\\'`;
}

/** The function that lower-cases all of Unicode on this database. */
const lowerFunction = (dialect: DialectName) => sql.raw(dialect === 'postgres' ? 'lower' : UNICODE_LOWER);

/** A text column lower-cased for every script, to order by as people read (not 'Z' before 'a'). */
export function lowered(dialect: DialectName, column: string): Expression<string> {
  return sql<string>`${lowerFunction(dialect)}(${sql.ref(column)})`;
}

/** Case-insensitive equality of a text column with a value, for every script (as containsInsensitive). */
export function equalsInsensitive(dialect: DialectName, column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${lowered(dialect, column)} = ${lowerFunction(dialect)}(${text})`;
}

/**
 * Holds `key` until the transaction `trx` ends, across every server process: on PostgreSQL an advisory
 * lock (so a count and the insert it allows are one step under READ COMMITTED); on SQLite nothing, as
 * a writing statement already runs alone under the database's write lock.
 */
export async function lockUntilCommit(
  dialect: DialectName,
  trx: QueryExecutorProvider,
  key: string,
): Promise<void> {
  if (dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
