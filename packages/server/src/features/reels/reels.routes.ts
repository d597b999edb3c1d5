import { reelMessages, reelRoutes, reelsDeletedMessage } from '@streamdesk/contract/reels';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import { reelCounter } from './reels.counter.js';
import { createReelService, progressTags, REELS_FOLDER, REELS_TAG } from './reels.service.js';

/** Reels: the upload, the cached list (the app's and the back office's), the delete, and the reel counter. */
export function registerReels(
  ctx: FeatureContext,
  deps: { reelsRunning: () => Promise<boolean>; forgetCounts: ForgetCounts },
) {
  ctx.mediaColumns.declare('reels', ['video', 'thumbnail', 'hls', 'hls_files']);
  const { app } = ctx;
  const service = createReelService({ ...ctx, ...deps });

  registerRoute(
    app,
    reelRoutes.add,
    async (request) => ({
      status: true,
      message: reelMessages.added,
      data: await service.add(request.uploads.video),
    }),
    { upload: { store: ctx.media, folder: REELS_FOLDER } },
  );

  // The app's read (and the admin list): cached per page, order and search until a reel or the
  // controller changes (the cache's entry limit bounds how many searches it keeps).
  registerRoute(app, reelRoutes.list, async (request, reply) => {
    const { page, limit, q = '', sort } = request.query;
    const key = `reels:${page}:${limit}:${sort}:${q}`;
    const cached = await ctx.cache.get(
      key,
      [REELS_TAG, 'controller'],
      () => service.list({ page, limit, q, sort }),
      { tagsOf: progressTags },
    );
    return sendCached(request, reply, cached) as never;
  });

  registerRoute(app, reelRoutes.retry, async (request) => {
    const retried = await service.retry(request.body.id);
    return { status: true, message: reelMessages.retried(retried), retried };
  });

  registerRoute(app, reelRoutes.remove, async (request) => {
    const deleted = await service.remove(request.body.id);
    return { status: true, message: reelsDeletedMessage(deleted), deleted };
  });

  return { counter: reelCounter };
}
