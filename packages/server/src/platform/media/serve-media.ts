import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isMediaKey, MEDIA_URL_PREFIX, type MediaStore } from './media-store.js';
import { contentTypeOfKey, PRESIGN_SECONDS, type S3MediaStore } from './s3-media-store.js';

/** The local store's cache header, which the bucket's objects carry too (s3-media-store.ts). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  if (store.kind === 's3') return registerBucketServing(app, store as S3MediaStore);
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
    mediaRoute(scope, store, (key, reply) => reply.sendFile(key));
  });
}

/**
 * GET and HEAD of /media/<folder>/<file>, public: a name the store does not give is a 404, and a
 * thumbnail being made right after its upload's reply is sent once it is there, not as a 404.
 */
function mediaRoute(
  scope: FastifyInstance,
  store: MediaStore,
  send: (key: string, reply: FastifyReply) => unknown,
) {
  scope.route<{ Params: { folder: string; file: string } }>({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_URL_PREFIX}:folder/:file`,
    config: { auth: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = `${request.params.folder}/${request.params.file}`;
      if (!isMediaKey(key)) return reply.callNotFound();
      await store.settled(key);
      return send(key, reply);
    },
  });
}

/**
 * Media in a bucket: a 302 to the file's bucket URL (presigned, or under S3_PUBLIC_URL), so the bytes and
 * their Range requests go to the bucket, not through this server. Playlists are the exception: they are
 * small, and a player resolves their relative names against the URL it read them at, which must be this
 * server's (a presigned URL's signature covers one key), so they are sent from here
 * (docs/decisions/0046-object-storage.md).
 */
function registerBucketServing(app: FastifyInstance, store: S3MediaStore) {
  // A presigned redirect may be reused for half its life; a public one never changes.
  const redirectCache = store.isPublic ? IMMUTABLE : `private, max-age=${PRESIGN_SECONDS / 2}`;
  mediaRoute(app, store, async (key, reply) => {
    if (key.endsWith('.m3u8')) {
      const bytes = await store.open(key);
      if (!bytes) return reply.callNotFound();
      return reply.header('cache-control', IMMUTABLE).type(contentTypeOfKey(key)).send(bytes);
    }
    return reply.header('cache-control', redirectCache).redirect(await store.urlFor(key), 302);
  });
}
