import {
  policyMessages,
  policyState,
  type PolicyState,
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
import {
  changedKeys,
  createSettingVersions,
  type NewVersion,
} from '../../platform/versions/setting-versions.js';
import { versionMessages } from '@streamdesk/contract/versions';
import type { Reverter } from '../../platform/activity/reverts.js';

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

const stateOf = (p: PolicyState): PolicyState => ({
  policy_title: p.policy_title,
  policy_description: p.policy_description,
});

export function createPolicyService(ctx: Pick<FeatureContext, 'db' | 'cache' | 'locks' | 'config'>) {
  const db = ctx.db;
  const versions = createSettingVersions(db, POLICY_TAG, ctx.config.versionsKeep);

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

  const readState = async () => stateOf(await read());

  /** Writes the policy with its activity note and version (none when nothing changed); returns its number. */
  async function write(
    before: PolicyState,
    after: PolicyState,
    how: Pick<NewVersion, 'source' | 'rolledBackTo'> = {},
  ): Promise<number | undefined> {
    noteActivity({
      itemId: PRIVACY,
      label: how.rolledBackTo ? `policy: rolled back to version ${how.rolledBackTo}` : 'policy',
      ...(how.rolledBackTo ? { action: 'update' as const } : {}),
      before,
      after,
    });
    await repo.savePolicy(db, {
      id: PRIVACY,
      title: after.policy_title,
      description: after.policy_description,
      updated_at: nowIso(),
    });
    const n = await versions.record({ before, readAfter: readState, ...how });
    ctx.cache.invalidate(POLICY_TAG);
    return n;
  }

  /** Writes an activity entry's before values back (0031), under the policy's lock like an update. */
  const reverter: Reverter = {
    owns: (id) => Promise.resolve(id === PRIVACY),
    fields: EDITABLE_FIELDS,
    revert: (_id, values, check) =>
      ctx.locks.run(LOCKED, [PRIVACY], async () => {
        const current = stateOf(await read());
        check(current);
        await write(current, policyState.parse({ ...current, ...values }));
      }),
  };

  return {
    reverter,
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
        await write(stateOf(before), stateOf(body));
      });
      return adminGet(policyMessages.updated);
    },

    versions,
    /** Rolls back to version `n`: its title and description are written as an update writes them. */
    async rollback(n: number): Promise<{ status: true; message: string; n: number | null }> {
      const wanted = policyState.parse((await versions.get(n)).state);
      return ctx.locks.run(LOCKED, [PRIVACY], async () => {
        const before = stateOf(await read());
        if (changedKeys(before, wanted).length === 0)
          return { status: true, message: versionMessages.unchanged(n), n: null };
        const made = await write(before, wanted, { source: 'rollback', rolledBackTo: n });
        return { status: true, message: versionMessages.rolledBack(n), n: made ?? null };
      });
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
