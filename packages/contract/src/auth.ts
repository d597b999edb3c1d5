import { z } from 'zod';
import { defineRoute, replyBase } from './http.js';
import { ACCESS, FEATURE_NAMES, ROLES, type Feature } from './roles.js';

export const authMessages = {
  loggedIn: 'Login successful',
  wrongCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  authorized: 'Authorized',
  loggedOut: 'Logged out',
  disabled: 'This account is disabled. Ask the owner of the team to enable it.',
  otpRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  otpWrong: 'That code is not correct: enter the code your authenticator app shows now, or a recovery code',
  otpUsed: 'That code was already used to sign in: wait for the next code your authenticator app shows',
  me: 'Signed-in person',
} as const;

/** The sign-in policy (docs/decisions/0034-sign-in-policy.md). */
export const SIGN_IN_POLICY = {
  /** Attempts one client address gets per email in `addressWindowMs`, known address or not. */
  perAddress: 5,
  addressWindowMs: 15 * 60 * 1000,
  /** Attempts an email gets in `emailWindowMs`, from anywhere, before addresses it never signed in from wait. */
  perEmail: 10,
  emailWindowMs: 60 * 60 * 1000,
  /** Past `perEmail`, an unknown address waits this long after the email's latest attempt, doubled for each further one... */
  firstDelayMs: 1000,
  /** ...up to this: a delay, never a lock. */
  maxDelayMs: 5 * 60 * 1000,
  /** How long an address a person signed in from stays known. */
  knownForMs: 90 * 24 * 60 * 60 * 1000,
} as const;

/** Local-storage key holding the admin token and the signed-in flag (doc 1 section 3). */
export const ADMIN_STORAGE_KEY = 'admin_download';

export const loginBody = z.object({
  a_email: z
    .string(authMessages.emailRequired)
    .trim()
    .min(1, authMessages.emailRequired)
    .max(254, 'Email is too long'),
  a_password: z
    .string(authMessages.passwordRequired)
    .min(1, authMessages.passwordRequired)
    .max(256, 'Password is too long'),
  /** The two-step code (TOTP or a recovery code) of a person with two-step sign-in on. */
  a_otp: z.string().trim().max(64, 'The code is too long').optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * `otpRequired` is true when the password was right but the two-step code is missing or wrong;
 * `twoStepSetupRequired` when the sign-in worked but the owner requires two-step sign-in and the person
 * has not set it up: the token then serves their own account's calls only, until they do.
 */
export const loginReply = replyBase.extend({
  token: z.string(),
  otpRequired: z.boolean().optional(),
  twoStepSetupRequired: z.boolean().optional(),
});
export type LoginReply = z.infer<typeof loginReply>;

/** Who is signed in, and each feature's grant for their role (`write` includes reading; `none`). */
export const meReply = replyBase.extend({
  data: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    permissions: z.record(z.enum(FEATURE_NAMES as [Feature, ...Feature[]]), z.enum([...ACCESS, 'none'])),
    /** The owner requires two-step sign-in and this person has not set it up: the web app asks them to first. */
    twoStepSetupRequired: z.boolean(),
  }),
});
export type MeReply = z.infer<typeof meReply>;

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/admin/login',
    auth: 'app',
    envelope: true,
    summary: 'Sign in with a_email and a_password; returns a bearer token',
    body: loginBody,
    reply: loginReply,
  }),
  check: defineRoute({
    method: 'GET',
    path: '/api/admin/auth/check',
    auth: 'admin',
    feature: 'account',
    access: 'read',
    summary: 'Whether the bearer token is valid',
    reply: replyBase,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/admin/logout',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: 'Revoke the bearer token',
    reply: replyBase,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/admin/me',
    auth: 'admin',
    feature: 'account',
    access: 'read',
    summary:
      'The signed-in person (id, name, email, role) and what their role may read or change, per feature',
    reply: meReply,
  }),
} as const;
