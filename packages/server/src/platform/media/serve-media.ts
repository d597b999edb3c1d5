import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { MediaStore } from './media-store.js';

/**
 * Serves stored media at /media/ with HTTP Range (video seeking), the right content type, and long cache
 * headers: the server names every file itself and never reuses a name, so a URL's bytes never change.
 */
export async function registerMediaServing(
  app: FastifyInstance,
  root: string,
  store: MediaStore,
): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    // A thumbnail being made right after its upload's reply is served once it is there, not as a 404.
    scope.addHook('onRequest', async (request) => store.settled(request.url.split('?')[0]!));
    await scope.register(fastifyStatic, {
      root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      acceptRanges: true,
      cacheControl: true,
      maxAge: '365d',
      immutable: true,
      allowedPath: (pathName) => !pathName.includes('/.tmp/'),
    });
  });
}
