import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages, authRoutes } from '@streamdesk/contract/auth';
import { messages } from '@streamdesk/contract/messages';
import { unauthorized } from '../../platform/errors.js';
import { registerRoute } from '../../platform/http/register-route.js';
import type { AuthService } from './auth.service.js';
import { actorOf } from '../../platform/activity/activity-route.js';

const fromOf = (request: FastifyRequest) => {
  const { ip, userAgent } = actorOf(request);
  return { ip, userAgent };
};

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  // Per-IP limit on sign-in, over every server process; the per-email limit lives in the service.
  registerRoute(app, authRoutes.login, async (request) => auth.login(request.body, fromOf(request)), {
    rateLimit: { max: 30, timeWindow: '1 minute', shared: true },
  });

  registerRoute(app, authRoutes.check, async () => ({ status: true, message: authMessages.authorized }));

  registerRoute(app, authRoutes.me, async (request) => {
    const data = await auth.me(request.admin!);
    // Removed between the guard's look and this one: the same as a token that no longer works.
    if (!data) throw unauthorized(messages.unauthorized);
    return { status: true, message: authMessages.me, data };
  });

  registerRoute(app, authRoutes.logout, async (request) => {
    await auth.logout(request.headers.authorization?.replace(/^Bearer\s+/i, ''));
    return { status: true, message: authMessages.loggedOut };
  });
}
