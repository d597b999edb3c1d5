import { trashMessages, trashRoutes as routes } from '@streamdesk/contract/trash';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { runDaily } from '../../platform/jobs/daily.js';
import { createTrashService } from './trash.service.js';

/** The trash: its list, restore and delete forever, and the daily purge. */
export function registerTrash(ctx: FeatureContext) {
  const { app } = ctx;
  // Trashed items' files stay named (kept by the orphan sweep) until they are purged.
  ctx.mediaColumns.declare('trash', ['snapshot']);
  const trash = createTrashService(ctx);

  registerRoute(app, routes.list, async (request) => ({
    status: true,
    message: trashMessages.listed,
    ...(await trash.list(request.query)),
  }));
  registerRoute(app, routes.restore, async (request) => {
    const count = await trash.restore(request.body.id);
    return { status: true, message: trashMessages.restored(count), count };
  });
  registerRoute(app, routes.purge, async (request) => {
    const count = await trash.purge(request.body.id);
    return { status: true, message: trashMessages.purged(count), count };
  });

  // What is past TRASH_RETENTION_DAYS goes, files included.
  runDaily(app, 'could not purge the trash', async () => {
    const n = await trash.purgeDue();
    if (n) app.log.info(`deleted ${n} items from the trash past TRASH_RETENTION_DAYS`);
  });
  return trash;
}
