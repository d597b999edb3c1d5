import {
  policyMessages,
  type Policy,
  type PolicyBody,
  type PolicyEditReply,
  type PolicyReply,
} from '@streamdesk/contract/policy';
import {
  checkEditVersion,
  editVersionOf,
  readEditVersion,
} from '../../platform/edit-versions/edit-versions.js';
import { nowIso } from '../../platform/db/values.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import * as repo from './policy.repository.js';
import { noteActivity } from '../../platform/activity/activity-recorder.js';

export const POLICY_TAG = 'policy';
const PRIVACY = 'privacy';

/** Shown until the administrator writes the policy (docs/decisions/0018-videos.md). */
const DEFAULT_POLICY = { policy_title: 'Privacy Policy', policy_description: '', updatedAt: null };

/**
 * What the edit writes: the version covers these, not the time of the last update (two saves of the same
 * text leave nothing for the other admin to lose). The record lock of the one policy guards its check.
 */
const EDITABLE_FIELDS = ['policy_title', 'policy_description'] as const satisfies readonly (keyof Policy)[];
const LOCKED = 'policies';

export function createPolicyService(ctx: Pick<FeatureContext, 'db' | 'cache' | 'locks'>) {
  const db = ctx.db;

  async function read(): Promise<Policy> {
    const row = await repo.findPolicy(db, PRIVACY);
    return row
      ? { policy_title: row.title, policy_description: row.description, updatedAt: row.updated_at }
      : DEFAULT_POLICY;
  }

  /** The public read (the app and the site): no version, nothing there edits it. */
  async function get(): Promise<PolicyReply> {
    return { status: true, message: policyMessages.fetched, data: await read() };
  }

  /** The admin's read (and the update's reply): with the version the edit sends back. */
  async function adminGet(message: string = policyMessages.fetched): Promise<PolicyEditReply> {
    const data = await read();
    return { status: true, message, data, version: editVersionOf(data, EDITABLE_FIELDS) };
  }

  return {
    get,
    adminGet,
    /**
     * Replaces the title and description. Sent with the version it was read at, the update is refused
     * (409) when the policy changed since: checked under the policy's lock (on PostgreSQL its advisory
     * lock too) before anything is written.
     */
    async update(body: PolicyBody): Promise<PolicyEditReply> {
      const sent = readEditVersion(body.version);
      await ctx.locks.run(LOCKED, [PRIVACY], async () => {
        const before = await read();
        checkEditVersion(sent, editVersionOf(before, EDITABLE_FIELDS), policyMessages.conflictThing);
        noteActivity({
          itemId: PRIVACY,
          label: 'policy',
          before: { policy_title: before.policy_title, policy_description: before.policy_description },
          after: { policy_title: body.policy_title, policy_description: body.policy_description },
        });
        await repo.savePolicy(db, {
          id: PRIVACY,
          title: body.policy_title,
          description: body.policy_description,
          updated_at: nowIso(),
        });
      });
      ctx.cache.invalidate(POLICY_TAG);
      return adminGet(policyMessages.updated);
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
