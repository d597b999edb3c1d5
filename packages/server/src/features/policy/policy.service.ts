import { policyMessages, type PolicyBody, type PolicyReply } from '@streamdesk/contract/policy';
import { tablesOf } from '../../platform/db/database.js';
import { nowIso } from '../../platform/db/values.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import * as repo from './policy.repository.js';

export const POLICY_TAG = 'policy';
const PRIVACY = 'privacy';

/** Shown until the administrator writes the policy (docs/decisions/policy-default-text.md). */
const DEFAULT_POLICY = { policy_title: 'Privacy Policy', policy_description: '', updatedAt: null };

export function createPolicyService(ctx: Pick<FeatureContext, 'db' | 'cache'>) {
  const db = tablesOf<repo.PolicyTables>(ctx.db);

  async function get(message: string = policyMessages.fetched): Promise<PolicyReply> {
    const row = await repo.findPolicy(db, PRIVACY);
    const data = row
      ? { policy_title: row.title, policy_description: row.description, updatedAt: row.updated_at }
      : DEFAULT_POLICY;
    return { status: true, message, data };
  }

  return {
    get,
    async update(body: PolicyBody): Promise<PolicyReply> {
      await repo.savePolicy(db, {
        id: PRIVACY,
        title: body.policy_title,
        description: body.policy_description,
        updated_at: nowIso(),
      });
      ctx.cache.invalidate(POLICY_TAG);
      return get(policyMessages.updated);
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
