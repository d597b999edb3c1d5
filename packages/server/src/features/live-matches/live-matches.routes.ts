import { liveMatchRoutes as routes } from '@streamdesk/contract/live-matches';
import type { FeatureContext } from '../../platform/feature-context.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { liveAdFireCounter, liveMatchCounter } from './live-matches.counter.js';
import { createLiveMatchesService, LIVE_TAGS, type LiveMatchesDeps } from './live-matches.service.js';
import { createPlannedMatches } from './planned-matches.service.js';

/**
 * Live matches, the live-call ad fields, the website live ads with Fire and the fire history.
 * `liveMatchRunning` is the controller's liveMatch switch, injected so this feature need not know it.
 */
export function registerLiveMatches(
  ctx: FeatureContext,
  deps: Pick<LiveMatchesDeps, 'liveMatchRunning' | 'forgetCounts'>,
) {
  ctx.mediaColumns.declare('live_matches', ['thumbnail']);
  const { app } = ctx;
  const serviceDeps: LiveMatchesDeps = {
    db: ctx.db,
    readDb: ctx.readDb,
    dialect: ctx.dialect,
    media: ctx.media,
    cache: ctx.cache,
    locks: ctx.locks,
    trash: ctx.trash,
    ...deps,
  };
  const service = createLiveMatchesService(serviceDeps, createPlannedMatches(ctx, serviceDeps));

  for (const reverter of [service.matchReverter, service.webAdReverter, service.liveAdsReverter])
    ctx.reverts.add('live-matches', reverter);

  registerRoute(app, routes.list, async (request) => service.list(request.query));

  const upload = { upload: { store: ctx.media, folder: 'live-matches' } };
  registerRoute(app, routes.add, async (request) => service.add(request.body, request.uploads.image), upload);
  registerRoute(
    app,
    routes.edit,
    async (request) => service.edit(request.body, request.uploads.image),
    upload,
  );

  registerRoute(app, routes.remove, async (request) => service.remove(request.body.id));
  registerRoute(app, routes.status, async (request) =>
    service.setStatus(request.params.id, request.body.status),
  );

  registerRoute(app, routes.liveAds, async () => service.liveAds());
  registerRoute(app, routes.saveLiveAds, async (request) => service.saveLiveAds(request.body));

  registerRoute(app, routes.webAds, async () => service.webAds());
  registerRoute(app, routes.addWebAd, async (request) => service.addWebAd(request.body));
  registerRoute(app, routes.editWebAd, async (request) => service.editWebAd(request.body));
  registerRoute(app, routes.removeWebAds, async (request) => service.removeWebAds(request.body.id));

  registerRoute(app, routes.fire, async (request) => service.fire(request.body));
  registerRoute(app, routes.history, async (request) => service.history(request.query));
  registerRoute(app, routes.removeHistory, async (request) => service.removeHistory(request.body.id));

  // App side ------------------------------------------------------------------------------------------
  registerRoute(
    app,
    routes.appList,
    async (request, reply) => sendCached(request, reply, await service.appList.read()) as never,
  );
  registerRoute(
    app,
    routes.appLatestFire,
    async (request, reply) => sendCached(request, reply, await service.appLatestFire()) as never,
  );

  ctx.launch.addList('liveMatches', { path: routes.appList.path, ...service.appList });
  ctx.launch.add('liveAds', [LIVE_TAGS.liveAds], service.liveAdMap);
  return { counters: { liveMatch: liveMatchCounter, liveAdFire: liveAdFireCounter } };
}
