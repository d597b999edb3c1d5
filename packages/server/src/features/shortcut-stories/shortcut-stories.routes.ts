import { launchListRead } from '../../platform/registries.js';
import {
  shortcutAddFields,
  shortcutEditFields,
  shortcutImageRule,
  shortcutMessages,
  shortcutRoutes,
} from '@streamdesk/contract/shortcut-stories';
import type { FeatureContext } from '../../platform/feature-context.js';
import { keepUploadIf, parseForm } from '../../platform/http/parse-form.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { readMultipart, single } from '../../platform/media/multipart.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import { shortcutCounter } from './shortcut-stories.counter.js';
import { createShortcutService, SHORTCUT_TAG } from './shortcut-stories.service.js';

const imageField = { image: { folder: 'shortcut-stories', rule: shortcutImageRule } };

export function registerShortcutStories(
  ctx: FeatureContext,
  deps: { storyBrandRunning: () => Promise<boolean>; forgetCounts: ForgetCounts },
) {
  const { app } = ctx;
  const service = createShortcutService({ ...ctx, ...deps });

  registerRoute(app, shortcutRoutes.list, async (request) => service.list(request.query));

  registerRoute(app, shortcutRoutes.add, async (request) => {
    const upload = await readMultipart(request, ctx.media, { files: imageField });
    const data = await keepUploadIf(upload, () =>
      service.add(parseForm(shortcutAddFields, upload.fields), single(upload, 'image')),
    );
    return { status: true, message: shortcutMessages.added, data };
  });

  registerRoute(app, shortcutRoutes.edit, async (request) => {
    const upload = await readMultipart(request, ctx.media, { files: imageField });
    const data = await keepUploadIf(upload, () =>
      service.edit(parseForm(shortcutEditFields, upload.fields), single(upload, 'image')),
    );
    return { status: true, message: shortcutMessages.updated, data };
  });

  registerRoute(app, shortcutRoutes.remove, async (request) => ({
    status: true,
    message: shortcutMessages.deleted,
    deleted: await service.remove(request.body.id),
  }));

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
