import { accountMessages, accountRoutes as routes } from '@streamdesk/contract/account';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createAccountService } from './account.service.js';

export function registerAccount(ctx: FeatureContext): void {
  const account = createAccountService(ctx.db);
  const { app } = ctx;

  registerRoute(app, routes.rename, async (request) => ({
    status: true,
    message: accountMessages.renamed,
    data: await account.rename(request.admin!, request.body.name),
  }));

  // Each try verifies a password: limited per address like sign-in, over every server process.
  registerRoute(
    app,
    routes.changePassword,
    async (request) => {
      await account.changePassword(request.admin!, request.body);
      return { status: true, message: accountMessages.passwordChanged };
    },
    { rateLimit: { max: 10, timeWindow: '1 minute', shared: true } },
  );

  registerRoute(app, routes.sessions, async (request) => ({
    status: true,
    message: accountMessages.sessions,
    data: await account.sessions(request.admin!),
  }));

  registerRoute(app, routes.endSession, async (request) => {
    await account.endSession(request.admin!, request.params.id);
    return { status: true, message: accountMessages.sessionEnded };
  });

  registerRoute(app, routes.endOtherSessions, async (request) => ({
    status: true,
    message: accountMessages.othersEnded,
    revoked: await account.endOtherSessions(request.admin!),
  }));
}
