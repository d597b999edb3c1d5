import { z } from 'zod';
import { defineRoute, replyBase } from './http.js';

/** TOTP two-step sign-in of one's own account (feature `account`, which every role holds). */
export const RECOVERY_CODE_COUNT = 10;
export const OTP_MAX = 64;

export const twoStepMessages = {
  status: 'Two-step sign-in',
  started: 'Scan the QR code with your authenticator app, then enter the code it shows',
  alreadyOn: 'Two-step sign-in is already on: turn it off first to set it up again',
  notStarted: 'Start the set-up again: no two-step set-up is waiting',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not correct: enter the code your authenticator app shows now',
  turnedOn: 'Two-step sign-in is on. Keep the recovery codes somewhere safe: they are shown only now.',
  turnedOff: 'Two-step sign-in is off',
  notOn: 'Two-step sign-in is not on',
} as const;

const otpCode = z
  .string(twoStepMessages.codeRequired)
  .trim()
  .min(1, twoStepMessages.codeRequired)
  .max(OTP_MAX, twoStepMessages.codeWrong);

export const twoStepConfirmBody = z.object({ code: otpCode });
export const twoStepDisableBody = z.object({
  currentPassword: z.string('Enter your current password').min(1, 'Enter your current password').max(256),
});

export const twoStepStatusReply = replyBase.extend({
  data: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
});
/**
 * The secret is in this reply only (and in the QR code of the otpauth URI), outside `data`, so the
 * activity entry of the write never lists it.
 */
export const twoStepStartReply = replyBase.extend({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export const twoStepConfirmReply = replyBase.extend({ recoveryCodes: z.array(z.string()) });

export const twoStepRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/api/admin/account/two-step',
    auth: 'admin',
    feature: 'account',
    access: 'read',
    summary: 'Whether two-step sign-in is on for the signed-in person, and how many recovery codes are left',
    reply: twoStepStatusReply,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/admin/account/two-step/start',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary:
      'Start setting up two-step sign-in: a new TOTP secret, its otpauth URI and QR code (nothing changes until confirmed)',
    reply: twoStepStartReply,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/admin/account/two-step/confirm',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: `Turn two-step sign-in on with a code of the new secret; answers ${RECOVERY_CODE_COUNT} one-time recovery codes, shown once`,
    body: twoStepConfirmBody,
    reply: twoStepConfirmReply,
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/api/admin/account/two-step/disable',
    auth: 'admin',
    feature: 'account',
    access: 'write',
    summary: "Turn two-step sign-in off, with one's current password; the recovery codes stop working",
    body: twoStepDisableBody,
    reply: replyBase,
  }),
} as const;
