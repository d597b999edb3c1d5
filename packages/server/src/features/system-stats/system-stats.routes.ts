import type { FastifyInstance } from 'fastify';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { registerRoute } from '../../platform/http/register-route.js';
import type { createSystemStatsService } from './system-stats.service.js';

export function registerSystemStatsRoutes(
  app: FastifyInstance,
  stats: ReturnType<typeof createSystemStatsService>,
): void {
  app.addHook('onClose', async () => stats.close());
  registerRoute(app, systemStatsRoutes.get, async () => stats.get());
  registerRoute(app, systemStatsRoutes.liveMatchViewers, async () => stats.liveMatchViewers());
}
