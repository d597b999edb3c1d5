import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { SIGN_IN_POLICY } from '@streamdesk/contract/auth';
import { ROLES } from '@streamdesk/contract/roles';
import {
  SET_PASSWORD_LINK_HOURS,
  SET_PASSWORD_PATH,
  teamMessages,
  type PasswordSetBody,
  type Person,
  type TeamMember,
  type TeamAddBody,
  type TeamUpdateBody,
} from '@streamdesk/contract/team';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { whenCommitted } from '../../platform/db/write-scope.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import type { MailMessage, SendMail } from '../../platform/mail.js';
import { requireStrongPassword } from '../../platform/password-rule.js';
import * as repo from './team.repository.js';

const LINK_MS = SET_PASSWORD_LINK_HOURS * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const rank = (p: Person) => ROLES.indexOf(p.role);

/** The mail that brings a person their set-password link. */
const linkMail = (person: Person, link: string): MailMessage => ({
  to: person.email,
  subject: 'Set your Streamdesk password',
  text: [
    `Hello ${person.name},`,
    '',
    `Set your password for the Streamdesk back office (${person.role}) with this link.`,
    `It works once, for ${SET_PASSWORD_LINK_HOURS} hours:`,
    '',
    link,
  ].join('\n'),
});

/** The reply's message: the base words, and whether the link also went out by e-mail. */
const withMailNote = (base: string, emailed: boolean | undefined) =>
  emailed === undefined
    ? base
    : `${base} ${emailed ? teamMessages.linkEmailed : teamMessages.linkNotEmailed}`;

