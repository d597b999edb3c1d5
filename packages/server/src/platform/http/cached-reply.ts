import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedReply } from '../app-cache.js';

/**
 * Sends a cached app reply (from `ctx.cache.get`) with its ETag, or 304 without a body when the client
 * already holds that version. Typed `never` so a route handler can return it whatever its reply schema.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): never {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim() === cached.etag || tag.trim() === '*')) {
    return reply.code(304).send() as never;
  }
  return reply.type('application/json; charset=utf-8').send(cached.body) as never;
}
