import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuthService, type AuthService } from './features/auth/auth.service.js';
import { Reverts } from './platform/activity/reverts.js';
import { registerFeatures, searchIndexes } from './features.js';
import { migrations } from './migrations.js';
import { Scheduler } from './platform/jobs/scheduler.js';
import { AppCache } from './platform/app-cache.js';
import { CacheSync, cacheVersionsIn } from './platform/cache-sync/cache-sync.js';
import type { ResolvedConfig } from './platform/config.js';
import { createDatabase } from './platform/db/database.js';
import { statisticsTables } from './platform/db/search-groups.js';
import { readStatisticsAhead } from './platform/db/search-lead.js';
import { sharedRateLimitStore } from './platform/rate-limits/shared-rate-limit-store.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { registerCompression } from './platform/http/compression.js';
import { registerEnvelope } from './platform/http/envelope.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/http/error-handler.js';
import { FastReads, fastReadsServer } from './platform/http/fast-reads.js';
import { registerGuards, secretChecker } from './platform/http/guards.js';
import {
  documentIdempotencyKey,
  idempotencyComponents,
  registerIdempotentWrites,
} from './platform/http/idempotency.js';
import {
  createIdempotencyService,
  type IdempotencyService,
} from './platform/idempotency/idempotency.service.js';
import { limitBodies } from './platform/http/body-limits.js';
import { registerInputHygiene } from './platform/http/input-hygiene.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerWebAssets } from './platform/http/web-assets.js';
import { MediaColumns, moveOrphanMedia } from './platform/media/media-references.js';
import { createLocalMediaStore, type MediaStore } from './platform/media/media-store.js';
import { createS3MediaStore } from './platform/media/s3-media-store.js';
import { registerMediaServing } from './platform/media/serve-media.js';
import { remakeThumbnail, stopMediaTools } from './platform/media/video-tools.js';
import { LaunchRegistry, LiveViewers } from './platform/registries.js';
import { RecordLocks } from './platform/record-locks.js';
import { TrashBin } from './platform/trash/trash-bin.js';
import { ActivityRecorder } from './platform/activity/activity-recorder.js';
import type { FeatureContext } from './platform/feature-context.js';
import { createVideoQueue } from './platform/media/video-queue.js';
import type { registerAnalytics } from './features/analytics/analytics.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    streamdesk: {
      auth: AuthService;
      context: FeatureContext;
      routes: RouteOptions[];
      idempotency: IdempotencyService;
      analytics: ReturnType<typeof registerAnalytics>;
    };
  }
}

/**
 * Files in media/.tmp untouched this long were left by a process that stopped mid-write; stored files
 * no row names, untouched this long, are orphans (a row is written seconds after its file is stored).
 */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** The scheduler's time; tests inject their own. */
  clock?: () => Date;
  /** How often a video's processing writes its percent (VideoQueueOptions.tickMs); tests shorten it. */
  videoProgressMs?: number;
  /**
   * Starts the SQLite reader threads (PostgreSQL: opens the kept connections and reads the searched tables'
   * statistics) before the server is ready (main.ts), so the first reads after a start do not wait for
   * them; tests leave them to their first read.
   */
  warmReaders?: boolean;
}

/**
 * Builds the whole server (API, admin SPA, public site) without listening. Plugins load in a fixed
 * order: platform (security, limits, docs, errors, envelope, guards), then features, then the web assets
 * whose not-found handler catches the rest.
 */
