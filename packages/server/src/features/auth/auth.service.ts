import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { authMessages, type LoginBody, type MeReply } from '@streamdesk/contract/auth';
import { ROLE_GRANTS } from '@streamdesk/contract/roles';
import type { AppDb, DialectName } from '../../platform/db/database.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { tooManyRequests } from '../../platform/errors.js';
import type { AdminIdentity } from '../../platform/http/guards.js';
import * as repo from './auth.repository.js';
import type { AuthTables } from './auth.repository.js';
import { LoginLimiter } from './login-limiter.js';
import { createTwoStep } from './two-step.js';
import { addActivity } from '../../platform/activity/activity-recorder.js';

/** A token unused for this long stops working (7 days of disuse). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so checks do not write on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Where a sign-in came from, for its activity entry. */
export interface SignInFrom {
  ip: string;
  userAgent: string;
}

/** The activity entry of a sign-in: a person not on the team is named by the email tried. */
const signInEntry = (
  action: 'sign-in' | 'failed sign-in',
  email: string,
  person: { id: string; role: string } | undefined,
  from: SignInFrom,
) => ({
  actor: {
    personId: person?.id ?? null,
    ...(person ? {} : { personName: email.slice(0, 254) }),
    role: person?.role ?? '',
    ...from,
  },
  route: { action, feature: 'account' as const, itemIds: [], label: `sign-in as "${email.slice(0, 254)}"` },
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const newOwner = (email: string, passwordHash: string): AuthTables['admins'] => ({
  id: newId(),
  email,
  password_hash: passwordHash,
  created_at: nowIso(),
  name: email.split('@')[0] ?? email,
  role: 'owner',
  status: 'active',
  totp_secret: null,
  totp_pending: null,
  totp_last_step: null,
});

// A fixed hash to verify against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export function createAuthService(db: AppDb, opts: { dialect: DialectName; sessionMaxMs: number }) {
  const limiter = new LoginLimiter(db, opts.dialect);
  const twoStep = createTwoStep(db);

  async function login(
    body: LoginBody,
    from: SignInFrom = { ip: '', userAgent: '' },
  ): Promise<{
    status: boolean;
    message: string;
    token: string;
    otpRequired?: boolean;
    twoStepSetupRequired?: boolean;
  }> {
    const email = body.a_email.trim().toLowerCase();
    const taken = await limiter.take(email, from.ip, await limiter.known(email, from.ip));
    if (!taken.ok) throw tooManyRequests(authMessages.tooManyAttempts, taken.retryAfterMs);
    const admin = await repo.findAdminByEmail(db, email);
    dummyHash ??= hash('not-a-password-' + randomBytes(8).toString('hex'));
    const ok = await verify(admin?.password_hash ?? (await dummyHash), body.a_password).catch(() => false);
    const failed = signInEntry('failed sign-in', email, admin, from);
    if (!admin || !ok) {
      await limiter.failed();
      await addActivity(db, failed.actor, failed.route);
      return { status: false, message: authMessages.wrongCredentials, token: '' };
    }
    // The right password of a disabled person: the attempt stays counted.
    if (admin.status !== 'active') {
      await addActivity(db, failed.actor, failed.route);
      return { status: false, message: authMessages.disabled, token: '' };
    }
    // Two-step on: the right password alone asks for the code (the attempt stays counted until the
    // sign-in succeeds); a wrong code is a failed sign-in like a wrong password.
    if (admin.totp_secret) {
      if (!body.a_otp)
        return { status: false, message: authMessages.otpRequired, token: '', otpRequired: true };
      const code = await twoStep.check(admin.id, admin.totp_secret, body.a_otp);
      if (code !== 'ok') {
        await limiter.failed();
        await addActivity(db, failed.actor, failed.route);
        const message = code === 'used' ? authMessages.otpUsed : authMessages.otpWrong;
        return { status: false, message, token: '', otpRequired: true };
      }
    }
    await limiter.succeeded(email, admin.id, from.ip);
    const token = randomBytes(32).toString('base64url');
    const now = nowIso();
    const signedIn = signInEntry('sign-in', email, admin, from);
    await db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, {
        id: newId(),
        admin_id: admin.id,
        token_hash: hashToken(token),
        created_at: now,
        last_used_at: now,
        // What My account shows of the session.
        user_agent: from.userAgent.slice(0, 512),
        ip: from.ip,
      });
      await addActivity(trx, signedIn.actor, signedIn.route);
    });
    // The spec's reply, and a flag for the web app when the person must set up two-step first.
    const setUpFirst = !admin.totp_secret && (await repo.twoStepRequired(db));
    return {
      status: true,
      message: authMessages.loggedIn,
      token,
      ...(setUpFirst ? { twoStepSetupRequired: true } : {}),
    };
  }

  async function authenticate(token: string): Promise<AdminIdentity | undefined> {
    const session = await repo.findSessionByTokenHash(db, hashToken(token));
    // A disabled person's sessions stop working on their next request, not when they expire.
    if (!session || session.status !== 'active') return undefined;
    const now = Date.now();
    const idle = now - Date.parse(session.last_used_at);
    if (idle > SESSION_IDLE_MS || now - Date.parse(session.created_at) > opts.sessionMaxMs) {
      await repo.deleteSession(db, session.id);
      return undefined;
    }
    if (idle > TOUCH_EVERY_MS) await repo.touchSession(db, session.id, nowIso());
    return {
      adminId: session.admin_id,
      email: session.email,
      role: session.role,
      sessionId: session.id,
      twoStepSetupRequired: Boolean(session.require_two_step) && !session.totp_secret,
    };
  }

  async function logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const session = await repo.findSessionByTokenHash(db, hashToken(token));
    if (session) await repo.deleteSession(db, session.id);
  }

  /**
   * Start-up: ADMIN_EMAIL/ADMIN_PASSWORD create or reset that admin (and sign out its old sessions);
   * with neither and no admin at all, `admin@localhost` is created with a generated password that is
   * returned once for printing. Either is the team's owner: the environment is the way back in for
   * whoever runs the server, so it also makes an existing person of that email an active owner again.
   */
  async function ensureAdmin(
    email: string | undefined,
    password: string | undefined,
  ): Promise<{ email: string; generatedPassword?: string; created: boolean } | undefined> {
    await repo.deleteSessionsPast(db, {
      unusedSince: new Date(Date.now() - SESSION_IDLE_MS).toISOString(),
      createdBefore: new Date(Date.now() - opts.sessionMaxMs).toISOString(),
    });
    if (email && password) {
      const existing = await repo.findAdminByEmail(db, email);
      const passwordHash = await hash(password);
      if (existing) {
        if (!(await verify(existing.password_hash, password).catch(() => false))) {
          await repo.updateAdmin(db, existing.id, { password_hash: passwordHash });
          await repo.deleteSessionsOfAdmin(db, existing.id);
        }
        if (existing.role !== 'owner' || existing.status !== 'active')
          await repo.updateAdmin(db, existing.id, { role: 'owner', status: 'active' });
        return { email, created: false };
      }
      await repo.insertAdmin(db, newOwner(email, passwordHash));
      return { email, created: true };
    }
    if ((await repo.countAdmins(db)) > 0) return undefined;
    const generatedPassword = randomBytes(12).toString('base64url');
    await repo.insertAdmin(db, newOwner('admin@localhost', await hash(generatedPassword)));
    return { email: 'admin@localhost', generatedPassword, created: true };
  }

  /** The signed-in person and what their role may do (`GET /api/admin/me`). */
  async function me(identity: AdminIdentity): Promise<MeReply['data'] | undefined> {
    const person = await repo.findAdminById(db, identity.adminId);
    if (!person) return undefined;
    const { id, name, email, role } = person;
    const { twoStepSetupRequired } = identity;
    return { _id: id, name, email, role, permissions: ROLE_GRANTS[role], twoStepSetupRequired };
  }

  return { login, authenticate, logout, ensureAdmin, me };
}

export type AuthService = ReturnType<typeof createAuthService>;
