import { hash, verify } from '@node-rs/argon2';
import { accountMessages, type AccountSession, type PasswordChangeBody } from '@streamdesk/contract/account';
import type { AppDb } from '../../platform/db/database.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { AdminIdentity } from '../../platform/http/guards.js';
import { requireStrongPassword } from '../../platform/password-rule.js';
import * as repo from './account.repository.js';
import { deviceOf } from './device.js';

/** One's own account: the signed-in person (`me`) changes their name and password and ends their sessions. */
export function createAccountService(db: AppDb) {
  async function rename(me: AdminIdentity, name: string) {
    await repo.updatePerson(db, me.adminId, { name });
    return { name };
  }

  /**
   * The current password is required and the new one must be hard to guess (the page's meter, same rule);
   * it ends every other session, as a stolen one would have.
   */
  async function changePassword(me: AdminIdentity, body: PasswordChangeBody): Promise<void> {
    const person = await repo.findPerson(db, me.adminId);
    if (!person || !(await verify(person.password_hash, body.currentPassword).catch(() => false)))
      throw badRequest(accountMessages.currentPasswordWrong);
    if (body.newPassword === body.currentPassword) throw badRequest(accountMessages.samePassword);
    await requireStrongPassword('newPassword', body.newPassword, person);
    const passwordHash = await hash(body.newPassword);
    await db.transaction().execute(async (trx) => {
      await repo.updatePerson(trx, me.adminId, { password_hash: passwordHash });
      await repo.deleteSessionsBut(trx, me.adminId, me.sessionId);
    });
  }

  async function sessions(me: AdminIdentity): Promise<AccountSession[]> {
    return (await repo.listSessions(db, me.adminId)).map((s) => ({
      _id: s.id,
      device: deviceOf(s.user_agent),
      ip: s.ip,
      createdAt: s.created_at,
      lastUsedAt: s.last_used_at,
      current: s.id === me.sessionId,
    }));
  }

  async function endSession(me: AdminIdentity, id: string): Promise<void> {
    if (id === me.sessionId) throw forbidden(accountMessages.currentSession);
    if (!(await repo.deleteSession(db, me.adminId, id))) throw notFound(accountMessages.sessionNotFound);
  }

  const endOtherSessions = (me: AdminIdentity) => repo.deleteSessionsBut(db, me.adminId, me.sessionId);

  return { rename, changePassword, sessions, endSession, endOtherSessions };
}
