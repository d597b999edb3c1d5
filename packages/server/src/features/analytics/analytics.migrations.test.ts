import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type AppDb } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { addRollups, dailyTotals, type RollupRow } from './analytics.repository.js';
import { analyticsMigrations } from './analytics.migrations.js';

let database: Database | undefined;
let dir = '';
afterEach(async () => {
  await database?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('analytics migrations (SQLite)', () => {
  it('moves the rollups into a WITHOUT ROWID table, keeping every row, and counting still adds up', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sd-migrate-'));
    database = createDatabase({ dataDir: dir });
    const db = database.db as AppDb;
    const first = '1100_analytics_event_rollups';
    await migrateToLatest(db, { [first]: analyticsMigrations[first]! });
    const rows: RollupRow[] = [
      { entity_id: 'a', day: '2026-11-20', kind: 'view', entity: 'webAd', count: 5 },
      { entity_id: 'a', day: '2026-11-21', kind: 'click', entity: 'webAd', count: 2 },
      { entity_id: 'b', day: '2026-11-21', kind: 'view', entity: 'story', count: 7 },
    ];
    await db.insertInto('event_rollups').values(rows).execute();

    await migrateToLatest(db, analyticsMigrations);

    const { rows: table } = await sql<{
      sql: string;
    }>`SELECT sql FROM sqlite_master WHERE name = 'event_rollups'`.execute(db);
    expect(table[0]?.sql.toLowerCase()).toContain('without rowid');
    const kept = await db
      .selectFrom('event_rollups')
      .selectAll()
      .orderBy('entity_id')
      .orderBy('day')
      .execute();
    expect(kept).toEqual(rows);
    await addRollups(db, [{ entity_id: 'a', day: '2026-11-20', kind: 'view', entity: 'webAd', count: 3 }]);
    expect(await dailyTotals(db, 'a')).toEqual([
      { day: '2026-11-20', views: 8, clicks: null },
      { day: '2026-11-21', views: null, clicks: 2 },
    ]);
  });
});
