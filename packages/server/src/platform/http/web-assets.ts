import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@streamdesk/contract/messages';
import { isWebPath } from '@streamdesk/contract/web-paths';
import type { ResolvedConfig } from '../config.js';
import { methodsOfPath } from './method-not-allowed.js';

/**
 * Serves the built admin SPA at / and the public site at /site/, plus /runtime-config.js, which hands the
 * browser the api-key and payload key it must send (they are app-compatibility obfuscation, not secrets:
 * the bearer token and TLS are the security) and the deployment's settings the screens follow.
 */
export async function registerWebAssets(app: FastifyInstance, config: ResolvedConfig): Promise<void> {
  const runtimeConfig = {
    apiKey: config.apiKey,
    payloadKey: config.payloadKey,
    blockDevtools: config.blockDevtools,
    publicLiveHost: config.publicLiveHost,
    liveHostSet: config.liveHostSet,
    playStoreUrl: config.playStoreUrl,
    // The days the quick ranges pick must be the days the server counts events on.
    reportTimeZone: config.reportTimeZone,
  };
  const script = `window.__STREAMDESK__ = ${JSON.stringify(runtimeConfig)};\n`;
  app.get('/runtime-config.js', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script),
  );

  const root = config.webDistDir;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the text assets (vite.config.ts): sent when accepted.
      preCompressed: true,
      // Hashed bundles never change; the HTML entry points must always be revalidated.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const methodsOf = methodsOfPath(() => app.streamdesk.routes);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const allowed = url.startsWith('/api/') ? methodsOf(url) : [];
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ status: false, message: messages.methodNotAllowed(request.method, allowed) });
    }
    if (url.startsWith('/api/') || url === '/api' || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ status: false, message: messages.routeNotFound });
    }
    if (url.startsWith('/assets/') || url.startsWith('/media/')) {
      return reply.code(404).send({ status: false, message: messages.notFound });
    }
    const pathname = url.split('?')[0]!;
    const entry = /^\/site(\/|$)/i.test(pathname) ? 'site/index.html' : 'index.html';
    // A path no screen has gets the page too (its router shows the not-found screen), with a 404 status.
    return reply
      .code(isWebPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(entry);
  });
}
