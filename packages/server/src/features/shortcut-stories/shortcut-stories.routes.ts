import { launchListRead } from '../../platform/registries.js';
import {
  shortcutMessages,
  shortcutRoutes,
  shortcutsDeletedMessage,
} from '@streamdesk/contract/shortcut-stories';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import { shortcutCounter } from './shortcut-stories.counter.js';
import { createShortcutService, SHORTCUT_TAG } from './shortcut-stories.service.js';

const upload = (ctx: FeatureContext) => ({ upload: { store: ctx.media, folder: 'shortcut-stories' } });

export function registerShortcutStories(
  ctx: FeatureContext,
  deps: { storyBrandRunning: () => Promise<boolean>; forgetCounts: ForgetCounts },
) {
  ctx.mediaColumns.declare('shortcut_stories', ['logo']);
  const { app } = ctx;
  const service = createShortcutService({ ...ctx, ...deps });

  registerRoute(app, shortcutRoutes.list, async (request) => service.list(request.query));

  registerRoute(
    app,
    shortcutRoutes.add,
    async (request) => ({
      status: true,
      message: shortcutMessages.added,
      data: await service.add(request.body, request.uploads.image),
    }),
    upload(ctx),
  );

  registerRoute(
    app,
    shortcutRoutes.edit,
    async (request) => ({
      status: true,
      message: shortcutMessages.updated,
      data: await service.edit(request.body, request.uploads.image),
    }),
    upload(ctx),
  );

  registerRoute(app, shortcutRoutes.remove, async (request) => {
    const deleted = await service.remove(request.body.id);
    return { status: true, message: shortcutsDeletedMessage(deleted), deleted };
  });

  // secondStoryBrand is the controller's storyBrand flag.
  const appList = launchListRead(ctx.cache, 'shortcut-stories:app', [SHORTCUT_TAG, 'controller'], () =>
    service.appList(),
  );
  registerRoute(app, shortcutRoutes.appList, async (request, reply) =>
    sendCached(request, reply, await appList.read()),
  );
  ctx.launch.addList('shortcuts', { path: shortcutRoutes.appList.path, ...appList });
  return { counter: shortcutCounter };
}
