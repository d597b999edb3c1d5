import { activityMessages, activityRoutes as routes } from '@streamdesk/contract/activity';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { runDaily } from '../../platform/jobs/daily.js';
import { createActivityService } from './activity.service.js';

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

  // The entries past retention go (a delete is safe in any process).
  runDaily(app, 'could not remove old activity entries', () => activity.purge());
  return activity;
}
