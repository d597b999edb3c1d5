import { describe, expect, it } from 'vitest';
import { SQLite } from './sqlite-driver.js';
import { withStatementCache } from './statement-cache.js';

/** An in-memory SQLite whose `prepare` calls are counted. */
function counted() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, name text)');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

describe('statement cache', () => {
  it('prepares a SQL text once and runs it again with other values', () => {
    const { sqlite, prepared } = counted();
    const db = withStatementCache(sqlite);
    for (const name of ['a', 'b', 'c']) db.prepare('insert into t (name) values (?)').run([name]);
    const select = 'select name from t where id > ? order by id';
    expect(db.prepare(select).reader).toBe(true);
    expect(db.prepare(select).all([1])).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(db.prepare(select).all([2])).toEqual([{ name: 'c' }]);
    expect(prepared).toEqual(['insert into t (name) values (?)', select]);
    db.close();
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { sqlite, prepared } = counted();
    const db = withStatementCache(sqlite, 2);
    const q = (n: number) => db.prepare(`select ${n} as n`).all([]);
    q(1);
    q(2);
    q(1); // 1 is now the most recent
    q(3); // drops 2
    q(1);
    expect(prepared).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n']);
    q(2);
    expect(prepared.at(-1)).toBe('select 2 as n');
    db.close();
  });

  it('streams a read on a statement of its own while the kept one serves other queries', () => {
    const { sqlite } = counted();
    const db = withStatementCache(sqlite);
    for (const name of ['a', 'b']) db.prepare('insert into t (name) values (?)').run([name]);
    const select = 'select name from t where id >= ? order by id';
    const seen: unknown[] = [];
    for (const row of db.prepare(select).iterate([1])) {
      seen.push(row);
      // The same SQL while the stream is open: a kept statement being iterated would refuse this.
      expect(db.prepare(select).all([2])).toEqual([{ name: 'b' }]);
    }
    expect(seen).toEqual([{ name: 'a' }, { name: 'b' }]);
    db.close();
  });
});
