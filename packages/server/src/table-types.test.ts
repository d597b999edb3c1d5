import { sql, type Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTables } from './platform/db/database.js';
import { FOLDED } from './platform/db/search-folded.js';
import { isSearchIndexTable } from './platform/db/search-index.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The app's table types (AppTables: what every feature's repository adds to it), checked against the
 * migrated schema of the database the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL; CI
 * runs both): every table, every column, whether it may be null, and its type family. The columns are
 * written once below, typed from AppTables, so a table or column a repository adds, drops or retypes
 * does not compile until it is written here, and one the migrations change fails here.
 */
type Family<T> = [T] extends [string] ? 'text' : [T] extends [number] ? 'number' : 'not a column type';
type Column<T> = null extends T ? `${Family<NonNullable<T>>} | null` : Family<T>;
// As a repository reads a row (a column with a default, Generated<T> for inserts, reads as T).
type Row<T extends keyof AppTables> = Selectable<AppTables[T]>;
type Declared = { [T in keyof AppTables]: { [C in keyof Row<T>]-?: Column<Row<T>[C]> } };

/** The processing queue's columns (platform/media/video-queue.migrations.ts `processingColumns`). */
const processingColumns = {
  state: 'text',
  progress: 'number',
  error: 'text',
  hls: 'text',
  hls_files: 'text',
  attempts: 'number',
  queued_at: 'text',
  worker: 'text',
  lease_until: 'text | null',
} as const;

