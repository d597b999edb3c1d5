import type { DialectName, AppDb } from '../../platform/db/database.js';
import { lockUntilCommit } from '../../platform/db/dialect.js';
import { SIGN_IN_POLICY } from '@streamdesk/contract/auth';
import * as repo from './auth.repository.js';

type Policy = Record<keyof typeof SIGN_IN_POLICY, number>;

/** Whether an attempt may be checked; when not, how long until the next one may. */
export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Counts sign-in attempts per email and client address together, with a per-email ceiling past which
 * addresses the person never signed in from wait a growing delay; an address they signed in from skips
 * the ceiling, so a stranger guessing cannot lock them out. The attempts are kept in the database, so
 * every server process counts them all. An attempt takes its slot before the password is verified, in
 * one transaction with the count, and no other attempt on the same email counts meanwhile: on SQLite the
 * transaction's first statement writes, taking the database's write lock; on PostgreSQL an advisory lock
 * on the email is taken first.
 */
export class LoginLimiter {
  constructor(
    private readonly db: AppDb,
    private readonly dialect: DialectName,
    private readonly policy: Policy = SIGN_IN_POLICY,
  ) {}

  /** Whether `ip` is an address the person of `email` signed in from. */
  known(email: string, ip: string, now = Date.now()): Promise<boolean> {
    return repo.isKnownIp(this.db, email, ip, now - this.policy.knownForMs);
  }

  /** Takes an attempt for the email from `ip` (kept as a failure unless it succeeds), or says how long to wait. */
  async take(email: string, ip: string, known: boolean, now = Date.now()): Promise<Take> {
    const p = this.policy;
    return this.db.transaction().execute(async (trx) => {
      await lockUntilCommit(this.dialect, trx, `login_failures:${email}`);
      await repo.deleteFailuresOfBefore(trx, email, now - p.emailWindowMs);
      const seen = await repo.failuresSince(trx, email, {
        since: now - p.emailWindowMs,
        ip,
        ipSince: now - p.addressWindowMs,
      });
      if (seen.fromIp >= p.perAddress)
        return { ok: false, retryAfterMs: seen.oldestFromIp + p.addressWindowMs - now };
      const over = seen.all - p.perEmail;
      if (!known && over >= 0) {
        const delay = Math.min(p.firstDelayMs * 2 ** over, p.maxDelayMs);
        if (now < seen.latest + delay) return { ok: false, retryAfterMs: seen.latest + delay - now };
      }
      await repo.insertFailure(trx, email, ip, now);
      return { ok: true };
    });
  }

  /** After a wrong password: the attempt stays counted; attempts past the window count for nobody. */
  async failed(now = Date.now()): Promise<void> {
    await repo.deleteFailuresBefore(this.db, now - this.policy.emailWindowMs);
  }

  /**
   * After a sign-in: the address's attempts on the email are forgiven and the address is known. A
   * stranger's attempts from elsewhere stay, so signing in does not hand them a fresh budget.
   */
  async succeeded(email: string, adminId: string, ip: string, now = Date.now()): Promise<void> {
    await repo.deleteFailuresOfIp(this.db, email, ip);
    await repo.rememberIp(this.db, adminId, ip, now, now - this.policy.knownForMs);
  }
}
