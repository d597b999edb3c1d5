import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../platform/db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { liveMatchesMigrations } from './live-matches.migrations.js';
import type { FireRow } from './live-matches.repository.js';

let t: TestApp;
let db: AppDb;
beforeAll(async () => {
  t = await createTestApp();
  db = t.app.streamdesk.context.db;
});
afterAll(() => t.close());

const MAIN_ID = '000000000000000000000801';
const fireRow = (id: string, a_name: string, created_at: string): FireRow => ({
  id,
  ads_type: 'Url_Ads_Fire',
  a_name,
  url: '',
  a_view: 1,
  a_click: 0,
  created_at,
  web_ad_id: null,
});

/** Takes the database back to before 0803 and 0804 (the test database is migrated to the latest). */
async function undoFireOwnership() {
  await db.schema.dropTable('live_ad_fire_latest').execute();
  await db.schema.dropIndex('live_ad_fires_web_ad_id').execute();
  await sql`ALTER TABLE live_ad_fires DROP COLUMN web_ad_id`.execute(db);
  await db.deleteFrom('live_ad_fires').execute();
}

const runUp = async (name: string) => liveMatchesMigrations[name]!.up(db as Kysely<unknown>);

describe('live matches migrations 0803 and 0804', () => {
  it("give fires the ad holding their name now, and keep the newest fire as the app's latest", async () => {
    await undoFireOwnership();
    await db
      .insertInto('live_web_ads')
      .values({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', a_name: 'Kept', a_url: 'https://k.example', created_at: '' })
      .execute();
    const fires = [
      fireRow('f1', 'WEB_URL_1', '2026-11-20T10:00:00.000Z'),
      fireRow('f2', 'Kept', '2026-11-20T11:00:00.000Z'),
      fireRow('f3', 'NoAdNow', '2026-11-20T12:00:00.000Z'),
      fireRow('f0', 'Kept', '2026-11-20T09:00:00.000Z'),
    ];
    // Rows as they were before 0803: without web_ad_id.
    await db
      .insertInto('live_ad_fires')
      .values(fires.map(({ web_ad_id: _, ...row }) => row as FireRow))
      .execute();

    await runUp('0803_live_ad_fires_web_ad_id');
    await runUp('0804_live_ad_fire_latest');

    const owners = await db.selectFrom('live_ad_fires').select(['id', 'web_ad_id']).orderBy('id').execute();
    expect(owners).toEqual([
      { id: 'f0', web_ad_id: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      { id: 'f1', web_ad_id: MAIN_ID },
      { id: 'f2', web_ad_id: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      { id: 'f3', web_ad_id: null },
    ]);
    expect(await db.selectFrom('live_ad_fire_latest').selectAll().execute()).toEqual([
      { id: 1, fire_id: 'f3', created_at: '2026-11-20T12:00:00.000Z' },
    ]);
  });

  it('start with no latest fire when none was made', async () => {
    await undoFireOwnership();
    await runUp('0803_live_ad_fires_web_ad_id');
    await runUp('0804_live_ad_fire_latest');
    expect(await db.selectFrom('live_ad_fire_latest').selectAll().execute()).toEqual([
      { id: 1, fire_id: null, created_at: null },
    ]);
  });
});
