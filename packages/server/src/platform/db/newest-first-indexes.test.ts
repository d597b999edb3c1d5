import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { lowered } from './dialect.js';
import { NEWEST_FIRST, seekRows } from './paging.js';
import { orderIndexes } from './newest-first-indexes.js';

// SQLite's plans only: PostgreSQL's planner picks by table statistics, and an empty test table is
// read whole whatever its indexes.
const sqlite = inject('template').kind === 'sqlite';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ORDER = 'ORDER BY created_at DESC, id DESC LIMIT 100 OFFSET 100';

/** The newest-first pages the repositories read (paging.ts and the lists ordered the same way). */
const pages = {
  'video library, every category': `SELECT * FROM videos ${ORDER}`,
  'video library, one category': `SELECT * FROM videos WHERE category_id IN ('c1') ${ORDER}`,
  'video library, by web status': `SELECT * FROM videos WHERE web = 1 ${ORDER}`,
  'public feed': `SELECT * FROM videos WHERE category_id IN ('c1', 'c2') AND web = 1 ${ORDER}`,
  'story videos': `SELECT * FROM stories WHERE ads_story = 0 ${ORDER}`,
  'in-house ads': `SELECT * FROM inhouse_ads ${ORDER}`,
  'active in-house ads': `SELECT * FROM inhouse_ads WHERE status = 1 ${ORDER}`,
  'live matches': `SELECT * FROM live_matches ${ORDER}`,
  'live ads history': `SELECT * FROM live_ad_fires ${ORDER}`,
};

describe.skipIf(!sqlite)('newest-first pages', () => {
  it.each(Object.entries(pages))(
    '%s are read in index order, with no sort of the whole filter',
    async (_, q) => {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(q)}`.execute(
        t.app.streamdesk.context.db,
      );
      const details = plan.rows.map((r) => r.detail);
      expect(details.join('\n')).toMatch(/USING (COVERING )?INDEX/);
      expect(details.join('\n')).not.toMatch(/TEMP B-TREE/);
    },
  );
});

describe.skipIf(!sqlite)("the public feed's deep pages", () => {
  it('find their ids in an index that holds the category too, reading no table row for the skipped ones', async () => {
    const ids = `SELECT id FROM videos WHERE category_id IN ('c1', 'c2') AND web = 1 ${ORDER}`;
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(ids)}`.execute(
      t.app.streamdesk.context.db,
    );
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING COVERING INDEX videos_web_created/);
  });
});

describe.skipIf(!sqlite)('reads that must not walk a whole index', () => {
  const planOf = async (q: string) =>
    (
      await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(q)}`.execute(t.app.streamdesk.context.db)
    ).rows
      .map((r) => r.detail)
      .join('\n');

  it("the lists' newest story video seeks its partial index, past every image story", async () => {
    const plan = await planOf(
      `SELECT * FROM stories WHERE ads_story = 0 AND status = 1 AND video <> '' ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    expect(plan).toMatch(/USING INDEX stories_newest_video/);
  });

  it('a deep page started from a known row seeks the order and id in the index (page-boundaries.ts)', async () => {
    const plan = await planOf(
      `SELECT id FROM videos WHERE web = 1 AND created_at <= '2030' AND (created_at < '2030' OR id < 'x') ORDER BY created_at DESC, id DESC LIMIT 20`,
    );
    expect(plan).toMatch(/USING COVERING INDEX videos_web_created \(web=\? AND created_at<\?\)/);
  });
});

