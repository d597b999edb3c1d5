import type { EventEntity } from '@streamdesk/contract/analytics';
import type { FeatureContext } from './platform/feature-context.js';
import type { ForgetCounts } from './platform/item-counter.js';
import { registerAdUnits } from './features/ad-units/ad-units.routes.js';
import { registerAnalytics } from './features/analytics/analytics.routes.js';
import { registerInHouseAds } from './features/inhouse-ads/inhouse-ads.routes.js';
import { registerAccount } from './features/account/account.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerReels } from './features/reels/reels.routes.js';
import { registerShortcutStories } from './features/shortcut-stories/shortcut-stories.routes.js';
import { registerLiveMatches } from './features/live-matches/live-matches.routes.js';
import type { AuthService } from './features/auth/auth.service.js';
import { registerControllerRoutes } from './features/controller/controller.routes.js';
import { createControllerService } from './features/controller/controller.service.js';
import { registerPolicy } from './features/policy/policy.routes.js';
import { registerNotifications } from './features/notifications/notifications.routes.js';
import { registerSystemStatsRoutes } from './features/system-stats/system-stats.routes.js';
import { createSystemStatsService } from './features/system-stats/system-stats.service.js';
import { registerStories } from './features/stories/stories.routes.js';
import { registerTeam } from './features/team/team.routes.js';
import { registerSecurity } from './features/security/security.routes.js';
import { registerActivity } from './features/activity/activity.routes.js';
import { registerTrash } from './features/trash/trash.routes.js';
import { registerVideoCategories } from './features/video-categories/video-categories.routes.js';
import { registerVideos } from './features/videos/videos.routes.js';
import type { SearchIndex } from './platform/db/search-index.js';
import { activitySearch } from './features/activity/activity.migrations.js';
import { inHouseAdsSearch } from './features/inhouse-ads/inhouse-ads.migrations.js';
import { fireHistorySearch, liveMatchesSearch } from './features/live-matches/live-matches.migrations.js';
import { notificationsSearch } from './features/notifications/notifications.migrations.js';
import { reelsSearch } from './features/reels/reels.migrations.js';
import { shortcutStoriesSearch } from './features/shortcut-stories/shortcut-stories.migrations.js';
import { storiesSearch } from './features/stories/stories.migrations.js';
import { videoCategoriesSearch } from './features/video-categories/video-categories.migrations.js';
import { videosSearch } from './features/videos/videos.migrations.js';

/**
 * Every list's search index. On PostgreSQL the server reads their tables' statistics as it starts
 * (search-lead.ts): the first search would otherwise wait for them.
 */
export const searchIndexes: readonly SearchIndex[] = [
  activitySearch,
  videosSearch,
  videoCategoriesSearch,
  inHouseAdsSearch,
  storiesSearch,
  shortcutStoriesSearch,
  reelsSearch,
  notificationsSearch,
  liveMatchesSearch,
  fireHistorySearch,
];

/** Composes the features; the one place that knows them all. */
export function registerFeatures(ctx: FeatureContext, services: { auth: AuthService }) {
  // Other features read the controller's flags (reels, storyBrand, liveMatch, inHouseAds...) through it.
  const controller = createControllerService(ctx);
  // A counted feature's deletes remove its items' counted days, which the analytics feature keeps.
  const forgetCounts =
    (entity: EventEntity): ForgetCounts =>
    (db, ids) =>
      analytics.forget(db, entity, ids);
  registerAuthRoutes(ctx.app, services.auth);
  registerTeam(ctx);
  registerSecurity(ctx);
  registerAccount(ctx);
  registerActivity(ctx);
  registerTrash(ctx);
  const liveMatches = registerLiveMatches(ctx, {
    liveMatchRunning: () => controller.getFlag('liveMatch'),
    forgetCounts: { liveMatch: forgetCounts('liveMatch'), liveAdFire: forgetCounts('liveAdFire') },
  });
  const adUnits = registerAdUnits(ctx, {
    clearCounts: (id, startDate, endDate) => analytics.analytics.clear(id, startDate, endDate),
    forgetCounts: { webAd: forgetCounts('webAd'), iosWebAd: forgetCounts('iosWebAd') },
  });
  registerSystemStatsRoutes(
    ctx.app,
    createSystemStatsService({ dataDir: ctx.config.dataDir, liveViewers: ctx.liveViewers }),
  );
  const shortcuts = registerShortcutStories(ctx, {
    storyBrandRunning: () => controller.getFlag('storyBrand'),
    forgetCounts: forgetCounts('shortcut'),
  });
  const reels = registerReels(ctx, {
    reelsRunning: () => controller.getFlag('reels'),
    forgetCounts: forgetCounts('reel'),
  });
  const stories = registerStories(ctx, { forgetCounts: forgetCounts('story') });
  registerControllerRoutes(ctx, controller);
  registerPolicy(ctx);
  registerNotifications(ctx);
  const inHouseAds = registerInHouseAds(ctx, {
    inHouseAdsRunning: () => controller.getFlag('inHouseAds'),
    forgetCounts: forgetCounts('inhouseAd'),
  });
  // Categories and the library use each other through small ports (counts, cascade; lookup).
  const categories = registerVideoCategories(ctx, {
    countByCategory: () => videos.service.countByCategory(),
    takeAllOf: (db, id) => videos.service.takeAllOf(db, id),
    forget: (db, ids) => videos.service.forget(db, ids),
  });
  const videos = registerVideos(ctx, {
    categories,
    webPosition: () => controller.getSetting('webPosition'),
    forgetCounts: forgetCounts('video'),
  });
  // App events are counted into each counted feature's items through its own counter.
  const analytics = registerAnalytics(ctx, {
    counters: {
      story: stories.counter,
      shortcut: shortcuts.counter,
      reel: reels.counter,
      inhouseAd: inHouseAds.counter,
      ...adUnits.counters,
      ...liveMatches.counters,
      video: videos.counter,
    },
  });
  return { analytics };
}
