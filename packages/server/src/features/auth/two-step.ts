import { createHash, randomBytes } from 'node:crypto';
import { verify as verifyPassword } from '@node-rs/argon2';
import { RECOVERY_CODE_COUNT, twoStepMessages } from '@streamdesk/contract/two-step';
import { accountMessages } from '@streamdesk/contract/account';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { AppDb } from '../../platform/db/database.js';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import { badRequest, conflict } from '../../platform/errors.js';
import * as repo from './two-step.repository.js';

const ISSUER = 'Streamdesk';
/** A code of the step before or after the current one is taken too: phones' clocks drift. */
const TOLERANCE_SECONDS = 30;

/**
 * Recovery codes are 16 random base32 characters (80 bits), shown as four groups of four; stored as
 * SHA-256, as a guess of 80 random bits needs no slow hash (decision 0030).
 */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
function newRecoveryCode(): string {
  const chars = [...randomBytes(16)].map((b) => BASE32[b % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}
const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');
const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** TOTP two-step sign-in: set up, turned off, and checked at sign-in. */
export function createTwoStep(db: AppDb) {
  const totpCheck = (secret: string, code: string) =>
    verifyTotp({ secret, token: code.replace(/\s/g, ''), epochTolerance: TOLERANCE_SECONDS });
  const totpAccepts = async (secret: string, code: string) => (await totpCheck(secret, code)).valid;

  async function status(adminId: string) {
    const person = await repo.findTwoStep(db, adminId);
    return {
      enabled: Boolean(person?.totp_secret),
      recoveryCodesLeft: person?.totp_secret ? await repo.countRecoveryCodes(db, adminId) : 0,
    };
  }

  /** A new secret waits for a code of it; the one in use (none) stays until then. */
  async function start(adminId: string, email: string) {
    const person = await repo.findTwoStep(db, adminId);
    if (person?.totp_secret) throw conflict(twoStepMessages.alreadyOn);
    const secret = generateSecret();
    await repo.setTwoStep(db, adminId, { totp_pending: secret });
    noteActivity({ action: 'update', label: 'two-step sign-in set-up' });
    const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret });
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 })).toString('base64')}`;
    return { secret, otpauthUri, qrCode };
  }

  /** A code of the waiting secret turns two-step on; the recovery codes are answered this once. */
  async function confirm(adminId: string, code: string): Promise<string[]> {
    const person = await repo.findTwoStep(db, adminId);
    if (person?.totp_secret) throw conflict(twoStepMessages.alreadyOn);
    if (!person?.totp_pending) throw badRequest(twoStepMessages.notStarted);
    if (!(await totpAccepts(person.totp_pending, code)))
      throw badRequest(`code: ${twoStepMessages.codeWrong}`);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.setTwoStep(db, adminId, { totp_secret: person.totp_pending, totp_pending: null });
    await repo.replaceRecoveryCodes(db, adminId, codes.map(hashRecoveryCode));
    noteActivity({
      action: 'update',
      label: 'two-step sign-in',
      before: { twoStep: 'off' },
      after: { twoStep: 'on' },
    });
    return codes;
  }

  async function disable(adminId: string, currentPassword: string): Promise<void> {
    const person = await repo.findTwoStep(db, adminId);
    if (!person || !(await verifyPassword(person.password_hash, currentPassword).catch(() => false)))
      throw badRequest(accountMessages.currentPasswordWrong);
    if (!person.totp_secret) throw badRequest(twoStepMessages.notOn);
    await repo.setTwoStep(db, adminId, { totp_secret: null, totp_pending: null });
    await repo.replaceRecoveryCodes(db, adminId, []);
    noteActivity({
      action: 'update',
      label: 'two-step sign-in',
      before: { twoStep: 'on' },
      after: { twoStep: 'off' },
    });
  }

  /**
   * At sign-in, for a person with two-step on: a code of their secret newer than the last one that
   * signed them in (a code is used once, decision 0030), or one of their recovery codes, which is used
   * up (deleted in one statement, so two sign-ins cannot both use it).
   */
  async function check(adminId: string, secret: string, code: string): Promise<'ok' | 'wrong' | 'used'> {
    if (!looksLikeTotp(code))
      return (await repo.useRecoveryCode(db, adminId, hashRecoveryCode(code))) ? 'ok' : 'wrong';
    const result = await totpCheck(secret, code);
    // (otplib's result type also covers HOTP, which has no time step.)
    if (!result.valid || !('timeStep' in result)) return 'wrong';
    return (await repo.takeTotpStep(db, adminId, result.timeStep)) ? 'ok' : 'used';
  }

  return { status, start, confirm, disable, check };
}

export type TwoStep = ReturnType<typeof createTwoStep>;
