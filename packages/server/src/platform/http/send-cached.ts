import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedReply } from '../app-cache.js';

/**
 * Sends an app-cache entry: its ETag, and 304 with no body when the client already holds it. The body is
 * already serialized JSON, so the route's serializer is skipped.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
