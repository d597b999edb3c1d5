import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Replies over 1 KB go out brotli (quality 4) or gzip when the client takes them. The admin lists are
 * the reason (docs/decisions/0012-lists.md): the live ads history page is 185 KB of JSON, 3.7 s on a
 * 50 KB/s phone link, about 0.5 s compressed. Registered before the routes, whose onSend it joins
 * (after the app-wide hooks): the envelope seals first and the idempotency store keeps the reply as it
 * was before compression, so a replay is compressed for its own request.
 * Left alone: replies that already carry a Content-Encoding (the app's cached reads, the built web
 * assets), ranges, and types that are not text (media). Request bodies are not decompressed: no client
 * sends them compressed, and an upload's size limits are checked on the bytes that arrive.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
}
