import type { RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';

// OPTIONS: the tus endpoint answers it (its version and extensions).
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods a path answers, for a request whose method it does not: Fastify's router says only "not
 * found", so a POST to a GET route read 'No such route.' as if the path were misspelt. A second router
 * with the same routes (find-my-way, Fastify's own, so paths match the same way) is built on the first
 * miss, once every route is registered.
 */
export function methodsOfPath(routes: () => readonly RouteOptions[]): (url: string) => string[] {
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
  return (url) => {
    if (!router) {
      router = FindMyWay();
      const seen = new Set<string>();
      for (const route of routes())
        for (const method of [route.method].flat()) {
          const key = `${method} ${route.url}`;
          if (!(METHODS as readonly string[]).includes(method) || seen.has(key)) continue;
          seen.add(key);
          router.on(method as 'GET', route.url, () => {});
        }
    }
    const found = router;
    const path = url.split('?')[0]!;
    return METHODS.filter((method) => found.find(method, path) !== null);
  };
}
