import { z } from 'zod';
import { defineRoute, replyBase } from './http.js';

export const authMessages = {
  loggedIn: 'Login successful',
  wrongCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  authorized: 'Authorized',
  loggedOut: 'Logged out',
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
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginReply = replyBase.extend({ token: z.string() });
export type LoginReply = z.infer<typeof loginReply>;

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
} as const;