/** `sendMail` is set when SMTP_URL is: set-password links are then e-mailed as well as answered. */
export function createTeamService(ctx: Pick<FeatureContext, 'db' | 'locks'>, sendMail?: SendMail) {
  const db = ctx.db;
  // Every change to the team runs under one lock, in this process and across processes: the last-owner
  // and unique-email checks then see the team as it is when the change is written.
  const locked = <T>(work: () => Promise<T>) => ctx.locks.run('admins', ['team'], work);

  async function list(): Promise<TeamMember[]> {
    const failures = await repo.failedSignInsSince(db, Date.now() - SIGN_IN_POLICY.emailWindowMs);
    const people = (await repo.listPeople(db)).map((row) => ({
      ...repo.toPerson(row),
      failedSignIns: failures.get(row.email.toLowerCase()) ?? 0,
    }));
    return people.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  }

  /** Everyone's id and name (the Activity screen's person filter), by name as the team list sorts them. */
  const people = async () =>
    (await repo.listPeopleNamed(db)).sort(
      (a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id),
    );

  /** A link that sets the person's password once, within 48 h; only its hash is stored. */
  async function newLink(trx: typeof db, adminId: string, origin: string) {
    const token = randomBytes(32).toString('base64url');
    const linkExpiresAt = new Date(Date.now() + LINK_MS).toISOString();
    await repo.insertLink(trx, {
      token_hash: hashToken(token),
      admin_id: adminId,
      expires_at: linkExpiresAt,
    });
    return { setPasswordLink: `${origin}${SET_PASSWORD_PATH}#${token}`, linkExpiresAt };
  }

  /**
   * Sends the link to the person when mail is set up, once the change is committed (`whenCommitted`: a
   * mail server can take seconds, and the request's write scope would hold SQLite's writer that long),
   * and says in the reply whether it went: the reply object is filled in then, so it is handed to the
   * route as it is, never copied.
   */
  async function withMailedLink<R extends { setPasswordLink: string }>(
    person: Person,
    reply: R,
    message: string,
  ) {
    const answer = { status: true as const, ...reply, emailed: undefined as boolean | undefined, message };
    const send = sendMail;
    if (!send) return answer;
    await whenCommitted(async () => {
      answer.emailed = await send(linkMail(person, reply.setPasswordLink));
      answer.message = withMailNote(message, answer.emailed);
    });
    return answer;
  }

  async function add(body: TeamAddBody, origin: string) {
    return locked(async () => {
      if (await repo.emailTaken(db, body.email)) throw conflict(teamMessages.emailTaken);
      // No password until the person sets one through the link: an empty hash matches nothing.
      const row = {
        id: newId(),
        ...body,
        password_hash: '',
        created_at: nowIso(),
        status: 'active' as const,
        totp_secret: null,
        totp_pending: null,
        totp_last_step: null,
      };
      const added = await db.transaction().execute(async (trx) => {
        await repo.insertPerson(trx, row);
        return { data: repo.toPerson(row), ...(await newLink(trx, row.id, origin)) };
      });
      return withMailedLink(added.data, added, teamMessages.added);
    });
  }

  /**
   * A new one-time link for someone who lost their password (or whose password may be known to others):
   * their password, earlier links and sessions stop working at once. One's own password is changed on
   * My account, with the current one.
   */
  async function resetPassword(actorId: string, id: string, origin: string) {
    if (id === actorId) throw forbidden(teamMessages.ownReset);
    const person = await repo.findPerson(db, id);
    if (!person) throw notFound(teamMessages.notFound);
    const link = await db.transaction().execute(async (trx) => {
      await repo.updatePerson(trx, id, { password_hash: '' });
      await repo.deleteLinksOf(trx, id);
      await repo.deleteSessionsOf(trx, id);
      return newLink(trx, id, origin);
    });
    const data = repo.toPerson(person);
    // The entry says the password changed; the values are hidden as every secret is (activity-recorder.ts).
    noteActivity({ itemId: id, before: { password: 'old' }, after: { password: 'reset' } });
    return withMailedLink(data, { data, ...link }, teamMessages.passwordReset);
  }

  /** Signs a person out everywhere; how many sessions ended. */
  async function revokeSessions(actorId: string, id: string): Promise<number> {
    if (id === actorId) throw forbidden(teamMessages.ownSessions);
    if (!(await repo.findPerson(db, id))) throw notFound(teamMessages.notFound);
    return repo.deleteSessionsOf(db, id);
  }

  /** Forgets a person's failed sign-ins, wherever they came from: a stranger's guesses no longer delay them. */
  async function clearSignInLock(id: string): Promise<{ data: Person; cleared: number }> {
    const person = await repo.findPerson(db, id);
    if (!person) throw notFound(teamMessages.notFound);
    return { data: repo.toPerson(person), cleared: await repo.deleteFailedSignInsOf(db, person.email) };
  }

  async function update(actorId: string, id: string, body: TeamUpdateBody): Promise<Person> {
    return locked(async () => {
      const person = await repo.findPerson(db, id);
      if (!person) throw notFound(teamMessages.notFound);
      const demoted = body.role !== undefined && body.role !== person.role;
      const disabled = body.status === 'disabled' && person.status === 'active';
      const activeOwner = person.role === 'owner' && person.status === 'active';
      if (activeOwner && (demoted || disabled) && (await repo.countActiveOwners(db)) <= 1)
        throw conflict(teamMessages.lastOwner);
      if (id === actorId && demoted) throw forbidden(teamMessages.ownRole);
      if (id === actorId && disabled) throw forbidden(teamMessages.ownStatus);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      await repo.updatePerson(db, id, changes);
      // The guard already refuses their tokens; their sessions go too, so enabling them again does not
      // bring old tokens back.
      if (disabled) await repo.deleteSessionsOf(db, id);
      return repo.toPerson({ ...person, ...changes });
    });
  }

  /** The link's person must exist and the password be hard to guess (My account's rule) before it is used up. */
  async function setPassword(body: PasswordSetBody): Promise<void> {
    const holder = await repo.linkHolder(db, hashToken(body.token), nowIso());
    if (!holder) throw badRequest(teamMessages.linkInvalid);
    await requireStrongPassword('password', body.password, holder);
    const passwordHash = await hash(body.password);
    await db.transaction().execute(async (trx) => {
      const adminId = await repo.takeLink(trx, hashToken(body.token), nowIso());
      if (!adminId) throw badRequest(teamMessages.linkInvalid);
      await repo.updatePerson(trx, adminId, { password_hash: passwordHash });
      await repo.deleteSessionsOf(trx, adminId);
    });
  }

  return { list, people, add, update, resetPassword, revokeSessions, clearSignInLock, setPassword };
}

export type TeamService = ReturnType<typeof createTeamService>;
