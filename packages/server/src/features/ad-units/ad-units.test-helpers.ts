import { buildPath } from '@streamdesk/contract/http';
import { adUnitRoutes, type AdPlatform } from '@streamdesk/contract/ad-units';
import type { TestApp } from '../../test/test-app.js';

export const ADMOB = 'ca-app-pub-3940256099942544/6300978111';

/**
 * Calls an ad route the way each platform's client does: Android bodies go sealed, Apple ones plain.
 * `plain` sends an Android body unsealed (the server accepts both).
 */
export function adClient(t: TestApp, platform: AdPlatform) {
  const routes = adUnitRoutes[platform];
  return {
    routes,
    async call<T = Record<string, unknown>>(
      def: { method: string; path: string },
      opts: {
        params?: Record<string, string>;
        query?: Record<string, string>;
        body?: unknown;
        plain?: boolean;
      } = {},
    ) {
      const url =
        buildPath(def.path, opts.params) + (opts.query ? `?${new URLSearchParams(opts.query)}` : '');
      const seal = platform === 'android' && !opts.plain && opts.body !== undefined;
      const payload = seal ? await t.seal(opts.body) : (opts.body as object | undefined);
      const res = await t.request({
        method: def.method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload }),
      });
      return { res, status: res.statusCode, body: await t.json<T>(res) };
    },
  };
}
