import type { DialectName, AppDb } from '../../platform/db/database.js';
import { lockUntilCommit } from '../../platform/db/dialect.js';
import * as repo from './auth.repository.js';

/**
 * Counts sign-in attempts per email in a sliding window, so a password cannot be guessed from many
 * addresses (the per-IP limit is the rate-limit plugin's, on the route). The attempts are kept in the
 * database, so every server process behind a load balancer counts them all. An attempt takes its slot
 * before the password is verified, in one step with the count: thirty guesses sent at once get five
 * verifications, where a count, a verification and then a record let them all through.
 */
export class LoginLimiter {
  constructor(
    private readonly db: AppDb,
    private readonly dialect: DialectName,
    private readonly maxAttempts = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Takes one of the email's attempts in the window (kept as a failure unless it succeeds); false when none is left. */
  async take(email: string, now = Date.now()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockUntilCommit(this.dialect, trx, `login_failures:${email}`);
      return repo.insertFailureBelow(trx, email, now, now - this.windowMs, this.maxAttempts);
    });
  }

  /** After a wrong password: the attempt stays counted; attempts past the window count for nobody. */
  async failed(now = Date.now()): Promise<void> {
    await repo.deleteFailuresBefore(this.db, now - this.windowMs);
  }

  /** After a sign-in: the email's attempts are forgiven. */
  async succeeded(email: string): Promise<void> {
    await repo.deleteFailuresOf(this.db, email);
  }
}
