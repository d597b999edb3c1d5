import {
  notificationMessages as msg,
  notificationRoutes as routes,
  notificationsDeletedMessage,
} from '@streamdesk/contract/notifications';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { bySchedules } from '../../platform/jobs/by-schedule.js';
import type { DueJob } from '../../platform/jobs/scheduler.js';
import {
  createNotificationsService,
  ICON_FOLDER,
  SEND_JOB,
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
    readDb: ctx.readDb,
    dialect: ctx.dialect,
    media: ctx.media,
    push: ctx.config.push,
    jobs: ctx.jobs,
    trash: ctx.trash,
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
      message: request.body.sendAt ? msg.scheduled : msg.sent,
      data: await service.send(request.body, request.uploads.image?.url ?? null),
    }),
    { upload: { store: ctx.media, folder: ICON_FOLDER } },
  );

  registerRoute(app, routes.resend, async (request) => ({
    status: true,
    message: msg.sent,
    data: await service.resend(request.body),
  }));

  registerRoute(app, routes.delete, async (request) => {
    const deleted = await service.remove(request.body.id);
    return { status: true, message: notificationsDeletedMessage(deleted), deleted };
  });

  registerRoute(app, routes.editScheduled, async (request) => ({
    status: true,
    message: msg.scheduledUpdated,
    data: await service.editScheduled(request.params.id, request.body),
  }));

  registerRoute(app, routes.cancelScheduled, async (request) => ({
    status: true,
    message: msg.scheduledCancelled,
    data: await service.cancelScheduled(request.params.id),
  }));

  // A send later goes as a send made now, logged "by schedule" for the person who scheduled it; those
  // due at one time go in one write, each with its entry (0033, "Due at one time").
  const idOf = (job: DueJob) => (job.payload as { id: string }).id;
  const sendDue = (group: DueJob[]) =>
    bySchedules(app, group, async () => {
      const sent = await service.sendScheduled(group.map(idOf));
      return group.map((job) => {
        const one = sent.get(idOf(job));
        const label = one
          ? `notification "${one.n_title.slice(0, 80)}": sent by schedule`
          : 'notification: no longer scheduled at its time';
        return {
          job,
          route: { action: 'send', feature: 'notifications', itemIds: [idOf(job)], label },
          notes: [],
        };
      });
    });
  ctx.jobs.handle(SEND_JOB, {
    run: (job) => sendDue([job]),
    runTogether: sendDue,
    missed: (job) => service.missScheduled(idOf(job)),
  });

  registerRoute(app, routes.history, async (request) => ({
    status: true,
    message: msg.found,
    ...(await service.history(request.query)),
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
