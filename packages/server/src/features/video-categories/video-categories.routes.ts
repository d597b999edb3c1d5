import { categoryMessages, videoCategoryRoutes as routes } from '@streamdesk/contract/video-categories';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import {
  createVideoCategoriesService,
  type CategoryVideos,
  type VideoCategoriesService,
} from './video-categories.service.js';

export function registerVideoCategories(ctx: FeatureContext, videos: CategoryVideos): VideoCategoriesService {
  ctx.mediaColumns.declare('video_categories', ['main_image']);
  const categories = createVideoCategoriesService(ctx, videos);
  const { app } = ctx;
  const upload = { upload: { store: ctx.media, folder: 'video-categories' } };
  registerRoute(app, routes.list, async (request) => ({
    status: true,
    message: categoryMessages.listed,
    data: await categories.list(request.query.q),
  }));

  // Served from the app cache, like the public feed: built once until a write, and a 304 carries no body.
  registerRoute(
    app,
    routes.appList,
    async (request, reply) => sendCached(request, reply, await categories.appList()) as never,
  );

  registerRoute(
    app,
    routes.add,
    async (request) => ({
      status: true,
      message: categoryMessages.added,
      data: await categories.add(request.body, request.uploads.image),
    }),
    upload,
  );

  registerRoute(
    app,
    routes.update,
    async (request) => ({
      status: true,
      message: categoryMessages.updated,
      data: await categories.update(request.body, request.uploads.image),
    }),
    upload,
  );

  registerRoute(app, routes.toggleStatus, async (request) => ({
    status: true,
    message: categoryMessages.statusUpdated,
    data: await categories.toggleStatus(request.params.id),
  }));

  registerRoute(app, routes.remove, async (request) => ({
    status: true,
    message: categoryMessages.deleted,
    deletedVideos: await categories.remove(request.params.id),
  }));
  return categories;
}
