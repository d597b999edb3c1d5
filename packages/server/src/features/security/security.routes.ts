import { securityMessages, securityRoutes as routes } from '@streamdesk/contract/security';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createSecurityService } from './security.service.js';

export function registerSecurity(ctx: FeatureContext): void {
  const security = createSecurityService(ctx.db);
  registerRoute(ctx.app, routes.get, async () => ({
    status: true,
    message: securityMessages.fetched,
    data: await security.get(),
  }));
  registerRoute(ctx.app, routes.update, async (request) => ({
    status: true,
    message: securityMessages.saved,
    data: await security.update(request.admin!.adminId, request.body),
  }));
}