export async function buildApp(config: ResolvedConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const database = createDatabase(config);
  try {
    await migrateToLatest(database.db, migrations);
  } catch (error) {
    await database.destroy();
    throw error;
  }

  const cache = new AppCache();
  const isApiKey = secretChecker(config.apiKey);
  const fastReads = new FastReads(cache, isApiKey);
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    serverFactory: fastReadsServer(fastReads),
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('fastReads', fastReads);
  app.decorate('activityLog', new ActivityRecorder(database.db, database.writeScopes));
  app.addHook('preClose', async () => fastReads.close());
  // Closing waits for every connection to end. Node closes the idle keep-alive connections once, when
  // the close begins; a connection that finishes its request after that would stay open until the app
  // let it go (minutes for OkHttp), and main.ts gives up after 10 s, before the onClose hooks (the last
  // counted events) have run. So idle connections are closed as they become idle.
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    hsts: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(database.db),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      status: false,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(multipart, {
    // The media store enforces each kind's own limit while streaming; these only bound the request.
    limits: { fileSize: 256 * 1024 * 1024, files: 60, fields: 60, fieldSize: 1024 * 1024, parts: 120 },
  });
  limitBodies(app, {
    idleMs: config.uploadIdleMs,
    bodyDeadlineMs: config.bodyDeadlineMs,
    uploadDeadlineMs: config.uploadDeadlineMs,
    uploadsPerClient: config.uploadsPerClient,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Streamdesk API', version: '1.0.0' },
      // What each route asks for (registerRoute sets `security` from its auth): an app generates its
      // client, headers included, from this description.
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
        // Admin writes also take an Idempotency-Key (platform/http/idempotency.ts).
        ...idempotencyComponents,
      },
    },
    transform: documentIdempotencyKey(jsonSchemaTransform),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await registerCompression(app);

  registerErrorHandler(app);
  registerEnvelope(app, config.payloadKey);
  registerInputHygiene(app);
  registerSecurityHeaders(app);
  const auth = createAuthService(database.db, {
    dialect: database.dialect,
    sessionMaxMs: config.sessionMaxMs,
  });
  registerGuards(app, { isApiKey, authenticate: auth.authenticate });
  const idempotency = createIdempotencyService(database.db, {
    onError: (err, what) => app.log.warn({ err }, `failed ${what}`),
  });
  registerIdempotentWrites(app, idempotency);

  app.get('/healthz', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({
    status: true,
    message: 'ok',
  }));

  const mediaRoot = path.join(config.dataDir, 'media');
  const media: MediaStore =
    config.mediaStore.kind === 's3'
      ? createS3MediaStore(config.mediaStore, path.join(config.dataDir, 'media-staging'))
      : createLocalMediaStore(mediaRoot);
  const { removed, remade } = await media.reconcile(LEFTOVER_AGE_MS, remakeThumbnail);
  if (removed) app.log.info(`removed ${removed} temporary media files a stopped server left`);
  if (remade.length)
    app.log.warn({ files: remade }, `making again ${remade.length} thumbnails a stopped server left unmade`);
  await registerMediaServing(app, mediaRoot, media);

  const context: FeatureContext = {
    app,
    config,
    media,
    mediaColumns: new MediaColumns(),
    db: database.db,
    readDb: database.readDb,
    dialect: database.dialect,
    cache,
    launch: new LaunchRegistry(),
    liveViewers: new LiveViewers(),
    locks: new RecordLocks(database.sharedLocks),
    notices: database.notices,
    reverts: new Reverts(),
    trash: new TrashBin(config.trashRetentionDays),
    videoQueue: createVideoQueue(
      { db: database.db, media, cache, dataDir: config.dataDir, log: app.log },
      { atOnce: config.videoJobsAtOnce, tickMs: opts.videoProgressMs },
    ),
    jobs: new Scheduler(database.db, {
      dialect: database.dialect,
      graceMs: config.scheduleGraceMs,
      ...(opts.clock ? { clock: opts.clock } : {}),
      onError: (err, job) => app.log.error({ err, job: job?.id, kind: job?.kind }, 'a scheduled job failed'),
    }),
  };
  // Fastify runs onClose hooks in reverse order of registration (avvio puts each at the front of its
  // queue), so this one, added before any feature's, runs last: every feature's own onClose (writing
  // counted events and app opens) still has the database.
  app.addHook('onClose', async () => {
    // Pending thumbnails still need the launcher.
    await media.idle();
    stopMediaTools();
    await database.destroy();
  });
  // Runs after the features' onClose hooks (their last flush invalidates tags) and before the database
  // closes, so the other processes learn of this one's last writes.
  const cacheSync = new CacheSync(cacheVersionsIn(database.db), cache, app.log);
  await cacheSync.start();
  app.addHook('onClose', () => cacheSync.stop());
  const { analytics } = registerFeatures(context, { auth });
  await moveOrphanMedia(context, path.join(config.dataDir, 'orphans'), LEFTOVER_AGE_MS);
  // Once every feature has its handlers; stopped before the database closes (onClose runs in reverse).
  app.addHook('onReady', async () => context.jobs.start());
  app.addHook('onClose', () => context.jobs.stop());
  // Gives its runs back while the database is still open (before the platform's onClose above).
  app.addHook('onReady', () => context.videoQueue.start());
  app.addHook('onClose', () => context.videoQueue.stop());
  if (opts.warmReaders) {
    app.addHook('onReady', () => database.warm());
    // 20 ms of the first search at a million videos (0073).
    if (database.dialect === 'postgres')
      app.addHook('onReady', () =>
        readStatisticsAhead(database.readDb, searchIndexes.flatMap(statisticsTables)),
      );
  }
  await registerWebAssets(app, config);
  app.decorate('streamdesk', { auth, context, routes, idempotency, analytics });
  return app;
}
