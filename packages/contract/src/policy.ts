import { z } from 'zod';
import { defineRoute, replyBase, requiredField, requiredText } from './http.js';
import { POLICY_PUBLIC_PATH, type PublicPolicy } from './policy-public.js';

/** The privacy policy text (doc 1 sections 2, 3, 4 and 7, "Policy"). */

export const policyMessages = {
  fetched: 'Policy',
  updated: 'Policy updated successfully',
  titleRequired: 'Policy title is required',
  descriptionRequired: 'Policy description is required',
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

export const policyBody = z.object({
  policy_title: requiredField(policyMessages.titleRequired, POLICY_LIMITS.title, 'Policy title'),
  policy_description: requiredText(
    policyMessages.descriptionRequired,
    POLICY_LIMITS.description,
    `Policy description must be at most ${POLICY_LIMITS.description.toLocaleString('en-US')} characters`,
  ),
});
export type PolicyBody = z.infer<typeof policyBody>;

export const policyRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/App/policy/admin/get',
    auth: 'admin',
    summary: 'The privacy policy title and description',
    reply: policyReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/App/policy/admin/update',
    auth: 'admin',
    summary: 'Replace the privacy policy title and description',
    body: policyBody,
    reply: policyReply,
  }),
  read: defineRoute({
    method: 'GET',
    path: POLICY_PUBLIC_PATH,
    auth: 'app',
    summary: 'The privacy policy for the app and the public site (cached, ETag)',
    reply: policyReply,
  }),
} as const;
