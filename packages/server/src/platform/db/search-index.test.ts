import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ginStorageMigration, searchIndexMigration, type SearchIndex } from './search-index.js';
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

describe('GIN_STORAGE', () => {
  // A pending list past a few pages makes every search of the index read it whole, and turned the date
  // spans' probe into sequential scans (0076): every GIN index of the schema must keep it short.
  it('keeps the pending list of every GIN index of the migrated schema short (PostgreSQL)', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    if (dialect !== 'postgres') return;
    const { rows } = await sql<{ name: string; options: string[] | null }>`SELECT c.relname AS name,
      c.reloptions AS options FROM pg_class c JOIN pg_am a ON a.oid = c.relam
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'i' AND a.amname = 'gin' AND n.nspname = current_schema() ORDER BY 1`.execute(
      db as unknown as Kysely<unknown>,
    );
    expect(rows.map((r) => r.name)).toContain('videos_search_days');
    expect(rows.filter((r) => !r.options?.includes('gin_pending_list_limit=64')).map((r) => r.name)).toEqual(
      [],
    );
  });

  it('is set by its migration on the GIN indexes made without it', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    if (dialect !== 'postgres') return;
    const raw = db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE gin_probe (a text NOT NULL)`.execute(raw);
    await sql`CREATE INDEX gin_probe_a ON gin_probe USING gin (a gin_trgm_ops)`.execute(raw);
    await ginStorageMigration.up(raw);
    const { rows } = await sql<{ options: string[] | null }>`SELECT reloptions AS options FROM pg_class
      WHERE relname = 'gin_probe_a'`.execute(raw);
    expect(rows[0]?.options).toEqual(['gin_pending_list_limit=64']);
  });
});
