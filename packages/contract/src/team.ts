import { z } from 'zod';
import { defineRoute, idSchema, replyBase, requiredText } from './http.js';
import { ROLES } from './roles.js';
import { webPaths } from './web-paths.js';

export const PERSON_NAME_MAX = 100;
export const PASSWORD_MIN = 12;
/** How long a set-password link works after it is made. */
export const SET_PASSWORD_LINK_HOURS = 48;
/** The web page a set-password link opens; the token follows in the fragment, which no server logs. */
export const SET_PASSWORD_PATH = webPaths.setPassword;
export const PERSON_STATUSES = ['active', 'disabled'] as const;

export const teamMessages = {
  listed: 'Team fetched',
  added: `Person added. Copy the set-password link now: it is shown once and works for ${SET_PASSWORD_LINK_HOURS} hours.`,
  updated: 'Person updated',
  notFound: 'Person not found',
  nameRequired: 'Enter a name',
  nameTooLong: `Name must be at most ${PERSON_NAME_MAX} characters`,
  emailRequired: 'Enter an email',
  emailInvalid: 'Enter a valid email',
  emailTaken: 'A person with this email is already on the team',
  roleInvalid: `Role must be one of ${ROLES.join(', ')}`,
  statusInvalid: `Status must be one of ${PERSON_STATUSES.join(', ')}`,
  nothingToChange: 'Send a name, role or status to change',
  ownRole: 'You cannot change your own role',
  ownStatus: 'You cannot disable yourself',
  lastOwner: 'The last owner cannot be disabled or demoted: make another person owner first',
  linkInvalid: 'This set-password link is not valid or has expired. Ask the owner of the team for a new one.',
  tokenRequired: 'token is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: 'Password is too long',
  passwordSet: 'Password set. You can sign in now.',
  passwordReset: `Password reset and sessions ended. Copy the new set-password link now: it is shown once and works for ${SET_PASSWORD_LINK_HOURS} hours.`,
  ownReset: 'Change your own password on My account',
  ownSessions: 'Sign out your other sessions on My account',
  sessionsRevoked: 'Signed out everywhere',
  linkEmailed: 'The link was also e-mailed to them.',
  linkNotEmailed: 'The e-mail with the link could not be sent: copy the link and send it yourself.',
  signInLockCleared: 'Sign-in lock cleared: their failed sign-ins are forgotten',
  peopleListed: 'People fetched',
} as const;

