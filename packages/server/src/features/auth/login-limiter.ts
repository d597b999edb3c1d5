import type { Kysely } from 'kysely';
import * as repo from './auth.repository.js';
import type { AuthTables } from './auth.repository.js';

/**
 * Counts failed sign-ins per email in a sliding window, so a password cannot be guessed from many
 * addresses (the per-IP limit is the rate-limit plugin's, on the route). The failures are kept in the
 * database: behind a load balancer every server process counts them all, where each process's own count
 * let an attacker try the limit once per process.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Kysely<AuthTables>,
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  async isBlocked(email: string, now = Date.now()): Promise<boolean> {
    return (await repo.countFailuresSince(this.db, email, now - this.windowMs)) >= this.maxFailures;
  }

  async fail(email: string, now = Date.now()): Promise<void> {
    await repo.insertFailure(this.db, email, now);
    // Failures past the window count for nobody: each new one clears them, so the table stays small.
    await repo.deleteFailuresBefore(this.db, now - this.windowMs);
  }

  async reset(email: string): Promise<void> {
    await repo.deleteFailuresOf(this.db, email);
  }
}
