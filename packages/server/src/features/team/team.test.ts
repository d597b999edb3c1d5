import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@streamdesk/contract/auth';
import { passwordWeakMessage } from '@streamdesk/contract/password-strength';
import { teamRoutes } from '@streamdesk/contract/team';
import { buildPath } from '@streamdesk/contract/http';
import { bearer, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, TEST_ADMIN, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'twelve chars or more';
const add = (payload: object) => t.request({ method: 'POST', url: teamRoutes.add.path, payload });
const update = (id: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'PUT', url: buildPath(teamRoutes.update.path, { id }), payload, headers });
const setPassword = (token: string, password = NEW_PASSWORD) =>
  t.request({ method: 'POST', url: teamRoutes.setPassword.path, admin: false, payload: { token, password } });
const signIn = (email: string, password = NEW_PASSWORD) =>
  t.app.streamdesk.auth.login({ a_email: email, a_password: password });
const ownerId = async () =>
  (await t.request({ method: 'GET', url: authRoutes.me.path })).json<{ data: { _id: string } }>().data._id;

describe('adding a person', () => {
  it('adds them with a one-time set-password link valid 48 h, after which they sign in with their role', async () => {
    const res = await add({ name: 'Esha Editor', email: 'esha@example.com', role: 'editor' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: object;
      setPasswordLink: string;
      linkExpiresAt: string;
      message: string;
    }>();
    expect(body.data).toEqual({
      _id: expect.any(String),
      name: 'Esha Editor',
      email: 'esha@example.com',
      role: 'editor',
      status: 'active',
      twoStep: false,
      createdAt: expect.any(String),
    });
    expect(body.message).toMatch(/shown once and works for 48 hours/);
    expect(body.setPasswordLink).toMatch(/^http:\/\/localhost(:\d+)?\/set-password#[\w-]{43}$/);
    const hours = (Date.parse(body.linkExpiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    expect((await signIn('esha@example.com', '')).status).toBe(false);
    const token = body.setPasswordLink.split('#')[1]!;
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(errorBody('password: Password must be at least 12 characters'));
    // My account's strength rule, with the person's own name and email counted as easy guesses.
    for (const [weak, why] of [
      ['password1234', 'This is similar to a commonly used password.'],
      ['esha@example.com', 'There should not be any personal or page related data.'],
    ] as const) {
      const refused = await setPassword(token, weak);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(errorBody(`password: ${passwordWeakMessage}: ${why}`));
    }
    // A refusal leaves the link working.
    const set = await setPassword(token);
    expect(set.json()).toEqual({ status: true, message: 'Password set. You can sign in now.' });
    const again = await setPassword(token, 'another long password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(errorBody(/set-password link is not valid or has expired/));

    const login = await signIn('ESHA@example.com');
    expect(login.status).toBe(true);
    const me = await t.request({ method: 'GET', url: authRoutes.me.path, headers: bearer(login.token) });
    expect(me.json()).toMatchObject({ data: { name: 'Esha Editor', role: 'editor' } });
  });

  it('refuses an expired link', async () => {
    const { setPasswordLink } = (
      await add({ name: 'Late', email: 'late@example.com', role: 'analyst' })
    ).json<{
      setPasswordLink: string;
    }>();
    const db = t.app.streamdesk.context.db;
    await db
      .updateTable('password_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await setPassword(setPasswordLink.split('#')[1]!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(/has expired/));
  });

  it('refuses an email already on the team in any case, an unknown role and a missing name', async () => {
    const taken = await add({ name: 'Twin', email: 'Admin@Example.com', role: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(errorBody('A person with this email is already on the team'));
    const role = await add({ name: 'Who', email: 'who@example.com', role: 'superuser' });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toEqual(errorBody('role: Role must be one of owner, admin, editor, analyst'));
    const name = await add({ name: ' ', email: 'who@example.com', role: 'admin' });
    expect(name.json()).toEqual(errorBody('name: Enter a name'));
    const list = (await t.request({ method: 'GET', url: teamRoutes.list.path })).json<{
      data: { email: string }[];
    }>();
    expect(list.data.map((p) => p.email)).not.toContain('who@example.com');
  });
});

describe('changing a person', () => {
  it('changes a role, which the person has on their next call', async () => {
    const person = await signInAs(t, 'editor');
    const res = await update(person.id, { role: 'analyst' });
    expect(res.json()).toMatchObject({ status: true, message: 'Person updated', data: { role: 'analyst' } });
    const me = await t.request({ method: 'GET', url: authRoutes.me.path, headers: bearer(person.token) });
    expect(me.json()).toMatchObject({ data: { role: 'analyst' } });
  });

  it('disables a person, whose tokens stop at once and stay stopped when they are enabled again', async () => {
    const person = await signInAs(t, 'admin');
    const check = () =>
      t.request({ method: 'GET', url: authRoutes.check.path, headers: bearer(person.token) });
    expect((await update(person.id, { status: 'disabled' })).json()).toMatchObject({
      data: { status: 'disabled' },
    });
    expect((await check()).statusCode).toBe(401);
    expect((await update(person.id, { status: 'active' })).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(401);
  });

  it('keeps the last owner, and nobody changes their own role or disables themselves', async () => {
    const me = await ownerId();
    const demote = await update(me, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual(
      errorBody('The last owner cannot be disabled or demoted: make another person owner first'),
    );
    expect((await update(me, { status: 'disabled' })).statusCode).toBe(409);

    const other = await signInAs(t, 'owner');
    const own = await update(me, { role: 'admin' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(errorBody('You cannot change your own role'));
    expect((await update(me, { status: 'disabled' })).json()).toEqual(
      errorBody('You cannot disable yourself'),
    );
    // Disabling the other owner leaves this one the last owner again: demoting them is refused.
    expect((await update(other.id, { status: 'disabled' })).statusCode).toBe(200);
    const list = (await t.request({ method: 'GET', url: teamRoutes.list.path })).json<{
      data: { email: string; role: string; status: string }[];
    }>();
    expect(list.data[0]).toMatchObject({ role: 'owner' });
    expect(list.data.find((p) => p.email === TEST_ADMIN.email)).toMatchObject({
      role: 'owner',
      status: 'active',
    });
    expect((await update(me, { role: 'editor' })).statusCode).toBe(409);
  });

  it('answers an unknown person with 404 and an empty change with 400', async () => {
    const missing = await update('nobody', { role: 'admin' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('Person not found'));
    const empty = await update(await ownerId(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(errorBody(/Send a name, role or status to change/));
  });

  it('keeps the team to owners', async () => {
    const admin = await signInAs(t, 'admin');
    const res = await t.request({ method: 'GET', url: teamRoutes.list.path, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody('Admins cannot see the team'));
  });
});

describe("clearing a person's sign-in lock", () => {
  it('forgets their failed sign-ins (owners only) and notes it in the activity log', async () => {
    const { body } = await add({ name: 'Lara Locked', email: 'lara@example.com', role: 'editor' }).then(
      (res) => ({ body: res.json<{ data: { _id: string } }>() }),
    );
    const id = body.data._id;
    for (let i = 0; i < 5; i++) await signIn('Lara@example.com', `guess-${i}`);
    const listed = (await t.request({ method: 'GET', url: teamRoutes.list.path })).json<{
      data: { _id: string; failedSignIns: number }[];
    }>();
    expect(listed.data.find((p) => p._id === id)?.failedSignIns).toBe(5);

    const url = buildPath(teamRoutes.clearSignInLock.path, { id });
    const admin = await signInAs(t, 'admin');
    const refused = await t.request({ method: 'DELETE', url, headers: bearer(admin.token) });
    expect(refused.json()).toEqual(errorBody('Admins cannot change the team'));

    const cleared = await t.request({ method: 'DELETE', url });
    expect(cleared.json()).toMatchObject({
      status: true,
      message: 'Sign-in lock cleared: their failed sign-ins are forgotten',
      cleared: 5,
      data: { _id: id, name: 'Lara Locked' },
    });
    const after = (await t.request({ method: 'GET', url: teamRoutes.list.path })).json<{
      data: { _id: string; failedSignIns: number }[];
    }>();
    expect(after.data.find((p) => p._id === id)?.failedSignIns).toBe(0);
    const log = (await t.request({ method: 'GET', url: '/api/admin/activity?limit=5' })).json<{
      data: { action: string; feature: string; label: string; itemId: string }[];
    }>();
    expect(log.data[0]).toMatchObject({
      action: 'clear',
      feature: 'team',
      itemId: id,
      label: 'person "Lara Locked"',
    });
    const unknown = await t.request({
      method: 'DELETE',
      url: buildPath(teamRoutes.clearSignInLock.path, { id: 'nobody' }),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