describe.skipIf(!sqlite)("the lists' other orders", () => {
  // Each key as its repository orders by it (lowered names as `lowered` builds them): the index must hold
  // the same (0075).
  const title = lowered('sqlite', 'title');
  const orders = [
    ['videos', '', title, 'videos_title'],
    ['videos', "WHERE category_id IN ('c1')", title, 'videos_category_title'],
    ['videos', '', sql.ref('duration'), 'videos_duration'],
    ['videos', "WHERE category_id IN ('c1')", sql.ref('duration'), 'videos_category_duration'],
    ['videos', '', sql.ref('views'), 'videos_views'],
    ['videos', "WHERE category_id IN ('c1')", sql.ref('views'), 'videos_category_views'],
    ['stories', 'WHERE ads_story = 0', sql.ref('view'), 'stories_kind_view'],
    ['stories', 'WHERE ads_story = 1', sql.ref('click_btn_count'), 'stories_kind_click'],
    ['reels', '', sql.ref('view'), 'reels_view'],
    ['reels', '', sql.ref('click'), 'reels_click'],
    ['reels', '', lowered('sqlite', 'file_name'), 'reels_name'],
    ['live_matches', '', title, 'live_matches_title'],
    ['live_matches', '', sql.ref('view'), 'live_matches_view'],
    ['live_ad_fires', '', lowered('sqlite', 'a_name'), 'live_ad_fires_name'],
    ['live_ad_fires', '', sql.ref('a_view'), 'live_ad_fires_view'],
    ['live_ad_fires', '', sql.ref('a_click'), 'live_ad_fires_click'],
    ['notifications', '', title, 'notifications_title'],
  ] as const;
  const cases = orders.flatMap(([table, where, key, index]) =>
    (['ASC', 'DESC'] as const).map((way) => ({ table, where, key, index, way })),
  );
  it.each(cases)(
    '$table $where by $index $way walk that index, with no sort',
    async ({ table, where, key, index, way }) => {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM ${sql.table(table)}
      ${sql.raw(where)} ORDER BY ${key} ${sql.raw(way)}, id ${sql.raw(way)} LIMIT 20 OFFSET 100`.execute(
        t.app.streamdesk.context.db,
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
      expect(details).not.toMatch(/TEMP B-TREE/);
    },
  );
});

describe.skipIf(!sqlite)('a deep page started from a known row (page-boundaries.ts)', () => {
  // The statement seekRows builds, in each order: the walk seeks the key in the order's index.
  const orders = [
    ['newest first', NEWEST_FIRST, 'videos_created'],
    ['by title', { by: lowered('sqlite', 'title'), desc: false }, 'videos_title'],
    ['by duration, longest first', { by: sql.ref('duration'), desc: true }, 'videos_duration'],
  ] as const;
  const seeks = ['after', 'before', 'at'] as const;
  it.each(orders.flatMap(([name, order, index]) => seeks.map((from) => ({ name, order, index, from }))))(
    '$name, $from a row: a search of $index',
    async ({ order, index, from }) => {
      const db = t.app.streamdesk.context.db;
      const query = seekRows(db.selectFrom('videos').select('id'), order, {
        from,
        key: { value: 'v', id: 'x' },
        skip: 0,
        take: 20,
      }).compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(new RegExp(`SEARCH videos USING (COVERING )?INDEX ${index} \\(`));
      expect(details).not.toMatch(/TEMP B-TREE/);
    },
  );
});

describe.skipIf(!sqlite)('a new order index where the database has statistics', () => {
  it('gets its own row of them (ANALYZE of the index alone)', async () => {
    const db = t.app.streamdesk.context.db;
    await sql`CREATE TABLE order_probe (id text PRIMARY KEY, n integer NOT NULL, name text NOT NULL)`.execute(
      db,
    );
    try {
      await sql`INSERT INTO order_probe VALUES ('a', 1, 'A'), ('b', 2, 'B')`.execute(db);
      await sql`ANALYZE order_probe`.execute(db);
      await orderIndexes([
        { name: 'order_probe_n', table: 'order_probe', by: 'n' },
        { name: 'order_probe_name', table: 'order_probe', by: 'name', lowered: true },
      ]).up(db as never);
      const stats = await sql<{
        idx: string;
      }>`SELECT idx FROM sqlite_stat1 WHERE tbl = 'order_probe'`.execute(db);
      expect(stats.rows.map((r) => r.idx)).toEqual(
        expect.arrayContaining(['order_probe_n', 'order_probe_name']),
      );
    } finally {
      await sql`DROP TABLE order_probe`.execute(db);
      await sql`DROP TABLE IF EXISTS sqlite_stat1`.execute(db);
    }
  });
});
