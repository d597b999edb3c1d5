import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchIndexes } from './features.js';
import { readStatisticsAhead, statisticsOf } from './platform/db/search-lead.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The searches' table statistics (search-lead.ts, PostgreSQL): read ahead as the server starts, for every
 * list's search index, and read again beside the searches once they are old (0073).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** The tables the migrations gave a search index: SQLite's FTS5 tables, PostgreSQL's trigram indexes. */
async function indexedTables(): Promise<string[]> {
  const { db, dialect } = t.app.streamdesk.context;
  const raw = db as unknown as Kysely<unknown>;
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT substr(name, 1, length(name) - 7) AS name FROM sqlite_master
          WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%' AND name LIKE '%\\_search' ESCAPE '\\'`.execute(
          raw,
        )
      : await sql<{ name: string }>`SELECT DISTINCT tablename AS name FROM pg_indexes
          WHERE schemaname = current_schema() AND indexdef LIKE '%gin_trgm_ops%'`.execute(raw);
  return rows.map((r) => r.name).sort();
}

describe('the search indexes read ahead', () => {
  it('are every search index the migrations made', async () => {
    expect(searchIndexes.map((i) => i.table).sort()).toEqual(await indexedTables());
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a table’s statistics (PostgreSQL)', () => {
  it('are read ahead, kept, and once old answered as kept while they are read again', async () => {
    const db = t.app.streamdesk.context.readDb;
    const raw = db as unknown as Kysely<unknown>;
    const rows = async (n: number) => {
      await sql`INSERT INTO stats_probe SELECT 'title ' || i FROM generate_series(1, ${n}) AS i`.execute(raw);
      await sql`ANALYZE stats_probe`.execute(raw);
    };
    await sql`CREATE TABLE stats_probe (title text NOT NULL)`.execute(raw);
    await rows(100);
    await readStatisticsAhead(db, ['stats_probe']);
    await rows(900);
    // Kept: not read again within their time.
    expect((await statisticsOf(db, 'stats_probe')).rows).toBe(100);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
    // Old: the kept ones answer at once, and the read beside brings the new ones.
    expect((await statisticsOf(db, 'stats_probe')).rows).toBe(100);
    await vi.waitFor(async () => expect((await statisticsOf(db, 'stats_probe')).rows).toBe(1000));
  });
});
