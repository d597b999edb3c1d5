import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { policyRoutes as r, type PolicyEditReply } from '@streamdesk/contract/policy';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the privacy policy edit. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflict = [409, errorBody(editVersionMessages.changed('privacy policy'))];
/** The edit screen's read. */
const read = async () => (await t.request({ method: 'GET', url: r.get.path })).json() as PolicyEditReply;
const publicRead = async () => (await t.request({ method: 'GET', url: r.read.path, admin: false })).json();
/** The edit's save: the policy as it was read with `change` on top, and its version when given. */
const save = (
  from: PolicyEditReply,
  change: { policy_title?: string; policy_description?: string },
  version?: unknown,
) =>
  t.request({
    method: 'PUT',
    url: r.update.path,
    payload: {
      policy_title: change.policy_title ?? from.data.policy_title,
      policy_description: change.policy_description ?? from.data.policy_description,
      ...(version === undefined ? {} : { version }),
    },
  });

describe('a policy update saved after another admin changed the policy', () => {
  it('is refused with 409 before anything is written', async () => {
    expect((await save(await read(), { policy_description: 'Old text' })).statusCode).toBe(200);
    const tabA = await read();
    const tabB = await read();
    // Tab B adds a paragraph; tab A, opened before, changes only the title.
    const b = await save(tabB, { policy_description: 'Old text\n\nB added this.' }, tabB.version);
    expect(b.statusCode, b.body).toBe(200);
    const before = { admin: await read(), public: await publicRead() };

    const a = await save(tabA, { policy_title: 'Privacy (A)' }, tabA.version);
    expect([a.statusCode, a.json()]).toEqual(conflict);
    expect({ admin: await read(), public: await publicRead() }).toEqual(before);
    expect(before.admin.data.policy_description).toBe('Old text\n\nB added this.');

    // Read again, the same change goes through and keeps B's paragraph.
    const again = await read();
    const ok = await save(again, { policy_title: 'Privacy (A)' }, again.version);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = ok.json() as PolicyEditReply;
    expect(saved.data).toMatchObject({
      policy_title: 'Privacy (A)',
      policy_description: 'Old text\n\nB added this.',
    });
    expect(saved.version).toBe((await read()).version);
  });

  it('is made as before without a version (deployed clients): the last save wins', async () => {
    const tabA = await read();
    expect((await save(tabA, { policy_description: 'First' }, tabA.version)).statusCode).toBe(200);
    const res = await save(tabA, { policy_title: 'Last' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).data).toMatchObject({
      policy_title: 'Last',
      policy_description: tabA.data.policy_description,
    });
  });

  it('is not refused by a save of the same text (only the time of the update changed)', async () => {
    const tabA = await read();
    expect((await save(tabA, {}, tabA.version)).statusCode).toBe(200);
    const res = await save(tabA, { policy_title: 'Same text before' }, tabA.version);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const from = await read();
    const answers = await Promise.all([
      save(from, { policy_description: 'One' }, from.version),
      save(from, { policy_description: 'Two' }, from.version),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((res) => res.statusCode === 200)!.json() as PolicyEditReply;
    expect(await read()).toEqual({ ...won, message: 'Policy' });
  });

  it('refuses a version that is not one with 400 naming the field, keeping the policy', async () => {
    const before = await read();
    for (const version of ['not-a-version', 'ABCDEF0123456789', 5, ['x']]) {
      const res = await save(before, { policy_title: 'x' }, version);
      expect([version, res.statusCode, res.json()]).toEqual([
        version,
        400,
        errorBody(editVersionMessages.invalid),
      ]);
    }
    expect(await read()).toEqual(before);
  });
});
