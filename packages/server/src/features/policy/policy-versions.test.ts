import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '@streamdesk/contract/http';
import { policyRoutes as r, policyVersionRoutes as v } from '@streamdesk/contract/policy';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { createSettingVersions } from '../../platform/versions/setting-versions.js';
import { loadConfig } from '../../platform/config.js';
import { bearer, signInAs } from '../../test/people.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (policy_title: string, policy_description: string) =>
  t.request({ method: 'PUT', url: r.update.path, payload: { policy_title, policy_description } });
const publicPolicy = async () =>
  (await t.request({ url: r.read.path, admin: false, headers: { 'api-key': TEST_API_KEY } })).json<{
    data: { policy_title: string; policy_description: string };
  }>().data;

describe('policy versions', () => {
  it('numbers each update, rolls back as a new version, and the public read shows it at once', async () => {
    expect((await update('Privacy', 'First text')).statusCode).toBe(200);
    expect((await update('Privacy', 'Second text')).statusCode).toBe(200);
    expect((await publicPolicy()).policy_description).toBe('Second text'); // cached now

    const listed = (await t.request({ url: v.list.path })).json<{ data: { n: number; keys: string[] }[] }>();
    expect(listed.data.map((d) => [d.n, d.keys])).toEqual([
      [3, ['policy_description']],
      [2, ['policy_title', 'policy_description']],
      [1, []],
    ]);
    expect((await t.request({ url: buildPath(v.get.path, { n: 2 }) })).json()).toEqual(
      expect.objectContaining({
        data: expect.objectContaining({
          state: { policy_title: 'Privacy', policy_description: 'First text' },
        }),
      }),
    );

    const res = await t.request({ method: 'POST', url: buildPath(v.rollback.path, { n: 2 }) });
    expect(res.json()).toEqual({ status: true, message: 'Rolled back to version 2', n: 4 });
    expect(await publicPolicy()).toEqual(
      expect.objectContaining({ policy_title: 'Privacy', policy_description: 'First text' }),
    );
    // The admin's read gives the edit version of what is stored now, so an edit read before is refused.
    const admin = (await t.request({ url: r.get.path })).json<{ data: { policy_description: string } }>();
    expect(admin.data.policy_description).toBe('First text');
  });

  it('refuses a rollback by a role that may only read the policy', async () => {
    const analyst = await signInAs(t, 'analyst');
    expect((await t.request({ url: v.list.path, headers: bearer(analyst.token) })).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: buildPath(v.rollback.path, { n: 1 }),
      headers: bearer(analyst.token),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('VERSIONS_KEEP', () => {
  it('keeps the newest versions of a record past its limit, and only that record', async () => {
    const db = t.app.streamdesk.context.db;
    const kept = createSettingVersions(db, 'kept-test', 3);
    let state = { value: 0 };
    for (let i = 1; i <= 5; i++) {
      const before = state;
      state = { value: i };
      await kept.record({ before, readAfter: async () => state });
    }
    const page = await kept.list({ page: 1, limit: 50 });
    expect(page.data.map((d) => d.n)).toEqual([6, 5, 4]);
    await expect(kept.get(3)).rejects.toThrow('Version 3 not found');
    expect((await createSettingVersions(db, 'policy', 3).list({ page: 1, limit: 50 })).total).toBe(4);
  });

  it('is 0 (all) or at least 300', async () => {
    expect(loadConfig({ VERSIONS_KEEP: '0' }).versionsKeep).toBe(0);
    expect(loadConfig({}).versionsKeep).toBe(1000);
    expect(() => loadConfig({ VERSIONS_KEEP: '10' })).toThrow(/VERSIONS_KEEP/);
  });
});
