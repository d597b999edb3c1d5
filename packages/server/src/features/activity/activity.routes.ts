import { activityMessages, activityRoutes as routes } from '@streamdesk/contract/activity';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createActivityService } from './activity.service.js';

/** Once a day, and a minute after start-up: the entries past retention go (a delete is safe in any process). */
const PURGE_EVERY_MS = 24 * 60 * 60 * 1000;
const FIRST_PURGE_MS = 60 * 1000;

/** The activity log: its list, its reverts (append-only: no route edits or deletes an entry) and the daily purge. */
export function registerActivity(ctx: FeatureContext) {
  const { app } = ctx;
  const activity = createActivityService(ctx);

  registerRoute(app, routes.list, async (request) => ({
    status: true,
    message: activityMessages.listed,
    ...(await activity.list(request.query)),
  }));

  registerRoute(app, routes.revert, async (request) => {
    await activity.revert(request.params.id);
    return { status: true, message: activityMessages.reverted };
  });

  const purge = () =>
    activity.purge().catch((err: unknown) => app.log.warn({ err }, 'could not remove old activity entries'));
  const first = setTimeout(() => void purge(), FIRST_PURGE_MS).unref();
  const daily = setInterval(() => void purge(), PURGE_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
  return activity;
}
