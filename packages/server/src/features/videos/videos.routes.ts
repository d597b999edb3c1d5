import { videoMessages, videoRoutes as routes } from '@streamdesk/contract/videos';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerVideoUploads } from './video-uploads.routes.js';
import { videoCounter } from './videos.counter.js';
import { createVideosService, VIDEOS_FOLDER, type VideosDeps, type VideosService } from './videos.service.js';

/** The video library and the public feed's API; returns the service for the categories' port, and the video counter. */
export function registerVideos(ctx: FeatureContext, deps: VideosDeps) {
  ctx.mediaColumns.declare('videos', ['video', 'thumbnail', 'hls', 'hls_files']);
  const videos = createVideosService(ctx, deps);
  registerVideosRoutes(ctx, videos);
  registerVideoUploads(ctx, { videos, categories: deps.categories });
  return { service: videos, counter: videoCounter };
}

function registerVideosRoutes({ app, media }: FeatureContext, videos: VideosService): void {
  registerRoute(
    app,
    routes.upload,
    async (request) => ({
      status: true,
      ...(await videos.upload(request.body.category, request.uploads.video, request.rejectedFiles)),
    }),
    { upload: { store: media, folder: VIDEOS_FOLDER } },
  );

  registerRoute(app, routes.adminList, async (request) => ({
    status: true,
    message: videoMessages.listed,
    ...(await videos.adminList(request.params.category, request.query)),
  }));

  registerRoute(app, routes.webStatus, async (request) => {
    const modified = await videos.setWeb(request.body.id, request.body.status);
    return { status: true, message: videoMessages.webUpdated(request.body.status, modified), modified };
  });

  registerRoute(app, routes.rename, async (request) => ({
    status: true,
    message: videoMessages.titleUpdated,
    data: await videos.rename(request.body.id, request.body.title),
  }));

  registerRoute(app, routes.retry, async (request) => {
    const retried = await videos.retry(request.body.id);
    return { status: true, message: videoMessages.retried(retried), retried };
  });

  registerRoute(app, routes.remove, async (request) => {
    const deleted = await videos.remove(request.body.id);
    const message = deleted === 1 ? videoMessages.deletedOne : videoMessages.deletedMany(deleted);
    return { status: true, message, deleted };
  });

  // Served from the app cache: the JSON is built once per page until a write, and a 304 carries no body.
  registerRoute(app, routes.feed, async (request, reply) => {
    const cached = await videos.feed(request.query.page, request.query.limit);
    return sendCached(request, reply, cached) as never;
  });

  registerRoute(app, routes.appList, async (request, reply) => {
    const cached = await videos.appList(request.params.id, request.query.page, request.query.limit);
    return sendCached(request, reply, cached) as never;
  });
}
