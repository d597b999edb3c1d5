import type { FeatureContext } from './platform/feature-context.js';
import { registerAnalytics } from './features/analytics/analytics.routes.js';
import { registerInHouseAds } from './features/inhouse-ads/inhouse-ads.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import type { AuthService } from './features/auth/auth.service.js';
import { registerSystemStatsRoutes } from './features/system-stats/system-stats.routes.js';
import { createSystemStatsService } from './features/system-stats/system-stats.service.js';

/** Composes the features; the one place that knows them all. */
export function registerFeatures(ctx: FeatureContext, services: { auth: AuthService }) {
  registerAuthRoutes(ctx.app, services.auth);
  registerSystemStatsRoutes(
    ctx.app,
    createSystemStatsService({ dataDir: ctx.config.dataDir, liveViewers: () => ctx.liveViewers.count() }),
  );
  // TODO(controller): read the controller's inHouseAds flag once the controller feature provides it.
  registerInHouseAds(ctx, { inHouseAdsRunning: async () => false });
  // Last: counts into the totals every feature above registered in ctx.counters.
  const analytics = registerAnalytics(ctx);
  return { analytics };
}