export const person = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(PERSON_STATUSES),
  /** Whether two-step sign-in is on for them. */
  twoStep: z.boolean(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof person>;

const personName = requiredText(teamMessages.nameRequired, PERSON_NAME_MAX, teamMessages.nameTooLong);
const role = z.enum(ROLES, teamMessages.roleInvalid);
const status = z.enum(PERSON_STATUSES, teamMessages.statusInvalid);

export const teamAddBody = z.object({
  name: personName,
  email: z
    .string(teamMessages.emailRequired)
    .trim()
    .min(1, teamMessages.emailRequired)
    .max(254, teamMessages.emailInvalid)
    .pipe(z.email(teamMessages.emailInvalid)),
  role,
});
export type TeamAddBody = z.infer<typeof teamAddBody>;

export const teamUpdateBody = z
  .object({ name: personName.optional(), role: role.optional(), status: status.optional() })
  .refine((b) => b.name !== undefined || b.role !== undefined || b.status !== undefined, {
    message: teamMessages.nothingToChange,
  });
export type TeamUpdateBody = z.infer<typeof teamUpdateBody>;

/**
 * A new password, wherever one is set (a set-password link, My account): at least PASSWORD_MIN
 * characters here, and hard to guess by the server's check (password-strength.ts, the meter's rule).
 */
export const newPassword = z
  .string(teamMessages.passwordRequired)
  .min(PASSWORD_MIN, teamMessages.passwordTooShort)
  .max(256, teamMessages.passwordTooLong);

export const passwordSetBody = z.object({
  token: z
    .string(teamMessages.tokenRequired)
    .min(1, teamMessages.tokenRequired)
    .max(200, teamMessages.linkInvalid),
  password: newPassword,
});
export type PasswordSetBody = z.infer<typeof passwordSetBody>;

/** A person in the team list, with their failed sign-ins of the last hour (0034-sign-in-policy.md). */
export const teamMember = person.extend({ failedSignIns: z.number().int() });
export type TeamMember = z.infer<typeof teamMember>;

export const teamListReply = replyBase.extend({ data: z.array(teamMember) });
export const personReply = replyBase.extend({ data: person });
/**
 * The link is in this reply only: the server keeps a hash of its token, never the token. `emailed` is
 * true when SMTP_URL is set and the mail server took the message; false when it is set and refused it.
 */
export const teamAddReply = personReply.extend({
  setPasswordLink: z.string(),
  linkExpiresAt: z.string(),
  emailed: z.boolean().optional(),
});
export type SetPasswordLinkReply = z.infer<typeof teamAddReply>;
/**
 * A person as the Activity screen's person filter names them: their id and name, nothing more (no email,
 * role or status), since admins and analysts may read it while the team list is the owner's.
 */
export const personNamed = z.object({ _id: z.string(), name: z.string() });
export type PersonNamed = z.infer<typeof personNamed>;
export const peopleReply = replyBase.extend({ data: z.array(personNamed) });
export const sessionsRevokedReply = replyBase.extend({ revoked: z.number().int() });
export const signInLockClearedReply = personReply.extend({ cleared: z.number().int() });

export const teamRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/team',
    auth: 'admin',
    feature: 'team',
    access: 'read',
    summary: 'The people of the team, owners first, then by name',
    reply: teamListReply,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/admin/team',
    auth: 'admin',
    feature: 'team',
    access: 'write',
    summary: `Add a person (name, email, role); the reply holds a one-time set-password link valid ${SET_PASSWORD_LINK_HOURS} h`,
    body: teamAddBody,
    reply: teamAddReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/admin/team/:id',
    auth: 'admin',
    feature: 'team',
    access: 'write',
    summary:
      "Change a person's name, role or status (active, disabled); the last owner stays, and nobody changes their own role",
    params: z.object({ id: idSchema }),
    body: teamUpdateBody,
    reply: personReply,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/team/:id/password/reset',
    auth: 'admin',
    feature: 'team',
    access: 'write',
    summary: `Reset a person's password: their password and sessions stop working and a new one-time set-password link (${SET_PASSWORD_LINK_HOURS} h) is answered, and e-mailed when SMTP_URL is set`,
    params: z.object({ id: idSchema }),
    reply: teamAddReply,
  }),
  revokeSessions: defineRoute({
    method: 'DELETE',
    path: '/api/admin/team/:id/sessions',
    auth: 'admin',
    feature: 'team',
    access: 'write',
    summary: 'Sign a person out everywhere: every one of their tokens stops working (401) at once',
    params: z.object({ id: idSchema }),
    reply: sessionsRevokedReply,
  }),
  clearSignInLock: defineRoute({
    method: 'DELETE',
    path: '/api/admin/team/:id/sign-in-lock',
    auth: 'admin',
    feature: 'team',
    access: 'write',
    summary:
      "Clear a person's sign-in lock: their failed sign-ins are forgotten, so they may sign in from anywhere at once (owners only)",
    params: z.object({ id: idSchema }),
    reply: signInLockClearedReply,
  }),
  /** Read with the activity log: whoever may read it may know who the people in it are (0022). */
  people: defineRoute({
    method: 'GET',
    path: '/api/admin/people',
    auth: 'admin',
    feature: 'activity',
    access: 'read',
    summary: "Every person's id and name, disabled people too, by name: the Activity screen's person filter",
    reply: peopleReply,
  }),
  setPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/password/set',
    auth: 'app',
    summary: `Set one's password with the token of a set-password link (once; the link then stops working): at least ${PASSWORD_MIN} characters and hard to guess, as on My account`,
    body: passwordSetBody,
    reply: replyBase,
  }),
} as const;
