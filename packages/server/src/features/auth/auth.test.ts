import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@streamdesk/contract/auth';
import { buildApp } from '../../app.js';
import { createTestApp, errorBody, TEST_ADMIN, TEST_API_KEY, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = async (body: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: authRoutes.login.path, admin: false, payload: body as object, headers });

describe('POST /api/admin/login', () => {
  it('signs in with an enveloped body and returns a sealed token that works', async () => {
    const res = await login(await t.seal({ a_email: TEST_ADMIN.email, a_password: TEST_ADMIN.password }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      encrypted: expect.any(String),
      iv: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const body = await t.json<{ status: boolean; token: string; message: string }>(res);
    expect(body).toMatchObject({ status: true, message: 'Login successful' });
    const check = await t.request({
      method: 'GET',
      url: authRoutes.check.path,
      admin: false,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ status: true, message: 'Authorized' });
  });

  it('accepts a plain JSON body and ignores the email case', async () => {
    const res = await login({ a_email: 'ADMIN@example.com', a_password: TEST_ADMIN.password });
    expect((await t.json(res)).status).toBe(true);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrongPassword = await t.json(await login({ a_email: TEST_ADMIN.email, a_password: 'nope' }));
    const unknown = await t.json(await login({ a_email: 'who@example.com', a_password: 'nope' }));
    expect(wrongPassword).toEqual({ status: false, message: 'Invalid email or password', token: '' });
    expect(unknown).toEqual(wrongPassword);
  });

  it('names the missing field', async () => {
    const res = await login({ a_password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('a_email: Email is required'));
    const empty = await login({ a_email: '  ', a_password: 'x' });
    expect(empty.json()).toEqual(errorBody('a_email: Email is required'));
  });

  it('rejects a broken envelope and malformed JSON with 400', async () => {
    const broken = await login({ encryptedData: 'AAAA' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(errorBody(/^encryptedData could not be read/));
    const malformed = await t.request({
      method: 'POST',
      url: authRoutes.login.path,
      admin: false,
      headers: { 'content-type': 'application/json' },
      payload: '{"a_email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(errorBody('Malformed JSON body'));
  });

  it('rejects an oversized body with 413', async () => {
    const res = await login({ a_email: 'x@example.com', a_password: 'p'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody('The request body is too large'));
  });

  it('blocks an email from an address after five failures with a clear message', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < 5; i++) await login({ a_email: email, a_password: 'guess' + i });
    const res = await login({ a_email: email, a_password: 'guess' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(errorBody(/Too many sign-in attempts/));
    // When the first of the five leaves the 15-minute window.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('counts the failures made through every server process on the database', async () => {
    // A second process, as behind a load balancer: its own memory, the same database.
    const other = await buildApp(t.config, { logger: false });
    try {
      const email = 'spread@example.com';
      const viaOther = (password: string) =>
        other.inject({
          method: 'POST',
          url: authRoutes.login.path,
          headers: { 'api-key': TEST_API_KEY },
          payload: { a_email: email, a_password: password },
        });
      for (let i = 0; i < 3; i++) await login({ a_email: email, a_password: 'guess' + i });
      for (let i = 3; i < 5; i++) expect((await viaOther('guess' + i)).statusCode).toBe(200);
      expect((await viaOther('guess')).statusCode).toBe(429);
      expect((await login({ a_email: email, a_password: 'guess' })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('checks at most five passwords of one email per address and ten per email, however many arrive at once', async () => {
    // Wrong passwords at the same moment, half through a second process on the same database: first
    // all from one address, then each from its own.
    // The clock stands still, so the email's first delay (1 s) cannot pass on a busy machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = t.app.streamdesk.context.db;
    await db.deleteFrom('login_failures').execute(); // an earlier test's failure would take a slot
    const other = await buildApp(t.config, { logger: false });
    try {
      const { email, password } = TEST_ADMIN;
      const attempt = (i: number, guess: string, address = `10.0.38.${i}`) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: authRoutes.login.path,
          remoteAddress: address,
          headers: { 'api-key': TEST_API_KEY },
          payload: { a_email: email, a_password: guess },
        });
      // From one address, 20 (with the two below, within the per-IP limit of 30 a minute).
      const burst = async (address?: string, count = 30) => {
        const replies = await Promise.all(
          Array.from({ length: count }, (_, i) => attempt(i, `guess-${i}`, address)),
        );
        // A 200 is a password that was verified (and found wrong); a 429 was never verified.
        const verified = replies.filter((r) => r.statusCode === 200);
        expect(await Promise.all(verified.map((r) => t.json(r)))).toEqual(
          verified.map(() => ({ status: false, message: 'Invalid email or password', token: '' })),
        );
        expect(replies.filter((r) => r.statusCode === 429).length).toBe(count - verified.length);
        expect(replies.find((r) => r.statusCode === 429)?.json()).toEqual(
          errorBody(/Too many sign-in attempts/),
        );
        return verified.length;
      };
      expect(await burst('10.0.39.1', 20)).toBe(5);
      // 5 of the email's 10 are left for addresses it never signed in from.
      expect(await burst()).toBe(5);
      const rows = await db.selectFrom('login_failures').selectAll().where('email', '=', email).execute();
      expect(rows.length).toBe(10);

      // The right password is refused too, from the first address until its window has passed.
      expect((await attempt(31, password, '10.0.39.1')).statusCode).toBe(429);
      const sixteenMinutes = 16 * 60 * 1000;
      await db
        .updateTable('login_failures')
        .set((eb) => ({ failed_at: eb('failed_at', '-', sixteenMinutes) }))
        .where('email', '=', email)
        .execute();
      expect(await t.json(await attempt(32, password, '10.0.39.1'))).toMatchObject({ status: true });
    } finally {
      vi.useRealTimers();
      await db.deleteFrom('login_failures').execute();
      await other.close();
    }
  });

  it("clears an email's failures when it signs in", async () => {
    // Three failures, then the right password, twice: without the clear the second success would be
    // refused (an earlier test already failed once for this email).
    const signIn = async (password: string) =>
      (await t.json(await login({ a_email: TEST_ADMIN.email, a_password: password }))).status;
    for (const round of [1, 2]) {
      for (let i = 0; i < 3; i++) expect(await signIn(`guess-${round}-${i}`)).toBe(false);
      expect(await signIn(TEST_ADMIN.password)).toBe(true);
    }
  });
});

describe('sessions', () => {
  it('rejects a missing, malformed or unknown token with 401', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-real-token']) {
      const res = await t.request({
        method: 'GET',
        url: authRoutes.check.path,
        admin: false,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(errorBody(/sign in again/));
    }
  });

  it('revokes the token on logout', async () => {
    const { token } = await t.app.streamdesk.auth.login({
      a_email: TEST_ADMIN.email,
      a_password: TEST_ADMIN.password,
    });
    const headers = { authorization: `Bearer ${token}` };
    const out = await t.request({ method: 'POST', url: authRoutes.logout.path, admin: false, headers });
    expect(out.json()).toEqual({ status: true, message: 'Logged out' });
    const after = await t.request({ method: 'GET', url: authRoutes.check.path, admin: false, headers });
    expect(after.statusCode).toBe(401);
  });

  it('expires a token after 7 days of disuse', async () => {
    const { token } = await t.app.streamdesk.auth.login({
      a_email: TEST_ADMIN.email,
      a_password: TEST_ADMIN.password,
    });
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await t.app.streamdesk.context.db
      .updateTable('admin_sessions')
      .set({ last_used_at: eightDaysAgo })
      .execute();
    expect(await t.app.streamdesk.auth.authenticate(token)).toBeUndefined();
  });

  it('expires a token SESSION_MAX_DAYS (30) after sign-in however often it is used', async () => {
    const { token } = await t.app.streamdesk.auth.login({
      a_email: TEST_ADMIN.email,
      a_password: TEST_ADMIN.password,
    });
    const headers = { authorization: `Bearer ${token}` };
    const check = () => t.request({ method: 'GET', url: authRoutes.check.path, admin: false, headers });
    const db = t.app.streamdesk.context.db;
    const signedInDaysAgo = (days: number) =>
      db
        .updateTable('admin_sessions')
        .set({ created_at: new Date(Date.now() - days * 24 * 3600 * 1000).toISOString() })
        .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
        .execute();
    await signedInDaysAgo(29);
    expect((await check()).statusCode).toBe(200); // used just now, and 29 days old
    await signedInDaysAgo(31);
    const late = await check();
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(errorBody(/sign in again/));
    const left = await db
      .selectFrom('admin_sessions')
      .select('id')
      .where('created_at', '<', new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString())
      .execute();
    expect(left).toEqual([]);
  });

  it('removes sessions past their lifetime at start-up', async () => {
    const { token } = await t.app.streamdesk.auth.login({
      a_email: TEST_ADMIN.email,
      a_password: TEST_ADMIN.password,
    });
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const db = t.app.streamdesk.context.db;
    await db
      .updateTable('admin_sessions')
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
    await t.app.streamdesk.auth.ensureAdmin(undefined, undefined);
    expect(
      await db.selectFrom('admin_sessions').where('token_hash', '=', tokenHash).select('id').execute(),
    ).toEqual([]);
  });
});

describe('ensureAdmin', () => {
  it('resets the password of an existing admin from the environment', async () => {
    await t.app.streamdesk.auth.ensureAdmin(TEST_ADMIN.email, 'a brand new password');
    const old = await t.app.streamdesk.auth.login({
      a_email: TEST_ADMIN.email,
      a_password: TEST_ADMIN.password,
    });
    expect(old.status).toBe(false);
    const fresh = await t.app.streamdesk.auth.login({
      a_email: TEST_ADMIN.email,
      a_password: 'a brand new password',
    });
    expect(fresh.status).toBe(true);
    await t.app.streamdesk.auth.ensureAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('does not generate an admin when one exists', async () => {
    expect(await t.app.streamdesk.auth.ensureAdmin(undefined, undefined)).toBeUndefined();
  });
});
