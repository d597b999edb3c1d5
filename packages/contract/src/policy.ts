import { z } from 'zod';
import { countText } from './format.js';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { defineRoute, replyBase, requiredField, requiredText } from './http.js';
import { POLICY_PUBLIC_PATH, type PublicPolicy } from './policy-public.js';
import { versionRoutes } from './versions.js';

/** The privacy policy text (doc 1 sections 2, 3, 4 and 7, "Policy"). */

export const policyMessages = {
  fetched: 'Policy',
  updated: 'Policy updated successfully',
  titleRequired: 'Policy title is required',
  descriptionRequired: 'Policy description is required',
  titleNotText: 'Policy title must be text',
  descriptionNotText: 'Policy description must be text',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'privacy policy',
} as const;

export const POLICY_LIMITS = { title: 200, description: 50_000 } as const;

export const policy = z.object({
  policy_title: z.string(),
  policy_description: z.string(),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<PublicPolicy>;
export type Policy = z.infer<typeof policy>;

export const policyReply = replyBase.extend({ data: policy });
export type PolicyReply = z.infer<typeof policyReply>;

/**
 * The admin's read and the update's reply: the policy and the version of its title and description
 * (additive), which the edit sends back (docs/decisions/0009-edit-conflicts.md). The public read has none.
 */
export const policyEditReply = policyReply.extend({ [EDIT_VERSION_FIELD]: editVersion });
export type PolicyEditReply = z.infer<typeof policyEditReply>;

/**
 * Required text whose value of another type (a number, a list) is named as such, as `idSchema` names its
 * own: a missing one 'is required', anything else that is not text 'must be text'.
 */
const policyText = (required: string, notText: string, rule: z.ZodType<string, string>) =>
  z.string({ error: (issue) => (issue.input === undefined ? required : notText) }).pipe(rule);

/**
 * The update. `version` (optional) is the version the edit was read with; the server checks its form
 * (readEditVersion: 400 when it is no version) and refuses the update with 409 when the policy has
 * changed since. Without it the update is made as before.
 */
export const policyBody = z.object({
  policy_title: policyText(
    policyMessages.titleRequired,
    policyMessages.titleNotText,
    requiredField(policyMessages.titleRequired, POLICY_LIMITS.title, 'Policy title'),
  ),
  policy_description: policyText(
    policyMessages.descriptionRequired,
    policyMessages.descriptionNotText,
    requiredText(
      policyMessages.descriptionRequired,
      POLICY_LIMITS.description,
      `Policy description must be at most ${countText(POLICY_LIMITS.description)} characters`,
    ),
  ),
  [EDIT_VERSION_FIELD]: z.unknown().optional(),
});
export type PolicyBody = z.infer<typeof policyBody>;

export const policyRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/App/policy/admin/get',
    auth: 'admin',
    feature: 'policy',
    access: 'read',
    summary: 'The privacy policy title and description, with the version an edit sends back',
    reply: policyEditReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/App/policy/admin/update',
    auth: 'admin',
    feature: 'policy',
    access: 'write',
    summary: `Replace the privacy policy title and description; optional ${EDIT_VERSION_FIELD} (the read's): refused with 409 when the policy was changed since`,
    body: policyBody,
    reply: policyEditReply,
  }),
  read: defineRoute({
    method: 'GET',
    path: POLICY_PUBLIC_PATH,
    auth: 'app',
    summary: 'The privacy policy for the app and the public site (cached, ETag)',
    reply: policyReply,
  }),
} as const;

/** What a policy version holds: its title and description. */
export const policyState = policy.pick({ policy_title: true, policy_description: true });
export type PolicyState = z.infer<typeof policyState>;

/** The policy's versions and rollback (docs/decisions/0032-versions.md). */
export const policyVersionRoutes = versionRoutes(
  'policy',
  '/api/admin/policy/versions',
  policyState,
  'the privacy policy',
);
