import { controllerRoutes, controllerVersionRoutes } from '@streamdesk/contract/controller';
import type { FeatureContext } from '../../platform/feature-context.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { registerVersionRoutes } from '../../platform/versions/version-routes.js';
import { registerControllerSchedules } from './controller-schedules.routes.js';
import { CONTROLLER_TAG, type ControllerService } from './controller.service.js';

export function registerControllerRoutes(ctx: FeatureContext, controller: ControllerService): void {
  const { app } = ctx;
  ctx.reverts.add('controller', controller.reverter);
  registerRoute(app, controllerRoutes.get, () => controller.adminData());
  registerRoute(app, controllerRoutes.flag, ({ body }) => controller.setFlag(body.name, body.status));
  registerRoute(app, controllerRoutes.position, ({ body }) => controller.setPosition(body.name, body.value));
  registerRoute(app, controllerRoutes.text, ({ body }) => controller.setText(body.field, body.url));
  registerRoute(app, controllerRoutes.facebook, ({ body }) => controller.setFacebook(body));
  registerRoute(app, controllerRoutes.phonePay, ({ body }) => controller.setPhonePay(body));
  registerRoute(app, controllerRoutes.payAmount, ({ body }) => controller.setPayAmount(body.payAmount));
  registerRoute(app, controllerRoutes.installNew, ({ body }) => controller.setInstallUrl(body.btn_url));
  registerRoute(app, controllerRoutes.placement, ({ body }) =>
    controller.setPlacement(body.field, body.name),
  );
  registerVersionRoutes(app, controllerVersionRoutes, controller);
  registerControllerSchedules(ctx, controller);

  registerRoute(app, controllerRoutes.maintenance, async (request, reply) =>
    sendCached(
      request,
      reply,
      await ctx.cache.get('controller:maintenance', [CONTROLLER_TAG], () => controller.maintenance()),
    ),
  );
  // Every launch counts an app open, on the fast path of cache hits too (onHit, which serves GETs only).
  // A HEAD (a monitor, a proxy's check) reads the headers, not the launch: it is not an open.
  const countOpen = () => controller.countOpen();
  registerRoute(app, controllerRoutes.loadCheck, async (request, reply) => {
    if (request.method === 'GET') countOpen();
    const tags = [CONTROLLER_TAG, ...ctx.launch.tags];
    return sendCached(
      request,
      reply,
      await ctx.cache.get('controller:loadCheck', tags, () => controller.loadCheck()),
      { onHit: countOpen },
    );
  });

  // Written before the server stops taking requests (if the close is cut short, these are safe), and
  // again once the requests in flight are done, before the database closes (app.ts).
  const saveOpens = async () => {
    await controller
      .flushOpens()
      .catch((error: unknown) => app.log.warn({ err: error }, 'app opens not saved'));
  };
  app.addHook('preClose', saveOpens);
  app.addHook('onClose', saveOpens);
}
