import type { versionRoutes } from '@streamdesk/contract/versions';
import { versionMessages } from '@streamdesk/contract/versions';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../http/register-route.js';
import type { SettingVersions } from './setting-versions.js';

/** The list, read and rollback of one record's versions; the rollback goes through its service's writes. */
export function registerVersionRoutes(
  app: FastifyInstance,
  routes: ReturnType<typeof versionRoutes>,
  service: {
    versions: SettingVersions;
    rollback(n: number): Promise<{ status: true; message: string; n: number | null }>;
  },
): void {
  registerRoute(app, routes.list, ({ query }) => service.versions.list(query));
  registerRoute(app, routes.get, async ({ params }) => ({
    status: true,
    message: versionMessages.fetched,
    data: await service.versions.get(params.n),
  }));
  registerRoute(app, routes.rollback, ({ params }) => service.rollback(params.n));
}
