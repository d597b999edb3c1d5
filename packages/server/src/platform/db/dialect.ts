import { sql, type Expression, type SqlBool } from 'kysely';
import type { DialectName } from './database.js';

/** The few SQL differences between SQLite and PostgreSQL, kept in one place. */

/** Case-insensitive "contains" on a text column. */
export function containsInsensitive(dialect: DialectName, column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`
    : sql<SqlBool>`lower(${sql.ref(column)}) LIKE lower(${pattern}) ESCAPE '\\'`;
}
