import { z } from 'zod';
import { defineRoute, replyBase } from './http.js';

/**
 * The team's security settings (feature `security`, the owner's alone): today, whether everyone must
 * sign in with two-step (docs/decisions/0030-two-step-sign-in.md).
 */
export const securityMessages = {
  fetched: 'Security settings fetched',
  saved: 'Security settings saved',
  requireTwoStepInvalid: 'requireTwoStep must be true or false',
  ownTwoStepFirst: 'Turn on two-step sign-in for yourself on My account first: then require it for everyone',
  /** The refusal of every call but one's own account's, for a person who must set up two-step first. */
  twoStepSetupRequired:
    'Set up two-step sign-in on My account first: the owner of the team requires it for everyone',
} as const;

export const securitySettings = z.object({
  /** Everyone signs in with two-step: a person without it may only set it up (and see their account). */
  requireTwoStep: z.boolean(securityMessages.requireTwoStepInvalid),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

export const securityReply = replyBase.extend({ data: securitySettings });

export const securityRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/admin/security',
    auth: 'admin',
    feature: 'security',
    access: 'read',
    summary: "The team's security settings: whether two-step sign-in is required of everyone",
    reply: securityReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/admin/security',
    auth: 'admin',
    feature: 'security',
    access: 'write',
    summary:
      'Require two-step sign-in of everyone, or stop requiring it; people without it are then sent to set it up before anything else (the owner turns it on for themselves first)',
    body: securitySettings,
    reply: securityReply,
  }),
} as const;
