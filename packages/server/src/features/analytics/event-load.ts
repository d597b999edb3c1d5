import { sql } from 'kysely';
import { createDatabase } from '../../platform/db/database.js';
import type { FreshDatabase } from '../../test/fresh-database.js';
import { TEST_ADMIN, TEST_API_KEY, TEST_PAYLOAD_KEY } from '../../test/test-app.js';

/**
 * What the tests that stop a server under event load share (sigterm-under-load, kill-under-load): the
 * reels counted, the batch each app client sends, the server's environment and reading what it wrote.
 */
export const REELS = ['5e1000000000000000000001', '5e1000000000000000000002', '5e1000000000000000000003'];

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
/** Per reel: a view now, a view yesterday (another rollup day), a click now; five times over. */
export const batchEvents = (sender: number) =>
  Array.from({ length: 5 }, () =>
    REELS.flatMap((id) => [
      { type: 'view', entity: 'reel', id, clientId: `phone-${sender}` },
      { type: 'view', entity: 'reel', id, clientId: `phone-${sender}`, at: yesterday() },
      { type: 'click', entity: 'reel', id, clientId: `phone-${sender}` },
    ]),
  ).flat();
export const VIEWS_PER_REEL = 10;
export const CLICKS_PER_REEL = 5;

/** The environment `npm start` gets in these tests. */
export const serverEnv = (database: FreshDatabase) => ({
  ...database.env,
  DATA_DIR: database.dataDir,
  API_KEY: TEST_API_KEY,
  PAYLOAD_KEY: TEST_PAYLOAD_KEY,
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // One IP sends everything here: the per-IP limit would answer 429 and measure nothing.
  EVENTS_RATE_LIMIT: '0',
});

/** Reads the database the server wrote, through a connection of its own. */
export async function readDatabase<T>(
  database: FreshDatabase,
  read: (db: ReturnType<typeof createDatabase>['db']) => Promise<T>,
) {
  const opened = createDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.dataDir });
  try {
    return await read(opened.db);
  } finally {
    await opened.destroy();
  }
}

export const addReels = (database: FreshDatabase) =>
  readDatabase(database, async (db) => {
    for (const id of REELS)
      await sql`INSERT INTO reels (id, video, thumbnail, created_at) VALUES (${id}, ${`/media/${id}.mp4`}, ${`/media/${id}.jpg`}, ${new Date().toISOString()})`.execute(
        db,
      );
  });

/** Each reel's totals, and the rollups' sums per kind. */
export const reelCounts = (database: FreshDatabase) =>
  readDatabase(database, async (db) => ({
    totals: (
      await sql<{ id: string; view: number | string; click: number | string }>`
        SELECT id, view, click FROM reels ORDER BY id`.execute(db)
    ).rows.map((r) => ({ id: r.id, view: Number(r.view), click: Number(r.click) })),
    rollups: (
      await sql<{ kind: string; n: number | string }>`
        SELECT kind, sum(count) AS n FROM event_rollups WHERE entity = 'reel' GROUP BY kind ORDER BY kind`.execute(
        db,
      )
    ).rows.map((r) => ({ kind: r.kind, n: Number(r.n) })),
  }));
