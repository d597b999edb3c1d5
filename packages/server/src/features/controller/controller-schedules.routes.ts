import {
  controllerScheduleRoutes as routes,
  scheduleMessages,
} from '@streamdesk/contract/controller-schedules';
import type { FeatureContext } from '../../platform/feature-context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createControllerSchedules } from './controller-schedules.service.js';
import type { ControllerService } from './controller.service.js';

export function registerControllerSchedules(ctx: FeatureContext, controller: ControllerService): void {
  const schedules = createControllerSchedules(ctx, controller);
  const reply = (message: string) => (data: Awaited<ReturnType<typeof schedules.add>>) => ({
    status: true,
    message,
    data,
  });
  registerRoute(ctx.app, routes.list, async () => ({
    status: true,
    message: scheduleMessages.listed,
    data: await schedules.list(),
  }));
  registerRoute(ctx.app, routes.add, ({ body }) => schedules.add(body).then(reply(scheduleMessages.added)));
  registerRoute(ctx.app, routes.update, ({ params, body }) =>
    schedules.update(params.id, body).then(reply(scheduleMessages.updated)),
  );
  registerRoute(ctx.app, routes.cancel, ({ params }) =>
    schedules.cancel(params.id).then(reply(scheduleMessages.cancelled)),
  );
}
