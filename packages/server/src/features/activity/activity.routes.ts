import { activityMessages, activityRoutes as routes } from '@streamdesk/contract/activity';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { runDaily, runEvery } from '../../platform/jobs/daily.js';
import { createActivityService } from './activity.service.js';

/** How often the entries waiting for the search index are indexed (SQLite, 0065). */
const INDEX_EVERY_MS = 5_000;

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
  // SQLite: the entries written since go into the search index in one batch (0065); a search does it first too.
  runEvery(app, INDEX_EVERY_MS, 'could not index activity entries', () => activity.indexPending());
  return activity;
}
