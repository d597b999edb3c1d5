import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdUnitsTables } from './features/ad-units/ad-units.repository.js';
import type { AnalyticsTables } from './features/analytics/analytics.repository.js';
import type { ControllerTables } from './features/controller/controller.repository.js';
import type { LiveViewersTables } from './features/analytics/live-viewers.repository.js';
import type { InHouseAdsTables } from './features/inhouse-ads/inhouse-ads.repository.js';
import type { LiveMatchesTables } from './features/live-matches/live-matches.repository.js';
import type { PolicyTables } from './features/policy/policy.repository.js';
import type { ReelTables } from './features/reels/reels.repository.js';
import type { ShortcutTables } from './features/shortcut-stories/shortcut-stories.repository.js';
import type { StoriesTables } from './features/stories/stories.repository.js';
import type { VideoCategoriesTables } from './features/video-categories/video-categories.repository.js';
import type { VideosTables } from './features/videos/videos.repository.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The table types the features' repositories declare, checked against the migrated schema on
 * the database the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL): every column, and
 * whether it may be null. Each table's columns are written once below, typed from the repository's own
 * interface, so a column the interface adds, drops or makes nullable does not compile until it is
 * written here, and one the migrations change fails here. Not yet written: the tables of auth, team,
 * notifications and the platform (sessions, rate limits, idempotency keys, cache versions).
 */
type Columns<Row> = { [K in keyof Row]-?: null extends Row[K] ? 'null' : 'not null' };
const columns = <Tables>(tables: { [T in keyof Tables]: Columns<Tables[T]> }) => tables;

const declared = {
  ...columns<StoriesTables>({
    stories: {
      id: 'not null',
      status: 'not null',
      ads_story: 'not null',
      ntv: 'not null',
      ntv_id: 'not null',
      video: 'not null',
      image: 'not null',
      thembnal: 'not null',
      story_time: 'not null',
      btn_name: 'not null',
      btn_url: 'not null',
      view: 'not null',
      click_btn_count: 'not null',
      max_view_limit: 'not null',
      max_view_status: 'not null',
      max_click_limit: 'not null',
      max_click_status: 'not null',
      created_at: 'not null',
    },
  }),
  ...columns<ShortcutTables>({
    shortcut_stories: {
      id: 'not null',
      s_no: 'not null',
      name: 'not null',
      url: 'not null',
      label: 'not null',
      logo: 'not null',
      click_count: 'not null',
      created_at: 'not null',
    },
  }),
  ...columns<ReelTables>({
    reels: {
      id: 'not null',
      video: 'not null',
      thumbnail: 'not null',
      duration: 'not null',
      size: 'not null',
      view: 'not null',
      click: 'not null',
      created_at: 'not null',
    },
  }),
  ...columns<InHouseAdsTables>({
    inhouse_ads: {
      id: 'not null',
      main_title: 'not null',
      sub_title: 'not null',
      description: 'not null',
      med_type: 'not null',
      call_to_action: 'not null',
      btn_name: 'not null',
      web_stay_time: 'not null',
      ad_type: 'not null',
      icon: 'not null',
      med_view: 'not null',
      thumbnail: 'null',
      view: 'not null',
      click_count: 'not null',
      status: 'not null',
      created_at: 'not null',
      updated_at: 'not null',
    },
  }),
  ...columns<LiveMatchesTables>({
    live_matches: {
      id: 'not null',
      title: 'not null',
      url: 'not null',
      thumbnail: 'not null',
      view: 'not null',
      status: 'not null',
      created_at: 'not null',
    },
    live_ad_fields: { name: 'not null', value: 'not null', position: 'not null' },
    live_web_ads: { id: 'not null', a_name: 'not null', a_url: 'not null', created_at: 'not null' },
    live_ad_fires: {
      id: 'not null',
      ads_type: 'not null',
      a_name: 'not null',
      url: 'not null',
      a_view: 'not null',
      a_click: 'not null',
      created_at: 'not null',
      web_ad_id: 'null',
    },
    live_ad_fire_latest: { id: 'not null', fire_id: 'null', created_at: 'null' },
  }),
  ...columns<AdUnitsTables>({
    ad_units: {
      id: 'not null',
      platform: 'not null',
      kind: 'not null',
      a_name: 'not null',
      a_id: 'not null',
      a_description: 'not null',
      a_click: 'not null',
      created_at: 'not null',
      updated_at: 'not null',
    },
    web_ad_clicks: { ad_id: 'not null', day: 'not null', count: 'not null' },
  }),
  ...columns<VideosTables>({
    videos: {
      id: 'not null',
      category_id: 'not null',
      video: 'not null',
      thumbnail: 'not null',
      web: 'not null',
      views: 'not null',
      created_at: 'not null',
    },
  }),
  ...columns<AnalyticsTables>({
    event_rollups: {
      entity_id: 'not null',
      day: 'not null',
      kind: 'not null',
      entity: 'not null',
      count: 'not null',
    },
    event_batches: { batch_id: 'not null', received_at: 'not null' },
    event_journals: { journal: 'not null', applied_seq: 'not null' },
  }),
  ...columns<VideoCategoriesTables>({
    video_categories: {
      id: 'not null',
      name: 'not null',
      main_image: 'not null',
      status: 'not null',
      created_at: 'not null',
    },
  }),
  ...columns<ControllerTables>({
    controller_settings: { name: 'not null', value: 'not null', updated_at: 'not null' },
    controller_counters: { name: 'not null', value: 'not null' },
  }),
  ...columns<PolicyTables>({
    policies: { id: 'not null', title: 'not null', description: 'not null', updated_at: 'not null' },
  }),
  ...columns<LiveViewersTables>({
    live_viewers: { match_id: 'not null', client_id: 'not null', last_seen: 'not null' },
  }),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the features’ table types', () => {
  it('name every column of the migrated tables, and which may be null', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const migrated = new Map((await db.introspection.getTables()).map((table) => [table.name, table]));
    /**
     * SQLite lets a primary key column other than an INTEGER one hold NULL unless it says NOT NULL (a
     * documented quirk kept for old files); no write ever leaves one out, and PostgreSQL refuses it.
     */
    const primaryKey = async (table: string) =>
      dialect === 'sqlite'
        ? new Set(
            (
              await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) WHERE pk > 0`.execute(
                db,
              )
            ).rows.map((r) => r.name),
          )
        : new Set<string>();
    const found: Record<string, Record<string, string>> = {};
    for (const name of Object.keys(declared)) {
      const keys = await primaryKey(name);
      found[name] = Object.fromEntries(
        (migrated.get(name)?.columns ?? []).map((c) => [
          c.name,
          c.isNullable && !keys.has(c.name) ? 'null' : 'not null',
        ]),
      );
    }
    expect(found).toEqual(declared);
  });
});
