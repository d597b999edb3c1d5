import type { FastifyInstance } from 'fastify';

/** Powerful browser features no page of the product uses: refused, so injected code cannot ask for them. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), fullscreen=(self)';
/** One year, subdomains included: sent only on a request that came over TLS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers helmet does not give (docs/decisions/0023-security-headers.md): admin API replies are never stored
 * by a browser or a proxy (they hold people's data and tokens); every page refuses powerful features;
 * HSTS on a request that arrived over TLS (directly, or through a TRUST_PROXY proxy's X-Forwarded-Proto).
 * The app API's replies keep their own caching headers (ETag, Cache-Control of the cached reads).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.auth === 'admin') reply.header('cache-control', 'no-store');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
