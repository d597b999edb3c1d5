import { launchListPages } from '../../platform/registries.js';
import { APP_INHOUSE_PAGE, inHouseMessages, inHouseRoutes } from '@streamdesk/contract/inhouse-ads';
import type { FeatureContext } from '../../platform/feature-context.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import type { ForgetCounts } from '../../platform/item-counter.js';
import { inHouseAdCounter } from './inhouse-ads.counter.js';
import {
  createInHouseAdsService,
  INHOUSE_PROGRESS_TAG,
  INHOUSE_TAG,
  progressTags,
} from './inhouse-ads.service.js';
import { INHOUSE_FOLDER } from './inhouse-ads.uploads.js';

const ACTIVE_CACHE_KEY = 'inhouse-ads:active';

/** In-house ads: the admin list and forms, the app's cached active list, the launch section, counters. */
export function registerInHouseAds(
  ctx: FeatureContext,
  deps: { inHouseAdsRunning: () => Promise<boolean>; forgetCounts: ForgetCounts },
) {
  ctx.mediaColumns.declare('inhouse_ads', ['icon', 'med_view', 'thumbnail', 'hls', 'hls_files']);
  const ads = createInHouseAdsService({
    db: ctx.db,
    readDb: ctx.readDb,
    dialect: ctx.dialect,
    media: ctx.media,
    cache: ctx.cache,
    locks: ctx.locks,
    trash: ctx.trash,
    videoQueue: ctx.videoQueue,
    ...deps,
  });
  ctx.reverts.add('inhouse-ads', ads.reverter);
  const { app } = ctx;
  const upload = { upload: { store: ctx.media, folder: INHOUSE_FOLDER } };

  registerRoute(app, inHouseRoutes.list, async (req) =>
    ads.list({ all: req.query.a, page: req.query.page, limit: req.query.limit, q: req.query.q }),
  );

  registerRoute(
    app,
    inHouseRoutes.create,
    async (req) => ({
      status: true,
      message: inHouseMessages.created,
      data: await ads.create(req.body, req.uploads),
    }),
    upload,
  );

  registerRoute(
    app,
    inHouseRoutes.update,
    async (req) => ({
      status: true,
      message: inHouseMessages.updated,
      data: await ads.update(req.body, req.uploads),
    }),
    upload,
  );

  registerRoute(app, inHouseRoutes.remove, async (req) => ({
    status: true,
    message: inHouseMessages.deleted,
    deleted: await ads.remove(req.body.id),
  }));

  registerRoute(app, inHouseRoutes.retry, async (req) => {
    const retried = await ads.retry(req.body.id);
    return { status: true, message: inHouseMessages.retried(retried), retried };
  });

  registerRoute(app, inHouseRoutes.one, async (req) => ({
    status: true,
    message: inHouseMessages.loaded,
    ...(await ads.get(req.params.id)),
  }));

  registerRoute(app, inHouseRoutes.status, async (req) => ({
    status: true,
    message: inHouseMessages.statusUpdated,
    data: await ads.setStatus(req.body.id, req.body.status),
  }));

  // A page holding a video ad in processing is dropped when its percent moves (0059).
  const activeList = launchListPages(
    ctx.cache,
    ACTIVE_CACHE_KEY,
    [INHOUSE_TAG],
    APP_INHOUSE_PAGE,
    async (page, limit) => ({
      status: true,
      message: inHouseMessages.active,
      ...(await ads.activeForApp(page, limit)),
    }),
    { tagsOf: progressTags, launchTags: [INHOUSE_PROGRESS_TAG] },
  );
  registerRoute(app, inHouseRoutes.active, async (req, reply) =>
    sendCached(req, reply, await activeList.readPage(req.query.page, req.query.limit)),
  );
  ctx.launch.addList('inHouseAds', {
    path: inHouseRoutes.active.path,
    ...activeList,
  });

  return { counter: inHouseAdCounter };
}
