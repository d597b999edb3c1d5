import { teamMessages, teamRoutes as routes } from '@streamdesk/contract/team';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createMailer } from '../../platform/mail.js';
import { createTeamService } from './team.service.js';

export function registerTeam(ctx: FeatureContext): void {
  const team = createTeamService(ctx, createMailer(ctx.config.mail, ctx.app.log));
  const { app } = ctx;

  registerRoute(app, routes.list, async () => ({
    status: true,
    message: teamMessages.listed,
    data: await team.list(),
  }));

  registerRoute(app, routes.people, async () => ({
    status: true,
    message: teamMessages.peopleListed,
    data: await team.people(),
  }));

  const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
  // These two hand back the service's reply itself, not a copy: it says whether the link was e-mailed,
  // which is known only once the write has committed (team.service.ts, withMailedLink).
  registerRoute(app, routes.add, (request) => team.add(request.body, origin(request)));
  registerRoute(app, routes.resetPassword, (request) =>
    team.resetPassword(request.admin!.adminId, request.params.id, origin(request)),
  );

  registerRoute(app, routes.revokeSessions, async (request) => ({
    status: true,
    message: teamMessages.sessionsRevoked,
    revoked: await team.revokeSessions(request.admin!.adminId, request.params.id),
  }));

  registerRoute(app, routes.clearSignInLock, async (request) => ({
    status: true,
    message: teamMessages.signInLockCleared,
    ...(await team.clearSignInLock(request.params.id)),
  }));

  registerRoute(app, routes.update, async (request) => ({
    status: true,
    message: teamMessages.updated,
    data: await team.update(request.admin!.adminId, request.params.id, request.body),
  }));

  // The token is 32 random bytes; the limit keeps the endpoint from being a free oracle all the same.
  registerRoute(
    app,
    routes.setPassword,
    async (request) => {
      await team.setPassword(request.body);
      return { status: true, message: teamMessages.passwordSet };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute', shared: true } },
  );
}