const declared: Declared = {
  activity_log: {
    id: 'text',
    created_at: 'text',
    person_id: 'text | null',
    person_name: 'text',
    role: 'text',
    action: 'text',
    feature: 'text',
    item_id: 'text',
    label: 'text',
    changes: 'text',
    ip: 'text',
    user_agent: 'text',
  },
  ad_units: {
    id: 'text',
    platform: 'text',
    kind: 'text',
    a_name: 'text',
    a_id: 'text',
    a_description: 'text',
    a_click: 'number',
    created_at: 'text',
    updated_at: 'text',
  },
  admin_sessions: {
    id: 'text',
    admin_id: 'text',
    token_hash: 'text',
    created_at: 'text',
    last_used_at: 'text',
    user_agent: 'text',
    ip: 'text',
  },
  admins: {
    id: 'text',
    email: 'text',
    password_hash: 'text',
    created_at: 'text',
    name: 'text',
    role: 'text',
    status: 'text',
    totp_secret: 'text | null',
    totp_pending: 'text | null',
    totp_last_step: 'number | null',
  },
  admin_recovery_codes: { admin_id: 'text', code_hash: 'text' },
  cache_versions: { tag: 'text', version: 'number' },
  controller_counters: { name: 'text', value: 'number' },
  controller_schedules: {
    id: 'text',
    changes: 'text',
    start_at: 'text',
    end_at: 'text | null',
    status: 'text',
    person_id: 'text | null',
    created_at: 'text',
    start_job: 'text',
    end_job: 'text | null',
    before: 'text | null',
    start_version: 'number | null',
    note: 'text',
  },
  controller_settings: { name: 'text', value: 'text', updated_at: 'text' },
  event_batches: { batch_id: 'text', received_at: 'number' },
  event_journals: { journal: 'text', applied_seq: 'number' },
  event_rollups: { entity_id: 'text', day: 'text', kind: 'text', entity: 'text', count: 'number' },
  idempotency_keys: {
    admin_id: 'text',
    key: 'text',
    method: 'text',
    url: 'text',
    claim: 'text',
    created_at: 'number',
    touched_at: 'number',
    reply_status: 'number | null',
    reply_body: 'text | null',
  },
  inhouse_ad_counts: { status: 'number', n: 'number' },
  inhouse_ads: {
    id: 'text',
    main_title: 'text',
    sub_title: 'text',
    description: 'text',
    med_type: 'text',
    call_to_action: 'text',
    btn_name: 'text',
    web_stay_time: 'number',
    ad_type: 'text',
    icon: 'text',
    med_view: 'text',
    thumbnail: 'text | null',
    view: 'number',
    click_count: 'number',
    status: 'number',
    created_at: 'text',
    updated_at: 'text',
    ...processingColumns,
  },
  known_sign_in_ips: { admin_id: 'text', ip: 'text', last_at: 'number' },
  live_ad_fields: { name: 'text', value: 'text', position: 'number' },
  live_ad_fire_latest: { id: 'number', fire_id: 'text | null', created_at: 'text | null' },
  live_ad_fires: {
    id: 'text',
    ads_type: 'text',
    a_name: 'text',
    url: 'text',
    a_view: 'number',
    a_click: 'number',
    created_at: 'text',
    web_ad_id: 'text | null',
  },
  live_matches_count: { whole: 'number', n: 'number' },
  live_ad_fires_count: { whole: 'number', n: 'number', a_view: 'number', a_click: 'number' },
  live_matches: {
    id: 'text',
    title: 'text',
    url: 'text',
    thumbnail: 'text',
    view: 'number',
    status: 'number',
    created_at: 'text',
    planned_start: 'text | null',
    planned_end: 'text | null',
    start_job: 'text | null',
    end_job: 'text | null',
    planned_note: 'text',
  },
  live_viewers: { match_id: 'text', client_id: 'text', last_seen: 'number' },
  live_web_ads: { id: 'text', a_name: 'text', a_url: 'text', created_at: 'text' },
  login_failures: { email: 'text', failed_at: 'number', ip: 'text' },
  notifications_count: { whole: 'number', n: 'number' },
  notifications: {
    id: 'text',
    title: 'text',
    message: 'text',
    url: 'text | null',
    icon: 'text | null',
    created_at: 'text',
    fcm_status: 'text',
    fcm_detail: 'text | null',
    web_status: 'text',
    web_detail: 'text | null',
    delivered_at: 'text | null',
    status: 'text',
    scheduled_at: 'text | null',
    send_job: 'text | null',
  },
  password_links: { token_hash: 'text', admin_id: 'text', expires_at: 'text' },
  policies: { id: 'text', title: 'text', description: 'text', updated_at: 'text' },
  push_subscriptions: {
    id: 'text',
    endpoint: 'text',
    p256dh: 'text',
    auth: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  rate_limit_hits: { route: 'text', client: 'text', window_start: 'number', hits: 'number' },
  reels_count: { whole: 'number', n: 'number' },
  reels: {
    id: 'text',
    video: 'text',
    thumbnail: 'text',
    duration: 'number',
    size: 'number',
    view: 'number',
    click: 'number',
    created_at: 'text',
    file_name: 'text',
    ...processingColumns,
  },
  scheduled_jobs: {
    id: 'text',
    kind: 'text',
    run_at: 'text',
    payload: 'text',
    status: 'text',
    lease_until: 'text | null',
    person_id: 'text | null',
    created_at: 'text',
    finished_at: 'text | null',
    note: 'text',
  },
  security_settings: { id: 'text', require_two_step: 'number' },
  setting_version_heads: { subject: 'text', last_n: 'number' },
  setting_versions: {
    subject: 'text',
    n: 'number',
    created_at: 'text',
    person_id: 'text | null',
    person_name: 'text',
    source: 'text',
    rolled_back_to: 'number | null',
    keys: 'text',
    state: 'text',
  },
  shortcut_stories: {
    id: 'text',
    s_no: 'number',
    name: 'text',
    url: 'text',
    label: 'text',
    logo: 'text',
    click_count: 'number',
    created_at: 'text',
  },
  story_counts: { ads_story: 'number', status: 'number', n: 'number' },
  stories: {
    id: 'text',
    status: 'number',
    ads_story: 'number',
    ntv: 'number',
    ntv_id: 'text',
    video: 'text',
    image: 'text',
    thembnal: 'text',
    story_time: 'number',
    btn_name: 'text',
    btn_url: 'text',
    view: 'number',
    click_btn_count: 'number',
    max_view_limit: 'number',
    max_view_status: 'number',
    max_click_limit: 'number',
    max_click_status: 'number',
    created_at: 'text',
    ...processingColumns,
  },
  trash: {
    id: 'text',
    feature: 'text',
    kind: 'text',
    label: 'text',
    thumbnail: 'text',
    created_at: 'text',
    person_id: 'text | null',
    person_name: 'text',
    purge_at: 'text',
    snapshot: 'text',
  },
  video_categories: { id: 'text', name: 'text', main_image: 'text', status: 'number', created_at: 'text' },
  video_counts: { category_id: 'text', web: 'number', n: 'number' },
  video_day_counts: { category_id: 'text', web: 'number', day: 'text', n: 'number' },
  videos: {
    id: 'text',
    category_id: 'text',
    video: 'text',
    thumbnail: 'text',
    web: 'number',
    views: 'number',
    created_at: 'text',
    title: 'text',
    file_name: 'text',
    duration: 'number',
    width: 'number',
    height: 'number',
    size: 'number',
    ...processingColumns,
  },
  web_ad_clicks: { ad_id: 'text', day: 'text', count: 'number' },
};

/** The family of a column's type as each database names it. */
function familyOf(dataType: string): string {
  const type = dataType.toLowerCase();
  if (/^(text|varchar|character varying|char|bpchar)/.test(type)) return 'text';
  if (/^(integer|int|bigint|smallint|real|double|float|numeric|decimal)/.test(type)) return 'number';
  return type;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app’s table types', () => {
  it('name every table and column of the migrated schema, its type family and whether it may be null', async () => {
    const { db, dialect } = t.app.streamdesk.context;
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
    // A search index's FTS5 tables are no repository's tables: search-index.ts reads them in SQL.
    for (const table of (await db.introspection.getTables()).filter((t) => !isSearchIndexTable(t.name))) {
      const keys = await primaryKey(table.name);
      found[table.name] = Object.fromEntries(
        // PostgreSQL's folded search column (search-folded.ts) is no repository's column either.
        table.columns
          .filter((c) => c.name !== FOLDED)
          .map((c) => {
            const family = familyOf(c.dataType);
            return [c.name, c.isNullable && !keys.has(c.name) ? `${family} | null` : family];
          }),
      );
    }
    expect(found).toEqual(declared);
  });
});
