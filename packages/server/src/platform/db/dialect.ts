import { sql, type Expression, type SqlBool } from 'kysely';
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

/** Case-insensitive equality of a text column with a value, for every script (as containsInsensitive). */
export function equalsInsensitive(dialect: DialectName, column: string, text: string): Expression<SqlBool> {
  const lower = dialect === 'postgres' ? sql.raw('lower') : sql.raw(UNICODE_LOWER);
  return sql<SqlBool>`${lower}(${sql.ref(column)}) = ${lower}(${text})`;
}
