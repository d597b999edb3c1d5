import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * SQLite for Kysely with each statement's compiled form kept for the next query of the same SQL: Kysely's
 * driver prepares every query anew, and `npm run bench:schedules` (3,000 due at one time, SQLite) spent
 * 2.2 s of its 10.3 s of server CPU in `prepare`. The SQL texts are the repositories' own, with values
 * as parameters, so a few hundred cover them; the least recently used goes beyond `size`. A streamed read
 * prepares its own: a kept statement being iterated could not serve the next query of its SQL.
 */
export function withStatementCache(sqlite: Database, size = 500): SqliteDatabase {
  const kept = new Map<string, Statement<unknown[]>>();
  const statementOf = (sql: string) => {
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else {
      statement = sqlite.prepare<unknown[]>(sql);
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, statement);
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const statement = statementOf(sql);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(...parameters),
        run: (parameters) => statement.run(...parameters),
        iterate: (parameters) => sqlite.prepare<unknown[]>(sql).iterate(...parameters),
      };
    },
  };
}
