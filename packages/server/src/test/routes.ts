import type { RouteOptions } from 'fastify';

/** Each registered route once: Fastify reports a GET and the HEAD it adds as two routes. */
export function uniqueRoutes(routes: readonly RouteOptions[]): RouteOptions[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${String(r.method)} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The HTTP methods of a route, HEAD left out (Fastify adds one to every GET). */
export const routeMethods = (r: RouteOptions) =>
  (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
