import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controllerRoutes as r,
  type ControllerDataReply,
  type ControllerSettings,
} from '@streamdesk/contract/controller';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

/**
 * Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the controller's whole-form saves: the Facebook
 * form and the payee form each send all their settings, as the form loaded them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The screen's read. */
const read = async () => (await t.request({ method: 'GET', url: r.get.path })).json() as ControllerDataReply;
const put = (path: string, payload: object) => t.request({ method: 'PUT', url: path, payload });

type Form = 'facebook' | 'phonePay';
const forms: Record<Form, { path: string; fields: (keyof ControllerSettings)[]; thing: string }> = {
  facebook: {
    path: r.facebook.path,
    fields: ['facebook_app_id', 'facebook_client_token'],
    thing: 'Facebook SDK setting',
  },
  phonePay: { path: r.phonePay.path, fields: ['upi_id', 'payee_name', 'phone'], thing: 'payee' },
};
/** A form's save: every one of its settings as `from` read them, `change` on top, its version when given. */
const save = (form: Form, from: ControllerDataReply, change: Record<string, string>, version?: unknown) =>
  put(forms[form].path, {
    ...Object.fromEntries(forms[form].fields.map((f) => [f, from.data[f]])),
    ...change,
    ...(version === undefined ? {} : { version }),
  });

describe('a Facebook or payee save made after another admin changed the same form', () => {
  it('is refused with 409 and nothing written (the Facebook form)', async () => {
    expect(
      (await save('facebook', await read(), { facebook_app_id: 'app-1', facebook_client_token: 'tok-1' }))
        .statusCode,
    ).toBe(200);
    const tabA = await read();
    const tabB = await read();
    // Tab B changes the client token; tab A, read before, changes only the app id.
    const b = await save('facebook', tabB, { facebook_client_token: 'tok-B' }, tabB.versions.facebook);
    expect(b.statusCode, b.body).toBe(200);
    const before = await read();

    const a = await save('facebook', tabA, { facebook_app_id: 'app-A' }, tabA.versions.facebook);
    expect([a.statusCode, a.json()]).toEqual([
      409,
      errorBody(editVersionMessages.changed('Facebook SDK setting')),
    ]);
    expect(await read()).toEqual(before);

    const again = await read();
    const ok = await save('facebook', again, { facebook_app_id: 'app-A' }, again.versions.facebook);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await read()).data).toMatchObject({ facebook_app_id: 'app-A', facebook_client_token: 'tok-B' });
  });

  it('is refused with 409 and nothing written (the payee form)', async () => {
    const first = { upi_id: 'shop@bank', payee_name: 'Shop', phone: '9999999999' };
    expect((await save('phonePay', await read(), first)).statusCode).toBe(200);
    const tabA = await read();
    const tabB = await read();
    const b = await save('phonePay', tabB, { phone: '8888888888' }, tabB.versions.phonePay);
    expect(b.statusCode, b.body).toBe(200);
    const before = await read();

    const a = await save('phonePay', tabA, { payee_name: 'Shop by A' }, tabA.versions.phonePay);
    expect([a.statusCode, a.json()]).toEqual([409, errorBody(editVersionMessages.changed('payee'))]);
    expect(await read()).toEqual(before);
    expect(before.data.phone).toBe('8888888888');
  });

  it("replies with the version of what it stored, trimmed, which the form's next save is made with", async () => {
    const from = await read();
    const first = await save('phonePay', from, { payee_name: 'Shop Two ' }, from.versions.phonePay);
    expect(first.statusCode, first.body).toBe(200);
    const { version } = first.json() as { version: string };
    expect(version).toBe((await read()).versions.phonePay);
    expect((await read()).data.payee_name).toBe('Shop Two');
    const next = await save('phonePay', from, { payee_name: 'Shop Two ', phone: '7777777777' }, version);
    expect(next.statusCode, next.body).toBe(200);
    expect((await read()).data.phone).toBe('7777777777');
  });

  it('is not refused by a change of another setting, nor of the other form', async () => {
    const tabA = await read();
    expect((await put(r.flag.path, { name: 'reels', status: false })).statusCode).toBe(200);
    expect((await put(r.text.path, { field: 'searchText', url: 'Find a match' })).statusCode).toBe(200);
    expect(
      (await save('phonePay', tabA, { payee_name: 'Other form' }, tabA.versions.phonePay)).statusCode,
    ).toBe(200);
    const res = await save('facebook', tabA, { facebook_app_id: 'app-unrelated' }, tabA.versions.facebook);
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).versions.facebook).not.toBe(tabA.versions.facebook);
  });

  it('is made as before without a version (deployed clients): the last save wins', async () => {
    const tabA = await read();
    expect(
      (await save('facebook', tabA, { facebook_client_token: 'tok-other' }, tabA.versions.facebook))
        .statusCode,
    ).toBe(200);
    const res = await save('facebook', tabA, { facebook_app_id: 'app-last' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).data).toMatchObject({
      facebook_app_id: 'app-last',
      facebook_client_token: tabA.data.facebook_client_token,
    });
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    for (const form of ['facebook', 'phonePay'] as const) {
      const from = await read();
      const change = form === 'facebook' ? 'facebook_app_id' : 'payee_name';
      const answers = await Promise.all([
        save(form, from, { [change]: 'One' }, from.versions[form]),
        save(form, from, { [change]: 'Two' }, from.versions[form]),
      ]);
      expect([form, answers.map((res) => res.statusCode).sort()]).toEqual([form, [200, 409]]);
      expect(['One', 'Two']).toContain((await read()).data[change]);
    }
  });

  it('refuses a version that is not one with 400 naming the field, changing nothing', async () => {
    const before = await read();
    for (const form of ['facebook', 'phonePay'] as const)
      for (const version of ['v1', 7, { a: 1 }]) {
        const res = await save(form, before, {}, version);
        expect([form, version, res.statusCode, res.json()]).toEqual([
          form,
          version,
          400,
          errorBody(editVersionMessages.invalid),
        ]);
      }
    expect(await read()).toEqual(before);
  });

  it('never stores the version as a setting', async () => {
    const from = await read();
    expect((await save('facebook', from, {}, from.versions.facebook)).statusCode).toBe(200);
    const rows = await t.app.streamdesk.context.db
      .selectFrom('controller_settings' as never)
      .select('name' as never)
      .execute();
    expect(rows.map((row) => (row as { name: string }).name)).not.toContain('version');
  });
});
