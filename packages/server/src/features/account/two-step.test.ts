import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { authMessages, authRoutes } from '@streamdesk/contract/auth';
import { RECOVERY_CODE_COUNT, twoStepMessages, twoStepRoutes } from '@streamdesk/contract/two-step';
import { bearer, PERSON_PASSWORD, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (route: { method: string; path: string }, token: string, payload?: object) =>
  t.request({
    method: route.method as 'POST',
    url: route.path,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const signIn = async (email: string, a_otp?: string) =>
  t.json<{ status: boolean; message: string; token: string; otpRequired?: boolean }>(
    await t.request({
      method: 'POST',
      url: authRoutes.login.path,
      admin: false,
      payload: { a_email: email, a_password: PERSON_PASSWORD, ...(a_otp !== undefined ? { a_otp } : {}) },
    }),
  );

/** Turns two-step on for a new person of `role`; their secret and recovery codes. */
async function enrolled(role: 'editor' | 'analyst' = 'editor') {
  const person = await signInAs(t, role);
  const started = (await call(twoStepRoutes.start, person.token)).json<{
    secret: string;
    otpauthUri: string;
    qrCode: string;
  }>();
  const confirmed = await call(twoStepRoutes.confirm, person.token, {
    code: await generate({ secret: started.secret }),
  });
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { ...person, ...started, recoveryCodes };
}

describe('two-step sign-in', () => {
  it('sets up with a QR code and a code of the new secret, then asks every sign-in for a code', async () => {
    const person = await signInAs(t, 'analyst');
    const start = await call(twoStepRoutes.start, person.token);
    expect(start.statusCode).toBe(200);
    const started = start.json<{ secret: string; otpauthUri: string; qrCode: string }>();
    expect(started.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/Streamdesk:.*secret=/);
    expect(started.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not on until confirmed: the password alone still signs in.
    expect((await signIn(person.email)).status).toBe(true);

    const wrong = await call(twoStepRoutes.confirm, person.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(errorBody(`code: ${twoStepMessages.codeWrong}`));

    const ok = await call(twoStepRoutes.confirm, person.token, {
      code: await generate({ secret: started.secret }),
    });
    const { recoveryCodes } = ok.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await call(twoStepRoutes.status, person.token)).json()).toMatchObject({
      data: { enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT },
    });

    expect(await signIn(person.email)).toEqual({
      status: false,
      message: authMessages.otpRequired,
      token: '',
      otpRequired: true,
    });
    const withCode = await signIn(person.email, await generate({ secret: started.secret }));
    expect(withCode).toMatchObject({ status: true, token: expect.any(String) });
  });

  it('takes each recovery code once', async () => {
    const person = await enrolled();
    const code = person.recoveryCodes[3]!;
    expect((await signIn(person.email, code.toUpperCase())).status).toBe(true);
    expect(await signIn(person.email, code)).toMatchObject({ status: false, message: authMessages.otpWrong });
    expect((await call(twoStepRoutes.status, person.token)).json()).toMatchObject({
      data: { recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 },
    });
  });

  it('takes a code once: after it signs a person in, it and any older code are refused', async () => {
    const person = await enrolled();
    const now = Math.floor(Date.now() / 1000);
    const thisStep = await generate({ secret: person.secret, epoch: now });
    const nextStep = await generate({ secret: person.secret, epoch: now + 30 });
    const used = { status: false, message: authMessages.otpUsed, token: '', otpRequired: true };
    expect((await signIn(person.email, thisStep)).status).toBe(true);
    expect(await signIn(person.email, thisStep)).toEqual(used);
    // A later code still signs in (the phone's clock may run ahead: one step either way is taken)...
    expect((await signIn(person.email, nextStep)).status).toBe(true);
    // ...and from then on the code before it is refused too, even though it is still in its window.
    expect(await signIn(person.email, thisStep)).toEqual(used);
    expect(await signIn(person.email, nextStep)).toEqual(used);
    const failed = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .select('action')
      .where('person_id', '=', person.id)
      .where('action', '=', 'failed sign-in')
      .execute();
    expect(failed).toHaveLength(3);
  });

  it('lets only one of two sign-ins at once with the same code through', async () => {
    const person = await enrolled();
    const code = await generate({ secret: person.secret });
    const replies = await Promise.all([signIn(person.email, code), signIn(person.email, code)]);
    expect(replies.map((r) => r.status).sort()).toEqual([false, true]);
    expect(replies.find((r) => !r.status)?.message).toBe(authMessages.otpUsed);
  });

  it('counts a wrong code toward the sign-in limit', async () => {
    const person = await enrolled();
    for (let i = 0; i < 5; i++)
      expect(await signIn(person.email, '123456')).toMatchObject({ status: false, otpRequired: true });
    const blocked = await t.request({
      method: 'POST',
      url: authRoutes.login.path,
      admin: false,
      payload: {
        a_email: person.email,
        a_password: PERSON_PASSWORD,
        a_otp: await generate({ secret: person.secret }),
      },
    });
    expect(blocked.statusCode).toBe(429);
    expect(await t.json(blocked)).toEqual(errorBody(authMessages.tooManyAttempts));
  });

  it('turns off with the current password only; the team list shows the real state', async () => {
    const person = await enrolled();
    const owner = await signInAs(t, 'owner');
    const twoStepOf = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/team', headers: bearer(owner.token) }))
        .json<{ data: { _id: string; twoStep: boolean }[] }>()
        .data.find((p) => p._id === person.id)?.twoStep;
    expect(await twoStepOf()).toBe(true);
    const wrong = await call(twoStepRoutes.disable, person.token, { currentPassword: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    const off = await call(twoStepRoutes.disable, person.token, { currentPassword: PERSON_PASSWORD });
    expect(off.json()).toEqual({ status: true, message: twoStepMessages.turnedOff });
    expect(await twoStepOf()).toBe(false);
    expect((await signIn(person.email)).status).toBe(true);
    // The recovery codes went with it.
    expect((await call(twoStepRoutes.status, person.token)).json()).toMatchObject({
      data: { enabled: false, recoveryCodesLeft: 0 },
    });
  });

  it('never puts the secret, the QR code or a recovery code in the activity log', async () => {
    const person = await enrolled();
    await call(twoStepRoutes.disable, person.token, { currentPassword: PERSON_PASSWORD });
    const rows = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .selectAll()
      .where('person_id', '=', person.id)
      .execute();
    const logged = JSON.stringify(rows);
    expect(rows.map((r) => r.label)).toEqual(
      expect.arrayContaining(['two-step sign-in set-up', 'two-step sign-in']),
    );
    expect(logged).not.toContain(person.secret);
    expect(logged).not.toContain(person.qrCode.slice(30, 80));
    for (const code of person.recoveryCodes) expect(logged).not.toContain(code);
  });

  it('refuses a second set-up while on, and a confirm with no set-up waiting', async () => {
    const person = await enrolled();
    const again = await call(twoStepRoutes.start, person.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorBody(twoStepMessages.alreadyOn));
    const fresh = await signInAs(t, 'editor');
    const none = await call(twoStepRoutes.confirm, fresh.token, { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(errorBody(twoStepMessages.notStarted));
  });
});
