import type { FeatureContext } from './platform/feature-context.js';
import { registerAnalytics } from './features/analytics/analytics.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import type { AuthService } from './features/auth/auth.service.js';
import { registerSystemStatsRoutes } from './features/system-stats/system-stats.routes.js';
import { createSystemStatsService } from './features/system-stats/system-stats.service.js';
import { registerVideoCategories } from './features/video-categories/video-categories.routes.js';
import { registerVideos } from './features/videos/videos.routes.js';

/** Composes the features; the one place that knows them all. */
export function registerFeatures(ctx: FeatureContext, services: { auth: AuthService }) {
  registerAuthRoutes(ctx.app, services.auth);
  registerSystemStatsRoutes(
    ctx.app,
    createSystemStatsService({ dataDir: ctx.config.dataDir, liveViewers: () => ctx.liveViewers.count() }),
  );
  // Categories and the library use each other through small ports (counts, cascade; lookup).
  const categories = registerVideoCategories(ctx, {
    countByCategory: () => videos.countByCategory(),
    removeAllOf: (id) => videos.removeAllOf(id),
  });
  const videos = registerVideos(ctx, {
    categories,
    // TODO(controller): read webPosition from the controller settings.
    webPosition: async () => 0,
  });
  // Last: counts into the totals every feature above registered in ctx.counters.
  const analytics = registerAnalytics(ctx);
  return { analytics };
}
