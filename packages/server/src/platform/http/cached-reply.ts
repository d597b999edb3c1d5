import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedReply } from '../app-cache.js';

/**
 * Sends an app-facing read from the AppCache: the JSON is already serialized, and a client that sends the
 * ETag it has back in If-None-Match gets a bodiless 304.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim() === cached.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
