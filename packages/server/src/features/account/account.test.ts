import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, accountRoutes } from '@streamdesk/contract/account';
import { authRoutes } from '@streamdesk/contract/auth';
import { buildPath } from '@streamdesk/contract/http';
import { passwordWeakMessage } from '@streamdesk/contract/password-strength';
import { bearer, PERSON_PASSWORD, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { deviceOf } from './device.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in through the login route, as a browser at `ip` with `userAgent`; the bearer headers. */
async function signInFrom(email: string, userAgent: string, ip = '203.0.113.7') {
  const res = await t.request({
    method: 'POST',
    url: authRoutes.login.path,
    admin: false,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    payload: { a_email: email, a_password: PERSON_PASSWORD },
  });
  return bearer((await t.json<{ token: string }>(res)).token);
}

const sessions = (headers: Record<string, string>) =>
  t.request({ method: 'GET', url: accountRoutes.sessions.path, headers });
const check = (headers: Record<string, string>) =>
  t.request({ method: 'GET', url: authRoutes.check.path, headers });

describe('my sessions', () => {
  it('lists each session with its device, IP and times, the current one marked; any role sees its own', async () => {
    const person = await signInAs(t, 'analyst');
    const laptop = await signInFrom(person.email, CHROME_WINDOWS);
    await signInFrom(person.email, SAFARI_IPHONE, '198.51.100.4');
    const res = await sessions(laptop);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { device: string; ip: string; current: boolean }[] }>();
    expect(data).toHaveLength(3);
    expect(data.find((s) => s.current)).toMatchObject({ device: 'Chrome 131 on Windows', ip: '203.0.113.7' });
    expect(data.map((s) => s.device)).toContain('Safari 17 on iOS');
    expect(data.map((s) => s.ip)).toContain('198.51.100.4');
    expect(data[0]).toEqual({
      _id: expect.any(String),
      device: expect.any(String),
      ip: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUsedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      current: expect.any(Boolean),
    });
  });

  it('signs out one other session, refuses the current one and a session of someone else', async () => {
    const person = await signInAs(t, 'editor');
    const other = await signInAs(t, 'editor');
    const laptop = await signInFrom(person.email, CHROME_WINDOWS);
    const phone = await signInFrom(person.email, SAFARI_IPHONE);
    const list = (await sessions(laptop)).json<{
      data: { _id: string; current: boolean; device: string }[];
    }>();
    const end = (id: string) =>
      t.request({ method: 'DELETE', url: buildPath(accountRoutes.endSession.path, { id }), headers: laptop });
    const phoneSession = list.data.find((s) => s.device.startsWith('Safari'))!;
    expect((await end(phoneSession._id)).json()).toEqual({
      status: true,
      message: accountMessages.sessionEnded,
    });
    expect((await check(phone)).statusCode).toBe(401);
    expect((await check(laptop)).statusCode).toBe(200);

    const current = await end(list.data.find((s) => s.current)!._id);
    expect(current.statusCode).toBe(403);
    expect(current.json()).toEqual(errorBody(accountMessages.currentSession));

    const othersSession = (await sessions(bearer(other.token))).json<{ data: { _id: string }[] }>().data[0]!;
    const notMine = await end(othersSession._id);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual(errorBody(accountMessages.sessionNotFound));
    expect((await check(bearer(other.token))).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping the current session', async () => {
    const person = await signInAs(t, 'admin');
    const laptop = await signInFrom(person.email, CHROME_WINDOWS);
    const phone = await signInFrom(person.email, SAFARI_IPHONE);
    const res = await t.request({
      method: 'DELETE',
      url: accountRoutes.endOtherSessions.path,
      headers: laptop,
    });
    expect(res.json()).toEqual({ status: true, message: accountMessages.othersEnded, revoked: 2 });
    expect((await check(phone)).statusCode).toBe(401);
    expect((await check(bearer(person.token))).statusCode).toBe(401);
    expect((await check(laptop)).statusCode).toBe(200);
    expect((await sessions(laptop)).json<{ data: unknown[] }>().data).toHaveLength(1);
  });
});

describe('my password and name', () => {
  const change = (headers: Record<string, string>, payload: object) =>
    t.request({ method: 'POST', url: accountRoutes.changePassword.path, headers, payload });

  it('changes the password with the current one, and signs out the other sessions', async () => {
    const person = await signInAs(t, 'analyst');
    const laptop = await signInFrom(person.email, CHROME_WINDOWS);
    const res = await change(laptop, {
      currentPassword: PERSON_PASSWORD,
      newPassword: 'a new long password',
    });
    expect(res.json()).toEqual({ status: true, message: accountMessages.passwordChanged });
    expect((await check(bearer(person.token))).statusCode).toBe(401);
    expect((await check(laptop)).statusCode).toBe(200);
    const login = (password: string) =>
      t.app.streamdesk.auth.login({ a_email: person.email, a_password: password });
    expect((await login(PERSON_PASSWORD)).status).toBe(false);
    expect((await login('a new long password')).status).toBe(true);
  });

  it('refuses a wrong current password, a short, unchanged or easily guessed new one, and changes nothing', async () => {
    const person = await signInAs(t, 'editor');
    const me = bearer(person.token);
    const wrong = await change(me, { currentPassword: 'not it at all', newPassword: 'a new long password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(errorBody(accountMessages.currentPasswordWrong));
    const short = await change(me, { currentPassword: PERSON_PASSWORD, newPassword: 'short' });
    expect(short.json()).toEqual(errorBody('newPassword: Password must be at least 12 characters'));
    const missing = await change(me, { newPassword: 'a new long password' });
    expect(missing.json()).toEqual(errorBody('currentPassword: Enter your current password'));
    const same = await change(me, { currentPassword: PERSON_PASSWORD, newPassword: PERSON_PASSWORD });
    expect(same.json()).toEqual(errorBody(accountMessages.samePassword));
    const weak = await change(me, { currentPassword: PERSON_PASSWORD, newPassword: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual(
      errorBody(`newPassword: ${passwordWeakMessage}: This is similar to a commonly used password.`),
    );
    // The person's own email is an easy guess too.
    const ownEmail = await change(me, { currentPassword: PERSON_PASSWORD, newPassword: person.email });
    expect(ownEmail.json()).toMatchObject({
      status: false,
      message: expect.stringMatching(/^newPassword: /),
    });
    const login = await t.app.streamdesk.auth.login({ a_email: person.email, a_password: PERSON_PASSWORD });
    expect(login.status).toBe(true);
  });

  it('renames the signed-in person, whatever their role', async () => {
    const person = await signInAs(t, 'analyst');
    const res = await t.request({
      method: 'PUT',
      url: accountRoutes.rename.path,
      headers: bearer(person.token),
      payload: { name: '  Ana Lyst ' },
    });
    expect(res.json()).toEqual({
      status: true,
      message: accountMessages.renamed,
      data: { name: 'Ana Lyst' },
    });
    const me = await t.request({ method: 'GET', url: authRoutes.me.path, headers: bearer(person.token) });
    expect(me.json()).toMatchObject({ data: { name: 'Ana Lyst' } });
    const empty = await t.request({
      method: 'PUT',
      url: accountRoutes.rename.path,
      headers: bearer(person.token),
      payload: { name: ' ' },
    });
    expect(empty.json()).toEqual(errorBody('name: Enter a name'));
  });
});

describe('device names', () => {
  it('reads browser and system from the user agent', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome 131 on Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari 17 on iOS');
    expect(deviceOf('')).toBe('Unknown device');
  });
});
