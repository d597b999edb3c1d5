import { launchListRead } from '../../platform/registries.js';
import type { FastifyInstance } from 'fastify';
import { adMessages, adPlatforms, adUnitRoutes, type AdPlatform } from '@streamdesk/contract/ad-units';
import type { AppCache } from '../../platform/app-cache.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { webAdCounters } from './ad-units.counter.js';
import {
  AD_UNITS_TAG,
  createAdUnitsService,
  type AdUnitsDeps,
  type AdUnitsService,
} from './ad-units.service.js';

/** Ad units of both platforms: admin routes, the app's cached config (a launch list per platform), click counters. */
export function registerAdUnits(
  ctx: FeatureContext,
  deps: Pick<AdUnitsDeps, 'clearCounts' | 'forgetCounts'>,
) {
  const ads = createAdUnitsService({
    db: ctx.db,
    cache: ctx.cache,
    locks: ctx.locks,
    trash: ctx.trash,
    ...deps,
  });
  const configLists = registerAdUnitsRoutes(ctx.app, ads, ctx.cache);
  ctx.reverts.add('ad-units', ads.reverter);
  for (const [name, platform] of [
    ['androidAdUnits', 'android'],
    ['iosAdUnits', 'ios'],
  ] as const) {
    ctx.launch.addList(name, {
      path: `${adUnitRoutes.config.path}?platform=${platform}`,
      ...configLists[platform],
    });
  }
  return { counters: webAdCounters };
}

export const adConfigCacheKey = (platform: AdPlatform) => `ad-units:config:${platform}`;

/** Registers the routes; returns each platform's app configuration as a launch list's cached read. */
export function registerAdUnitsRoutes(app: FastifyInstance, ads: AdUnitsService, cache: AppCache) {
  for (const platform of adPlatforms) {
    const routes = adUnitRoutes[platform];
    const ok = { status: true as const };

    registerRoute(app, routes.list, async (req) => ({
      ...ok,
      message: adMessages.fetched,
      data: await ads.list(platform, req.params.kind),
    }));
    registerRoute(app, routes.add, async (req) => ({
      ...ok,
      message: adMessages.added,
      data: await ads.add(platform, req.params.kind, req.body),
    }));
    registerRoute(app, routes.update, async (req) => ({
      ...ok,
      message: adMessages.updated,
      data: await ads.update(platform, req.params.kind, req.params.id, req.body),
    }));

    registerRoute(app, routes.remove, async (req) => {
      await ads.remove(platform, req.params.kind, req.params.id);
      return { ...ok, message: adMessages.deleted };
    });
    registerRoute(app, routes.webList, async (req) => {
      return { ...ok, message: adMessages.fetched, data: await ads.webList(platform, req.query) };
    });
    registerRoute(app, routes.webAdd, async (req) => ({
      ...ok,
      message: adMessages.added,
      data: await ads.webAdd(platform, req.body),
    }));
    registerRoute(app, routes.webUpdate, async (req) => ({
      ...ok,
      message: adMessages.updated,
      data: await ads.webUpdate(platform, req.params.id, req.body),
    }));
    registerRoute(app, routes.webDelete, async (req) => {
      await ads.webDelete(platform, req.params.id);
      return { ...ok, message: adMessages.deleted };
    });
    registerRoute(app, routes.webClearOne, async (req) => ({
      ...ok,
      message: adMessages.cleared,
      cleared: await ads.clearOne(platform, req.params.id, req.query),
    }));
    registerRoute(app, routes.webClearAll, async (req) => ({
      ...ok,
      message: adMessages.cleared,
      cleared: await ads.clearAll(platform, req.body?.id, req.query),
    }));
  }

  const configList = (platform: AdPlatform) =>
    launchListRead(cache, adConfigCacheKey(platform), [AD_UNITS_TAG], async () => ({
      status: true,
      message: adMessages.config,
      platform,
      data: await ads.config(platform),
    }));
  const configLists = { android: configList('android'), ios: configList('ios') };
  registerRoute(app, adUnitRoutes.config, async (req, reply) =>
    sendCached(req, reply, await configLists[req.query.platform].read()),
  );
  return configLists;
}
