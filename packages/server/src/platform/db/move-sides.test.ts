import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { moveSides } from './move-sides.js';
import type { RowKey } from './page-boundaries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Keys whose order differs between byte order and a language's collation (PostgreSQL's locale), ties on
// the text broken by the id.
const VALUES = ['a b', 'a-c', 'ab', 'ä', 'é', 'e', 'z', '_x', '10', '9', 'ab'];
const keys: RowKey[] = VALUES.map((value, n) => ({ value, id: `id${n}` }));

describe('moveSides', () => {
  it("places keys against moves as the database's own order does", async () => {
    const db = t.app.streamdesk.context.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE move_probe (v text NOT NULL, id text NOT NULL)`.execute(db);
    for (const { value, id } of keys) await sql`INSERT INTO move_probe VALUES (${value}, ${id})`.execute(db);
    const ordered = (await sql<{ id: string }>`SELECT id FROM move_probe ORDER BY v, id`.execute(db)).rows;
    const place = new Map(ordered.map((r, n) => [r.id, n]));
    const at = (key: RowKey) => place.get(key.id)!;
    // Every pair of keys as a move, every key placed against it as its place in that order says.
    const moves = keys.flatMap((from) => keys.map((to) => ({ from, to })));
    const sides = await moveSides(db)(keys, moves);
    const expected = keys.map((key) =>
      moves.map(({ from, to }) => {
        const [low, high] = [Math.min(at(from), at(to)), Math.max(at(from), at(to))];
        return at(key) < low ? -1 : at(key) > high ? 1 : 0;
      }),
    );
    expect(sides).toEqual(expected);
    await sql`DROP TABLE move_probe`.execute(db);
  });

  it('answers without asking when there are no keys or no moves', async () => {
    const db = t.app.streamdesk.context.db as unknown as Kysely<unknown>;
    expect(await moveSides(db)([], [{ from: keys[0]!, to: keys[1]! }])).toEqual([]);
    expect(await moveSides(db)(keys.slice(0, 2), [])).toEqual([[], []]);
  });
});
