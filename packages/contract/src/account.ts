import { z } from 'zod';
import { defineRoute, idSchema, replyBase, requiredText } from './http.js';
import { newPassword, PASSWORD_MIN, PERSON_NAME_MAX, teamMessages } from './team.js';

/** One's own account: name, password and sessions (feature `account`, which every role holds). */
export const accountMessages = {
  renamed: 'Name saved',
  passwordChanged: 'Password changed. Your other sessions are signed out.',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'The new password must differ from the current one',
  sessions: 'Sessions',
  sessionEnded: 'Session signed out',
  sessionNotFound: 'Session not found',
  currentSession: 'This is the session you are using: sign out from the top bar instead',
  othersEnded: 'Signed out everywhere else',
} as const;

export const accountNameBody = z.object({
  name: requiredText(teamMessages.nameRequired, PERSON_NAME_MAX, teamMessages.nameTooLong),
});
export type AccountNameBody = z.infer<typeof accountNameBody>;

export const passwordChangeBody = z.object({
  currentPassword: z
    .string(accountMessages.currentPasswordRequired)
    .min(1, accountMessages.currentPasswordRequired)
    .max(256, teamMessages.passwordTooLong),
  newPassword,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

export const accountSession = z.object({
  _id: z.string(),
  /** Browser and system read from the user agent, e.g. "Chrome 131 on Windows"; "Unknown device" when none. */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionsReply = replyBase.extend({ data: z.array(accountSession) });
export const accountNameReply = replyBase.extend({ data: z.object({ name: z.string() }) });
export const sessionsEndedReply = replyBase.extend({ revoked: z.number().int() });

export const accountRoutes = {
  rename: defineRoute({
    method: 'PUT',
    path: '/api/admin/account',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: 'Change the name of the signed-in person',
    body: accountNameBody,
    reply: accountNameReply,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/admin/account/password',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: `Change one's password: the current one, and a new one of at least ${PASSWORD_MIN} characters; other sessions are signed out`,
    body: passwordChangeBody,
    reply: replyBase,
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/admin/account/sessions',
    auth: 'admin',
    feature: 'account',
    access: 'read',
    summary:
      "The signed-in person's active sessions: device, IP, signed in, last used; the current one marked",
    reply: accountSessionsReply,
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/admin/account/sessions/:id',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: "Sign out one of one's other sessions",
    params: z.object({ id: idSchema }),
    reply: replyBase,
  }),
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/api/admin/account/sessions',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: 'Sign out everywhere else: every session but the current one',
    reply: sessionsEndedReply,
  }),
} as const;
