import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { authMessages, type LoginBody } from '@streamdesk/contract/auth';
import type { AnyDb } from '../../platform/db/database.js';
import { tablesOf } from '../../platform/db/database.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { AdminIdentity } from '../../platform/http/guards.js';
import * as repo from './auth.repository.js';
import type { AuthTables } from './auth.repository.js';
import { LoginLimiter } from './login-limiter.js';

/** A token unused for this long stops working (7 days of disuse). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so checks do not write on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// A fixed hash to verify against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export function createAuthService(anyDb: AnyDb) {
  const db = tablesOf<AuthTables>(anyDb);
  const limiter = new LoginLimiter(db);

  async function login(body: LoginBody): Promise<{ status: boolean; message: string; token: string }> {
    const email = body.a_email.trim().toLowerCase();
    if (await limiter.isBlocked(email)) throw tooManyRequests(authMessages.tooManyAttempts);
    const admin = await repo.findAdminByEmail(db, email);
    dummyHash ??= hash('not-a-password-' + randomBytes(8).toString('hex'));
    const ok = await verify(admin?.password_hash ?? (await dummyHash), body.a_password).catch(() => false);
    if (!admin || !ok) {
      await limiter.fail(email);
      return { status: false, message: authMessages.wrongCredentials, token: '' };
    }
    await limiter.reset(email);
    const token = randomBytes(32).toString('base64url');
    const now = nowIso();
    await repo.insertSession(db, {
      id: newId(),
      admin_id: admin.id,
      token_hash: hashToken(token),
      created_at: now,
      last_used_at: now,
    });
    return { status: true, message: authMessages.loggedIn, token };
  }

  async function authenticate(token: string): Promise<AdminIdentity | undefined> {
    const session = await repo.findSessionByTokenHash(db, hashToken(token));
    if (!session) return undefined;
    const idle = Date.now() - Date.parse(session.last_used_at);
    if (idle > SESSION_IDLE_MS) {
      await repo.deleteSession(db, session.id);
      return undefined;
    }
    if (idle > TOUCH_EVERY_MS) await repo.touchSession(db, session.id, nowIso());
    return { adminId: session.admin_id, email: session.email };
  }

  async function logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const session = await repo.findSessionByTokenHash(db, hashToken(token));
    if (session) await repo.deleteSession(db, session.id);
  }

  /**
   * Start-up: ADMIN_EMAIL/ADMIN_PASSWORD create or reset that admin (and sign out its old sessions);
   * with neither and no admin at all, `admin@localhost` is created with a generated password that is
   * returned once for printing.
   */
  async function ensureAdmin(
    email: string | undefined,
    password: string | undefined,
  ): Promise<{ email: string; generatedPassword?: string; created: boolean } | undefined> {
    await repo.deleteSessionsUnusedSince(db, new Date(Date.now() - SESSION_IDLE_MS).toISOString());
    if (email && password) {
      const existing = await repo.findAdminByEmail(db, email);
      const passwordHash = await hash(password);
      if (existing) {
        if (!(await verify(existing.password_hash, password).catch(() => false))) {
          await repo.updateAdminPassword(db, existing.id, passwordHash);
          await repo.deleteSessionsOfAdmin(db, existing.id);
        }
        return { email, created: false };
      }
      await repo.insertAdmin(db, { id: newId(), email, password_hash: passwordHash, created_at: nowIso() });
      return { email, created: true };
    }
    if ((await repo.countAdmins(db)) > 0) return undefined;
    const generatedPassword = randomBytes(12).toString('base64url');
    await repo.insertAdmin(db, {
      id: newId(),
      email: 'admin@localhost',
      password_hash: await hash(generatedPassword),
      created_at: nowIso(),
    });
    return { email: 'admin@localhost', generatedPassword, created: true };
  }

  return { login, authenticate, logout, ensureAdmin };
}

export type AuthService = ReturnType<typeof createAuthService>;
