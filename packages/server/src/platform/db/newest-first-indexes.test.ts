import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { lowered } from './dialect.js';
import { NEWEST_FIRST, seekRows } from './paging.js';
import { loweredOrderIndexesAgain, orderIndexes } from './newest-first-indexes.js';

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
      `SELECT id FROM videos WHERE web = 1 AND (created_at, id) < ('2030', 'x') ORDER BY created_at DESC, id DESC LIMIT 20`,
    );
    expect(plan).toContain('USING COVERING INDEX videos_web_created (web=? AND (created_at,id)<(?,?))');
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
  // The search's constraint: the row value (key, id) where it is one, so that no tie is walked (0077).
  const orders = [
    ['newest first', NEWEST_FIRST, 'videos_created', '(created_at,id)'],
    ['by title', { by: lowered('sqlite', 'title'), desc: false, apart: true }, 'videos_title', '<expr>'],
    [
      'by duration, longest first',
      { by: sql.ref('duration'), desc: true },
      'videos_duration',
      '(duration,id)',
    ],
  ] as const;
  const seeks = ['after', 'before', 'at'] as const;
  it.each(
    orders.flatMap(([name, order, index, sought]) =>
      seeks.map((from) => ({ name, order, index, sought, from })),
    ),
  )('$name, $from a row: a search of $index by $sought', async ({ order, index, sought, from }) => {
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
    expect(details).toContain(`INDEX ${index} (${sought}`);
    expect(details).not.toMatch(/TEMP B-TREE/);
  });
});

describe.skipIf(sqlite)('a deep page started from a known row, PostgreSQL (page-boundaries.ts)', () => {
  // With sequential scans off (an empty test table is read whole otherwise), the walk's index condition
  // must hold the row value (key, id): with the key's bound alone, every tie of the key is read and
  // filtered (0077: 906,040 entries for page 5000 by duration at a million videos of one duration).
  const orders = [
    ['newest first', NEWEST_FIRST, '2030-01-01T00:00:00.000Z'],
    ['by title', { by: lowered('postgres', 'title'), desc: false }, 'v'],
    ['by duration, longest first', { by: sql.ref('duration'), desc: true }, 30],
  ] as const;
  const seeks = ['after', 'before', 'at'] as const;
  it.each(orders.flatMap(([name, order, value]) => seeks.map((from) => ({ name, order, value, from }))))(
    '$name, $from a row: the index condition holds the row value',
    async ({ order, value, from }) => {
      const db = t.app.streamdesk.context.db;
      const query = seekRows(db.selectFrom('videos').select('id'), order, {
        from,
        key: { value, id: 'x' },
        skip: 0,
        take: 20,
      }).compile();
      const plan = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).toMatch(/Index Cond: \(ROW\(/);
      expect(plan).not.toMatch(/Filter:/);
    },
  );
});

describe.skipIf(sqlite)('a lower-cased order on PostgreSQL', () => {
  const named = ['videos_title', 'videos_category_title', 'reels_name', 'live_matches_title'];
  const more = ['live_ad_fires_name', 'notifications_title'];
  it('has its index hold the column, so that a walk reads the index alone (0077)', async () => {
    const db = t.app.streamdesk.context.db;
    const { rows } = await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def
      FROM pg_indexes WHERE indexname IN (${sql.join([...named, ...more])}) ORDER BY 1`.execute(db);
    expect(rows.map((r) => r.name).sort()).toEqual([...named, ...more].sort());
    for (const { def } of rows) expect(def).toMatch(/lower\((\w+)\), id\) INCLUDE \(\1\)$/);
    const plan = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM videos
        ORDER BY lower(title), id LIMIT 20 OFFSET 100`.execute(trx);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using videos_title');
  });

  it('has an index made before without the column made again with it', async () => {
    const db = t.app.streamdesk.context.db;
    await sql`CREATE TABLE order_probe (id text PRIMARY KEY, name text NOT NULL, n integer NOT NULL)`.execute(
      db,
    );
    try {
      await sql`CREATE INDEX order_probe_name ON order_probe (lower(name), id)`.execute(db);
      await sql`CREATE INDEX order_probe_n ON order_probe (n, id)`.execute(db);
      await loweredOrderIndexesAgain([
        { name: 'order_probe_name', table: 'order_probe', by: 'name', lowered: true },
        { name: 'order_probe_n', table: 'order_probe', by: 'n' },
      ]).up(db as never);
      const { rows } = await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def
        FROM pg_indexes WHERE tablename = 'order_probe' AND indexname <> 'order_probe_pkey' ORDER BY 1`.execute(
        db,
      );
      expect(rows.map((r) => [r.name, r.def.replace(/^.* USING btree /, '')])).toEqual([
        ['order_probe_n', '(n, id)'],
        ['order_probe_name', '(lower(name), id) INCLUDE (name)'],
      ]);
    } finally {
      await sql`DROP TABLE order_probe`.execute(db);
    }
  });
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
