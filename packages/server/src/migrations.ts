import type { Migration } from 'kysely';
import { adUnitsMigrations } from './features/ad-units/ad-units.migrations.js';
import { analyticsMigrations } from './features/analytics/analytics.migrations.js';
import { cacheSyncMigrations } from './platform/cache-sync/cache-sync.migrations.js';
import { rateLimitsMigrations } from './platform/rate-limits/rate-limits.migrations.js';
import { idempotencyMigrations } from './platform/idempotency/idempotency.migrations.js';
import { authMigrations } from './features/auth/auth.migrations.js';
import { reelsMigrations } from './features/reels/reels.migrations.js';
import { shortcutStoriesMigrations } from './features/shortcut-stories/shortcut-stories.migrations.js';
import { storiesMigrations } from './features/stories/stories.migrations.js';
import { controllerMigrations } from './features/controller/controller.migrations.js';
import { policyMigrations } from './features/policy/policy.migrations.js';
import { notificationsMigrations } from './features/notifications/notifications.migrations.js';
import { liveMatchesMigrations } from './features/live-matches/live-matches.migrations.js';
import { inHouseAdsMigrations } from './features/inhouse-ads/inhouse-ads.migrations.js';
import { videoCategoriesMigrations } from './features/video-categories/video-categories.migrations.js';
import { videosMigrations } from './features/videos/videos.migrations.js';
import { teamMigrations } from './features/team/team.migrations.js';
import { securityMigrations } from './features/security/security.migrations.js';
import { activityMigrations } from './features/activity/activity.migrations.js';
import { versionsMigrations } from './platform/versions/versions.migrations.js';
import { jobsMigrations } from './platform/jobs/jobs.migrations.js';
import { trashMigrations } from './platform/trash/trash.migrations.js';
import { ginStorageMigration } from './platform/db/search-index.js';

/**
 * Every feature's migrations, one set for SQLite and PostgreSQL. Each feature owns a block of names so
 * they sort in order: 0050 the platform's cache sync, 0060 its shared rate limits, 0070 its idempotency keys, 0080 its setting versions, 0090 its scheduled jobs, 0100 auth, 0200 shortcut-stories, 0300 stories, 0400 reels, 0500 controller,
 * 0600 policy, 0700 notifications, 0800 live-matches, 0900 ad-units, 1000 inhouse-ads, 1100 analytics,
 * 1200 video-categories, 1300 videos, 1400 team, 1950 security,
 * 1500 activity, 1600 trash; 1990 the platform's search indexes' storage, after every index it sets.
 */
export const migrations: Record<string, Migration> = {
  ...cacheSyncMigrations,
  ...rateLimitsMigrations,
  ...idempotencyMigrations,
  ...versionsMigrations,
  ...jobsMigrations,
  ...authMigrations,
  ...shortcutStoriesMigrations,
  ...reelsMigrations,
  ...storiesMigrations,
  ...controllerMigrations,
  ...policyMigrations,
  ...notificationsMigrations,
  ...liveMatchesMigrations,
  ...adUnitsMigrations,
  ...inHouseAdsMigrations,
  ...analyticsMigrations,
  ...videoCategoriesMigrations,
  ...videosMigrations,
  ...teamMigrations,
  ...securityMigrations,
  ...activityMigrations,
  ...trashMigrations,
  '1990_gin_storage': ginStorageMigration,
};
