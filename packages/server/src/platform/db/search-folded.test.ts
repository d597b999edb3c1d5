import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { FOLDED, foldedSearchMigration, GRAMS, searchGramsMigration } from './search-folded.js';
import { searchIndexMigration, type SearchIndex } from './search-index.js';
import { matchesSearch } from './search.js';

/**
 * The folded column (PostgreSQL) made over rows already there, as its migration meets them on an existing
 * install, then kept by its trigger: every search finds what the columns' ILIKEs found. SQLite's migration
 * does nothing, and its searches answer the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const probe: SearchIndex = { table: 'folded_probe', columns: ['a', 'b', 'c'], folded: true };

describe('foldedSearchMigration', () => {
  it('folds the rows already there and those written after, and finds what each column holds', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const raw = db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE folded_probe (id text PRIMARY KEY, a text NOT NULL, b text NOT NULL, c text)`.execute(
      raw,
    );
    await sql`INSERT INTO folded_probe VALUES ('1', 'Ärger im Büro', 'x', null), ('2', 'y', 'ÇAY SAATİ', 'z'),
      ('3', 'ends ab', 'cd starts', '100% off_now')`.execute(raw);
    await searchIndexMigration(probe).up(raw);
    await foldedSearchMigration(probe).up(raw);
    const ids = async (q: string, lead?: string) =>
      (
        await sql<{ id: string }>`SELECT id FROM folded_probe
          WHERE ${matchesSearch(dialect, probe, { text: q, lead })} ORDER BY id`.execute(raw)
      ).rows.map((r) => r.id);
    expect(await ids('ärger')).toEqual(['1']);
    expect(await ids('ÄRGER IM')).toEqual(['1']);
    expect(await ids('çay')).toEqual(['2']);
    expect(await ids('arger')).toEqual([]);
    // Never across two columns: 'ab' ends one column and 'cd' starts the next.
    expect(await ids('ab cd')).toEqual([]);
    expect(await ids('ab\ncd')).toEqual([]);
    expect(await ids('b\nc')).toEqual([]);
    // `%` and `_` literally.
    expect(await ids('0% off_')).toEqual(['3']);
    expect(await ids('0%_off')).toEqual([]);
    if (dialect === 'postgres') {
      // Led by a word (search-lead.ts, PostgreSQL only): the lead's rows, each checked for the whole text.
      expect(await ids('saati çay', 'saati')).toEqual([]);
      expect(await ids('çay saati', 'saati')).toEqual(['2']);
      expect(await ids('ab cd', 'cd')).toEqual([]);
    }
    await sql`INSERT INTO folded_probe VALUES ('4', 'Ärgerlich', 'w', 'v')`.execute(raw);
    await sql`UPDATE folded_probe SET a = 'Ruhe' WHERE id = '1'`.execute(raw);
    expect(await ids('ÄRGER')).toEqual(['4']);
    await sql`UPDATE folded_probe SET c = 'Neu ÄRGER' WHERE id = '2'`.execute(raw);
    expect(await ids('ärger')).toEqual(['2', '4']);
    await sql`DELETE FROM folded_probe WHERE id = '4'`.execute(raw);
    expect(await ids('ärger')).toEqual(['2']);
    if (dialect !== 'postgres') return;
    // A row restored from the trash brings its old folded text: the trigger folds it again.
    await sql`INSERT INTO folded_probe (id, a, b, c, ${sql.ref(FOLDED)}) VALUES ('5', 'Gelb', 'q', 'r', 'stale')`.execute(
      raw,
    );
    expect(await ids('stale')).toEqual([]);
    expect(await ids('gelb')).toEqual(['5']);
    // One trigram index, on the folded column, in place of the columns' own.
    const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
      WHERE tablename = 'folded_probe' AND indexname LIKE '%trgm' ORDER BY indexname`.execute(raw);
    expect(rows.map((r) => r.indexname)).toEqual([`folded_probe_${FOLDED}_trgm`]);
  });
});

describe('searchGramsMigration', () => {
  it('finds a text holding punctuation through an index that reads it, exactly', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const raw = db as unknown as Kysely<unknown>;
    const grams: SearchIndex = { table: 'grams_probe', columns: ['title', 'file_name'], folded: true };
    await sql`CREATE TABLE grams_probe (id text PRIMARY KEY, title text NOT NULL, file_name text NOT NULL)`.execute(
      raw,
    );
    await searchIndexMigration(grams).up(raw);
    await foldedSearchMigration(grams).up(raw);
    await searchGramsMigration(grams).up(raw);
    // Written after the indexes: an index made over rows the folded column's UPDATE rewrote may not be
    // used by a transaction older than it (PostgreSQL's indcheckxmin), as other test files' may be.
    await sql`INSERT INTO grams_probe VALUES ('1', 'Clip one', 'v1.mp4'), ('2', 'Clip two', 'v1-mp4'),
      ('3', 'Clip three', 'v11mp4'), ('4', 'A_B (final)', 'aqb.mov'), ('5', 'Ünïcode.Ä', 'ä.mp4')`.execute(
      raw,
    );
    const search = (q: string) =>
      sql<{ id: string }>`SELECT id FROM grams_probe WHERE ${matchesSearch(dialect, grams, q)} ORDER BY id`;
    const ids = async (q: string) => (await search(q).execute(raw)).rows.map((r) => r.id);
    // The punctuation written as letters finds `1-mp4` too: the check of the text itself leaves it out.
    expect(await ids('1.mp4')).toEqual(['1']);
    expect(await ids('1-MP4')).toEqual(['2']);
    expect(await ids('.mp4')).toEqual(['1', '5']);
    expect(await ids('a_b')).toEqual(['4']);
    expect(await ids('aqb')).toEqual(['4']);
    expect(await ids('a%b')).toEqual([]);
    expect(await ids('(final)')).toEqual(['4']);
    expect(await ids('e.ä')).toEqual(['5']);
    expect(await ids('Ä.MP4')).toEqual(['5']);
    await sql`UPDATE grams_probe SET file_name = 'v2.mp4' WHERE id = '1'`.execute(raw);
    expect(await ids('1.mp4')).toEqual([]);
    if (dialect !== 'postgres') return;
    // The index through GRAMS is the one read for such a text (the table is small: the planner is told
    // to read it by a bitmap), the folded column's own for a text of words.
    const plan = (q: string) =>
      db.connection().execute(async (c) => {
        await sql`SET enable_seqscan = off`.execute(c);
        await sql`SET enable_indexscan = off`.execute(c);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${search(q)}`.execute(c);
        await sql`RESET enable_seqscan`.execute(c);
        await sql`RESET enable_indexscan`.execute(c);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan('1.mp4')).toContain(`grams_probe_${GRAMS}_trgm`);
    expect(await plan('1.mp4')).not.toContain(`grams_probe_${FOLDED}_trgm`);
    expect(await plan('clip one')).toContain(`grams_probe_${FOLDED}_trgm`);
  });
});
