import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { createDatabase, type Database } from '../db/database.js';
import { insertReels, reelRow } from '../../test/reel-rows.js';
import { nextWithoutPoster, posterlessAfter } from './video-queue.repository.js';

// The poster backfill's walk (0061) seeks the table's index of rows without a poster: at each start it
// read every ready row on the event loop before (bench:scale, 0047). The rows it must find stay found.
let fresh: FreshDatabase;
let database: Database;
const reels = { table: 'reels', video: 'video' };
const ROWS = 3000;
const id = (n: number) => reelRow(n).id!;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = createDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: fresh.dataDir });
  // Most rows ready without a ladder (played as MP4), some with a ladder and its poster, one processing
  // without a poster yet; the two to find: near the start and the very last row of the walk by id.
  const ladder = (n: number) => `/media/reels/${n}.m3u8`;
  const unposted = (n: number) => n === 10 || n === ROWS - 1 || n === 7;
  await insertReels(database.db, ROWS, (n) =>
    reelRow(n, {
      state: n === 7 ? 'processing' : 'ready',
      hls: n % 3 === 0 || unposted(n) ? ladder(n) : '',
      hls_files: unposted(n) ? `/media/reels/${n}.ts` : `/media/reels/${n}-poster.jpg`,
    }),
  );
  await sql`ANALYZE reels`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  await fresh.remove();
});

describe('the poster backfill walk', () => {
  it('finds each ready row with a ladder and no poster, the last row of the table included, and then none', async () => {
    const found: string[] = [];
    for (let row = await nextWithoutPoster(database.db, reels, ''); row;) {
      found.push(row.id);
      expect(row).toMatchObject({ video: `/media/reels/${Number(row.id.slice(1))}.mp4` });
      row = await nextWithoutPoster(database.db, reels, row.id);
    }
    expect(found).toEqual([id(10), id(ROWS - 1)]);
  });

  it("reads the table's index of posterless rows, not every ready row", async () => {
    const { sql: text, parameters } = posterlessAfter(database.db, reels, id(10)).compile();
    const explain = database.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const plan = await database.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(explain + text, [...parameters]),
    );
    expect(plan.rows.map((r) => Object.values(r).join(' ')).join('\n')).toMatch(/reels_posterless/);
  });
});
