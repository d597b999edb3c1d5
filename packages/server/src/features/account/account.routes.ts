import { accountMessages, accountRoutes as routes } from '@streamdesk/contract/account';
import { twoStepMessages, twoStepRoutes } from '@streamdesk/contract/two-step';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createAccountService } from './account.service.js';
// Two-step sign-in is checked by the auth feature at sign-in; My account sets it up with the same module.
import { createTwoStep } from '../auth/two-step.js';

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

  // Two-step sign-in (TOTP); the secret and the recovery codes are answered outside `data`, once.
  const twoStep = createTwoStep(ctx.db);
  registerRoute(app, twoStepRoutes.status, async (request) => ({
    status: true,
    message: twoStepMessages.status,
    data: await twoStep.status(request.admin!.adminId),
  }));
  registerRoute(app, twoStepRoutes.start, async (request) => ({
    status: true,
    message: twoStepMessages.started,
    ...(await twoStep.start(request.admin!.adminId, request.admin!.email)),
  }));
  // Each try checks a code of six digits: limited like the password change.
  registerRoute(
    app,
    twoStepRoutes.confirm,
    async (request) => ({
      status: true,
      message: twoStepMessages.turnedOn,
      recoveryCodes: await twoStep.confirm(request.admin!.adminId, request.body.code),
    }),
    { rateLimit: { max: 10, timeWindow: '1 minute', shared: true } },
  );
  registerRoute(
    app,
    twoStepRoutes.disable,
    async (request) => {
      await twoStep.disable(request.admin!.adminId, request.body.currentPassword);
      return { status: true, message: twoStepMessages.turnedOff };
    },
    { rateLimit: { max: 10, timeWindow: '1 minute', shared: true } },
  );
}
