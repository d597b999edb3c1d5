import { reelMessages, reelRoutes, reelsDeletedMessage, reelVideoRule } from '@streamdesk/contract/reels';
import type { FeatureContext } from '../../platform/feature-context.js';
import { keepUploadIf } from '../../platform/http/parse-form.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { readMultipart, single } from '../../platform/media/multipart.js';
import { createReelService, REEL_ITEMS_TAG, REELS_FOLDER, REELS_TAG } from './reels.service.js';

export function registerReels(ctx: FeatureContext, opts: { reelsRunning: () => Promise<boolean> }): void {
  const { app } = ctx;
  const service = createReelService({ ...ctx, reelsRunning: opts.reelsRunning });

  registerRoute(app, reelRoutes.add, async (request) => {
    const upload = await readMultipart(request, ctx.media, {
      files: { video: { folder: REELS_FOLDER, rule: reelVideoRule, probe: true } },
    });
    const data = await keepUploadIf(upload, () => service.add(single(upload, 'video')));
    return { status: true, message: reelMessages.added, data };
  });

  // The app's read (and the admin list): cached per page until a reel or the controller changes.
  registerRoute(app, reelRoutes.list, async (request, reply) => {
    const { page, limit } = request.query;
    const cached = await ctx.cache.get(`reels:${page}:${limit}`, [REELS_TAG, 'controller'], () =>
      service.list({ page, limit }),
    );
    return sendCached(request, reply, cached) as never;
  });

  registerRoute(app, reelRoutes.remove, async (request) => {
    const deleted = await service.remove(request.body.id);
    return { status: true, message: reelsDeletedMessage(deleted), deleted };
  });

  // Unlike stories, reels count into their main tag: the reels page is the app's read and the back
  // office's list alike (one spec path, no token, and the spec's Reel carries view and click), so a
  // flush that counted reels must refresh it.
  ctx.counters.add({
    entity: 'reel',
    table: 'reels',
    idColumn: 'id',
    viewColumn: 'view',
    clickColumn: 'click',
    tag: REELS_TAG,
    itemsTag: REEL_ITEMS_TAG,
  });
}
