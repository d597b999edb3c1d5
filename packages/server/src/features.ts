import type { FeatureContext } from './platform/feature-context.js';
import { registerAdUnits } from './features/ad-units/ad-units.routes.js';
import { registerAnalytics } from './features/analytics/analytics.routes.js';
import { registerInHouseAds } from './features/inhouse-ads/inhouse-ads.routes.js';
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
import { registerVideoCategories } from './features/video-categories/video-categories.routes.js';
import { registerVideos } from './features/videos/videos.routes.js';

/** Composes the features; the one place that knows them all. */
export function registerFeatures(ctx: FeatureContext, services: { auth: AuthService }) {
  // Other features read the controller's flags (reels, storyBrand, liveMatch, inHouseAds...) through it.
  const controller = createControllerService(ctx);
  registerAuthRoutes(ctx.app, services.auth);
  registerTeam(ctx);
  registerLiveMatches(ctx, { liveMatchRunning: () => controller.getFlag('liveMatch') });
  registerAdUnits(ctx);
  registerSystemStatsRoutes(
    ctx.app,
    createSystemStatsService({ dataDir: ctx.config.dataDir, liveViewers: ctx.liveViewers }),
  );
  registerShortcutStories(ctx, { storyBrandRunning: () => controller.getFlag('storyBrand') });
  registerReels(ctx, { reelsRunning: () => controller.getFlag('reels') });
  registerStories(ctx);
  registerControllerRoutes(ctx, controller);
  registerPolicy(ctx);
  registerNotifications(ctx);
  registerInHouseAds(ctx, { inHouseAdsRunning: () => controller.getFlag('inHouseAds') });
  // Categories and the library use each other through small ports (counts, cascade; lookup).
  const categories = registerVideoCategories(ctx, {
    countByCategory: () => videos.countByCategory(),
    removeAllOf: (id) => videos.removeAllOf(id),
  });
  const videos = registerVideos(ctx, {
    categories,
    webPosition: () => controller.getSetting('webPosition'),
  });
  // Last: counts into the totals every feature above registered in ctx.counters.
  const analytics = registerAnalytics(ctx);
  return { analytics };
}
