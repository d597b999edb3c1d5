import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { authRoutes } from '@streamdesk/contract/auth';
import { securityMessages, securityRoutes } from '@streamdesk/contract/security';
import { storyRoutes } from '@streamdesk/contract/stories';
import { twoStepRoutes } from '@streamdesk/contract/two-step';
import { bearer, PERSON_PASSWORD, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Route = { method: string; path: string };
/** A call as the test's owner, or with `token`. */
const call = (route: Route, payload?: object, token?: string) =>
  t.request({
    method: route.method as 'POST',
    url: route.path,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
const requireTwoStep = (on: boolean, token?: string) =>
  call(securityRoutes.update, { requireTwoStep: on }, token);
const signIn = async (email: string) =>
  t.json<{ status: boolean; token: string; twoStepSetupRequired?: boolean }>(
    await t.request({
      method: 'POST',
      url: authRoutes.login.path,
      admin: false,
      payload: { a_email: email, a_password: PERSON_PASSWORD },
    }),
  );
const me = async (token?: string) =>
  (await call(authRoutes.me, undefined, token)).json<{ data: { twoStepSetupRequired: boolean } }>().data;

/** Turns two-step on for the holder of `token` (or the test's owner) with a code computed here. */
async function enrol(token?: string) {
  const { secret } = (await call(twoStepRoutes.start, undefined, token)).json<{ secret: string }>();
  const confirmed = await call(twoStepRoutes.confirm, { code: await generate({ secret }) }, token);
  expect(confirmed.statusCode).toBe(200);
}

describe('requiring two-step sign-in of everyone', () => {
  it('is the owner’s alone, and only once the owner has two-step on', async () => {
    expect((await call(securityRoutes.get)).json()).toMatchObject({ data: { requireTwoStep: false } });
    const admin = await signInAs(t, 'admin');
    const byAdmin = await requireTwoStep(true, admin.token);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual(errorBody('Admins cannot change security settings'));
    const first = await requireTwoStep(true);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual(errorBody(securityMessages.ownTwoStepFirst));
    const bad = await call(securityRoutes.update, { requireTwoStep: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await call(securityRoutes.get)).json()).toMatchObject({ data: { requireTwoStep: false } });

    await enrol();
    const on = await requireTwoStep(true);
    expect(on.json()).toEqual({
      status: true,
      message: securityMessages.saved,
      data: { requireTwoStep: true },
    });
    const [entry] = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .select(['action', 'feature', 'label', 'changes'])
      .where('feature', '=', 'security')
      .execute();
    expect({ ...entry, changes: JSON.parse(entry!.changes) as unknown }).toEqual({
      action: 'update',
      feature: 'security',
      label: 'security settings',
      changes: [{ field: 'requireTwoStep', before: false, after: true }],
    });
  });

  it('lets a person without it sign in only to set it up, then everything again', async () => {
    // Signed in before the setting: their session is held back at once, not at their next sign-in.
    const earlier = await signInAs(t, 'editor');
    expect((await requireTwoStep(true)).statusCode).toBe(200);
    const refused = await call(storyRoutes.listVideo, undefined, earlier.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody(securityMessages.twoStepSetupRequired));

    // The spec's login call still signs in (status, message, token), and says what comes first.
    const login = await signIn(earlier.email);
    expect(login).toMatchObject({ status: true, token: expect.any(String), twoStepSetupRequired: true });
    expect(await me(login.token)).toMatchObject({ twoStepSetupRequired: true });
    expect((await call(storyRoutes.listVideo, undefined, login.token)).statusCode).toBe(403);

    await enrol(login.token);
    expect(await me(login.token)).toMatchObject({ twoStepSetupRequired: false });
    expect((await call(storyRoutes.listVideo, undefined, login.token)).statusCode).toBe(200);
    expect((await call(storyRoutes.listVideo, undefined, earlier.token)).statusCode).toBe(200);
  });

  it('stops holding people back when the owner stops requiring it', async () => {
    expect((await requireTwoStep(true)).statusCode).toBe(200);
    const analyst = await signInAs(t, 'analyst');
    expect((await call(storyRoutes.listVideo, undefined, analyst.token)).statusCode).toBe(403);
    expect((await requireTwoStep(false)).json()).toMatchObject({ data: { requireTwoStep: false } });
    expect((await call(storyRoutes.listVideo, undefined, analyst.token)).statusCode).toBe(200);
    // Without the requirement the login reply is the spec's, with no extra field.
    expect(await signIn(analyst.email)).toEqual({
      status: true,
      message: 'Login successful',
      token: expect.any(String),
    });
  });
});
