import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { searchIndexMigration, type SearchIndex } from './search-index.js';
import { matchesSearch } from './search.js';

/** A search index made over rows already there (as its migration meets them on an existing install). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const probe: SearchIndex = { table: 'search_probe', columns: ['a', 'b'] };

describe('searchIndexMigration', () => {
  it('indexes the rows already in the table, and those written after', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const raw = db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE search_probe (id text PRIMARY KEY, a text NOT NULL, b text NOT NULL)`.execute(raw);
    await sql`INSERT INTO search_probe VALUES ('1', 'Ärger im Büro', 'x'), ('2', 'y', 'ÇAY SAATİ')`.execute(
      raw,
    );
    await searchIndexMigration(probe).up(raw);
    const ids = async (q: string) =>
      (
        await sql<{
          id: string;
        }>`SELECT id FROM search_probe WHERE ${matchesSearch(dialect, probe, q)} ORDER BY id`.execute(raw)
      ).rows.map((r) => r.id);
    expect(await ids('ärger')).toEqual(['1']);
    expect(await ids('çay')).toEqual(['2']);
    expect(await ids('arger')).toEqual([]);
    await sql`INSERT INTO search_probe VALUES ('3', 'Ärgerlich', 'z')`.execute(raw);
    await sql`UPDATE search_probe SET a = 'Ruhe' WHERE id = '1'`.execute(raw);
    expect(await ids('ÄRGER')).toEqual(['3']);
    await sql`DELETE FROM search_probe WHERE id = '3'`.execute(raw);
    expect(await ids('ärger')).toEqual([]);
  });
});
