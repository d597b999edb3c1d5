import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@streamdesk/contract/auth';
import { buildPath } from '@streamdesk/contract/http';
import { teamMessages, teamRoutes } from '@streamdesk/contract/team';
import { bearer, PERSON_PASSWORD, signInAs } from '../../test/people.js';
import { startSmtpInbox } from '../../test/smtp-inbox.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, SMTP_FROM: 'Streamdesk <team@streamdesk.test>' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const reset = (id: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: buildPath(teamRoutes.resetPassword.path, { id }), headers });
const revoke = (id: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'DELETE', url: buildPath(teamRoutes.revokeSessions.path, { id }), headers });
const check = (token: string) =>
  t.request({ method: 'GET', url: authRoutes.check.path, headers: bearer(token) });
const signIn = (email: string, password: string) =>
  t.app.streamdesk.auth.login({ a_email: email, a_password: password });
const ownerId = async () =>
  (await t.request({ method: 'GET', url: authRoutes.me.path })).json<{ data: { _id: string } }>().data._id;

/** The decoded text of a mail as received (quoted-printable soft breaks joined). */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('resetting a password', () => {
  it('ends the old password, links and sessions, and answers a new one-time link that is also e-mailed', async () => {
    const person = await signInAs(t, 'editor');
    const res = await reset(person.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ setPasswordLink: string; emailed: boolean; message: string; data: object }>();
    expect(body).toMatchObject({ status: true, emailed: true, data: { _id: person.id, role: 'editor' } });
    expect(body.message).toBe(`${teamMessages.passwordReset} ${teamMessages.linkEmailed}`);
    expect(body.setPasswordLink).toMatch(/\/set-password#[\w-]{43}$/);

    expect((await check(person.token)).statusCode).toBe(401);
    expect((await signIn(person.email, PERSON_PASSWORD)).status).toBe(false);
    // Logged as an update of the person whose password changed, the values hidden.
    const entries = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .select(['action', 'feature', 'item_id', 'changes'])
      .where('item_id', '=', person.id)
      .execute();
    expect(entries).toEqual([
      {
        action: 'update',
        feature: 'team',
        item_id: person.id,
        changes: JSON.stringify([{ field: 'password', before: '(hidden)', after: '(hidden)' }]),
      },
    ]);

    const mail = inbox.received.at(-1)!;
    expect(mail.to).toEqual([person.email]);
    expect(mail.raw).toMatch(/^From: Streamdesk <team@streamdesk.test>/m);
    expect(mail.raw).toMatch(/^Subject: Set your Streamdesk password/m);
    expect(textOf(mail.raw)).toContain(body.setPasswordLink);

    // A second reset makes the first link stop working; the newest one sets the password.
    const second = (await reset(person.id)).json<{ setPasswordLink: string }>();
    const set = (link: string) =>
      t.request({
        method: 'POST',
        url: teamRoutes.setPassword.path,
        admin: false,
        payload: { token: link.split('#')[1], password: 'a brand new password' },
      });
    expect((await set(body.setPasswordLink)).json()).toEqual(errorBody(teamMessages.linkInvalid));
    expect((await set(second.setPasswordLink)).statusCode).toBe(200);
    expect((await signIn(person.email, 'a brand new password')).status).toBe(true);
  });

  it('still answers the link when the mail server refuses it, and says so', async () => {
    const added = await t.request({
      method: 'POST',
      url: teamRoutes.add.path,
      payload: { name: 'Refused Rita', email: 'refused-rita@example.com', role: 'analyst' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      emailed: false,
      message: `${teamMessages.added} ${teamMessages.linkNotEmailed}`,
      setPasswordLink: expect.stringMatching(/set-password#/),
    });
  });

  it('e-mails the link of a person added to the team', async () => {
    const before = inbox.received.length;
    const added = await t.request({
      method: 'POST',
      url: teamRoutes.add.path,
      payload: { name: 'Mo Mail', email: 'mo@example.com', role: 'editor' },
    });
    const { setPasswordLink } = added.json<{ setPasswordLink: string }>();
    expect(inbox.received).toHaveLength(before + 1);
    expect(textOf(inbox.received.at(-1)!.raw)).toContain(setPasswordLink);
  });

  it('mails the link after the reset is committed: a slow mail server holds no other write', async () => {
    const person = await signInAs(t, 'editor');
    const other = await signInAs(t, 'analyst');
    const arrived = inbox.hold();
    const pending = reset(person.id);
    await arrived;
    // On SQLite the write's transaction holds the one connection: had the mail been sent inside it, this
    // write would wait for the mail, which waits for this test.
    expect((await revoke(other.id)).json()).toMatchObject({ status: true });
    inbox.release();
    const res = await pending;
    expect(res.json()).toMatchObject({
      emailed: true,
      message: `${teamMessages.passwordReset} ${teamMessages.linkEmailed}`,
    });
    expect(inbox.received.at(-1)!.to).toEqual([person.email]);
  });

  it("refuses one's own reset, an unknown person, and anyone but an owner", async () => {
    const own = await reset(await ownerId());
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(errorBody(teamMessages.ownReset));
    expect((await reset('nobody')).json()).toEqual(errorBody(teamMessages.notFound));
    const admin = await signInAs(t, 'admin');
    const editor = await signInAs(t, 'editor');
    const refused = await reset(editor.id, bearer(admin.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody('Admins cannot change the team'));
    expect((await check(editor.token)).statusCode).toBe(200);
  });
});

describe('revoking sessions', () => {
  it("signs a person out everywhere at once, and leaves their password and others' sessions", async () => {
    const person = await signInAs(t, 'analyst');
    const second = await signIn(person.email, PERSON_PASSWORD);
    const other = await signInAs(t, 'analyst');
    const res = await revoke(person.id);
    expect(res.json()).toEqual({ status: true, message: teamMessages.sessionsRevoked, revoked: 2 });
    expect((await check(person.token)).statusCode).toBe(401);
    expect((await check(second.token)).statusCode).toBe(401);
    expect((await check(other.token)).statusCode).toBe(200);
    expect((await signIn(person.email, PERSON_PASSWORD)).status).toBe(true);
  });

  it("refuses one's own sessions (My account signs out the others) and an unknown person", async () => {
    const own = await revoke(await ownerId());
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(errorBody(teamMessages.ownSessions));
    expect((await revoke('nobody')).statusCode).toBe(404);
  });
});
