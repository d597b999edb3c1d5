import { policyRoutes, policyVersionRoutes } from '@streamdesk/contract/policy';
import type { FeatureContext } from '../../platform/feature-context.js';
import { sendCached } from '../../platform/http/cached-reply.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { registerVersionRoutes } from '../../platform/versions/version-routes.js';
import { POLICY_TAG, createPolicyService } from './policy.service.js';

export function registerPolicy(ctx: FeatureContext): void {
  const policy = createPolicyService(ctx);
  ctx.reverts.add('policy', policy.reverter);
  registerRoute(ctx.app, policyRoutes.get, () => policy.adminGet());
  registerRoute(ctx.app, policyRoutes.update, ({ body }) => policy.update(body));
  registerVersionRoutes(ctx.app, policyVersionRoutes, policy);
  registerRoute(ctx.app, policyRoutes.read, async (request, reply) =>
    sendCached(request, reply, await ctx.cache.get('policy:privacy', [POLICY_TAG], () => policy.get())),
  );
}
