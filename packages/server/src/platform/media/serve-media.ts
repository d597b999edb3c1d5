import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isMediaKey, MEDIA_URL_PREFIX, type MediaStore } from './media-store.js';

/**
 * Serves stored media at /media/<folder>/<file> with HTTP Range (video seeking), the right content type,
 * and long cache headers: the server names every file itself and never reuses a name, so a URL's bytes
 * never change.
 *
 * Only a name the store gives is served (isMediaKey), so a dotfile, a file still being written in .tmp, a
 * wrong-case name or a `..` however written is a 404 before the disk is touched. The file goes out
 * through reply.sendFile rather than @fastify/static's wildcard route, whose path-spelling check lists
 * every folder on the path on every request: a thumbnail in a folder of 40,000 files took 28 ms
 * (docs/decisions/0004-media-urls.md).
 */
export async function registerMediaServing(
  app: FastifyInstance,
  root: string,
  store: MediaStore,
): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(async (scope) => {
    // This scope's own sendFile, with the media root and headers (the web assets' serves the SPA). No
    // allowedPath: given one, sendFile runs the spelling check too.
    await scope.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      dotfiles: 'deny',
      acceptRanges: true,
      cacheControl: true,
      maxAge: '365d',
      immutable: true,
    });
    scope.route<{ Params: { folder: string; file: string } }>({
      method: ['GET', 'HEAD'],
      url: `${MEDIA_URL_PREFIX}:folder/:file`,
      config: { auth: 'public' },
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = `${request.params.folder}/${request.params.file}`;
        if (!isMediaKey(key)) return reply.callNotFound();
        // A thumbnail being made right after its upload's reply is served once it is there, not as a 404.
        await store.settled(key);
        return reply.sendFile(key);
      },
    });
  });
}
