import {
  notificationMessages as msg,
  notificationRoutes as routes,
} from '@streamdesk/contract/notifications';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import {
  createNotificationsService,
  ICON_FOLDER,
  type NotificationsService,
} from './notifications.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications service, so tests can wait for deliveries (`idle()`). */
    notifications: NotificationsService;
  }
}

export function registerNotifications(ctx: FeatureContext): NotificationsService {
  ctx.mediaColumns.declare('notifications', ['icon']);
  const { app } = ctx;
  const service = createNotificationsService({
    db: ctx.db,
    media: ctx.media,
    push: ctx.config.push,
    publicBaseUrl: ctx.config.publicLiveHost,
    onError: (error) => app.log.error({ err: error }, 'notification delivery could not be recorded'),
  });
  app.decorate('notifications', service);
  app.addHook('onReady', () => service.failInterrupted());
  // Before the database closes (onClose): stop the deliveries and record the ones cut short.
  app.addHook('preClose', () => service.close());

  registerRoute(
    app,
    routes.send,
    async (request) => ({
      status: true,
      message: msg.sent,
      data: await service.send(request.body, request.uploads.image?.url ?? null),
    }),
    { upload: { store: ctx.media, folder: ICON_FOLDER } },
  );

  registerRoute(app, routes.resend, async (request) => ({
    status: true,
    message: msg.sent,
    data: await service.resend(request.body),
  }));

  registerRoute(app, routes.delete, async (request) => ({
    status: true,
    message: msg.deleted,
    deleted: await service.remove(request.body.id),
  }));

  registerRoute(app, routes.history, async (request) => ({
    status: true,
    message: msg.found,
    ...(await service.history(request.query.page, request.query.limit)),
  }));

  registerRoute(
    app,
    routes.subscribe,
    async (request) => {
      await service.subscribe(request.body);
      return { status: true, message: msg.subscribed };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute', shared: true } },
  );

  registerRoute(app, routes.vapidKey, async () => ({
    status: true,
    message: msg.vapidKey,
    publicKey: service.vapidPublicKey(),
  }));

  return service;
}
