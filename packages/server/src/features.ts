import type { FeatureContext } from './platform/feature-context.js';
import { registerAdUnits } from './features/ad-units/ad-units.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import type { AuthService } from './features/auth/auth.service.js';
import { registerSystemStatsRoutes } from './features/system-stats/system-stats.routes.js';
import { createSystemStatsService } from './features/system-stats/system-stats.service.js';

/** Composes the features; the one place that knows them all. */
export function registerFeatures(ctx: FeatureContext, services: { auth: AuthService }): void {
  registerAuthRoutes(ctx.app, services.auth);
  registerAdUnits(ctx);
  registerSystemStatsRoutes(
    ctx.app,
    createSystemStatsService({ dataDir: ctx.config.dataDir, liveViewers: () => ctx.liveViewers.count() }),
  );
}
