import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controllerDefaults,
  controllerRoutes as r,
  controllerVersionRoutes as v,
} from '@streamdesk/contract/controller';
import { buildPath } from '@streamdesk/contract/http';
import { buildApp } from '../../app.js';
import { bearer, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, TEST_API_KEY, TEST_ADMIN, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** A second server process on the same database (its own cache, memo and connections). */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.config, { logger: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const put = (url: string, payload: object) => t.request({ method: 'PUT', url, payload });
const flag = (name: string, status: boolean) => put(r.flag.path, { name, status });
const list = async (query = '') =>
  (await t.request({ url: `${v.list.path}${query}` })).json<{
    data: { n: number; personName: string; source: string; keys: string[]; rolledBackTo: number | null }[];
    total: number;
    totalPage: number;
  }>();
const rollback = (n: number | string, headers = {}) =>
  t.request({ method: 'POST', url: buildPath(v.rollback.path, { n }), headers });
const launchOn = async (app: FastifyInstance) =>
  (await app.inject({ url: r.loadCheck.path, headers: { 'api-key': TEST_API_KEY } })).json<{
    data: { controller: Record<string, unknown> };
  }>().data.controller;
const maintenanceOn = async (app: FastifyInstance) =>
  (await app.inject({ url: r.maintenance.path, headers: { 'api-key': TEST_API_KEY } })).json<{
    maintenance: boolean;
    maintenanceMessage: string;
  }>();

describe('controller versions', () => {
  it('numbers every change with who, when, the keys changed and the whole state after', async () => {
    expect((await list()).total).toBe(0);
    expect((await flag('maintenance', true)).statusCode).toBe(200);
    expect((await put(r.text.path, { field: 'maintenanceMessage', url: 'Back at nine' })).statusCode).toBe(
      200,
    );
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.data).toEqual([
      expect.objectContaining({ n: 3, source: 'edit', keys: ['maintenanceMessage'], rolledBackTo: null }),
      expect.objectContaining({ n: 2, source: 'edit', keys: ['maintenance'] }),
      // The state before the first change: history can go back to how it began.
      expect.objectContaining({ n: 1, source: 'initial', keys: [], personName: '' }),
    ]);
    expect(page.data[0]!.personName).toBe(page.data[1]!.personName);
    expect(page.data[0]!.personName).not.toBe('');

    const two = (await t.request({ url: buildPath(v.get.path, { n: 2 }) })).json<{
      data: { state: Record<string, unknown>; at: string; personId: string };
    }>().data;
    expect(two.state).toEqual({ ...controllerDefaults, maintenance: true });
    expect(Date.parse(two.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await t.request({ url: buildPath(v.get.path, { n: 1 }) })).json<{ data: { state: object } }>().data
        .state,
    ).toEqual(controllerDefaults);
  });

  it('makes no version for a save that changes nothing', async () => {
    const before = (await list()).total;
    expect((await flag('maintenance', true)).statusCode).toBe(200);
    expect((await list()).total).toBe(before);
  });

  it('rolls back as a new version; the app launch and maintenance status show it at once, in both processes', async () => {
    // Both processes have the rolled-forward values cached.
    expect((await launchOn(t.app)).maintenanceMessage).toBe('Back at nine');
    expect((await launchOn(other)).maintenance).toBe(true);
    expect((await maintenanceOn(other)).maintenance).toBe(true);

    const res = await rollback(1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Rolled back to version 1', n: 4 });
    expect((await list()).data[0]).toEqual(
      expect.objectContaining({
        n: 4,
        source: 'rollback',
        rolledBackTo: 1,
        keys: ['maintenance', 'maintenanceMessage'],
      }),
    );
    // History is kept: versions 2 and 3 are still there.
    expect((await list()).total).toBe(4);

    expect(await launchOn(t.app)).toEqual(controllerDefaults);
    expect(await maintenanceOn(t.app)).toEqual(
      expect.objectContaining({
        maintenance: false,
        maintenanceMessage: controllerDefaults.maintenanceMessage,
      }),
    );
    await expect
      .poll(() => maintenanceOn(other), { timeout: 3000, interval: 100 })
      .toEqual(expect.objectContaining({ maintenance: false }));
    expect(await launchOn(other)).toEqual(controllerDefaults);

    const entry = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .selectAll()
      .where('label', '=', 'controller: rolled back to version 1')
      .executeTakeFirst();
    expect(entry).toEqual(
      expect.objectContaining({
        feature: 'controller',
        action: 'update',
        label: 'controller: rolled back to version 1',
      }),
    );
    expect(JSON.parse(entry!.changes)).toEqual([
      { field: 'maintenance', before: true, after: false },
      { field: 'maintenanceMessage', before: 'Back at nine', after: controllerDefaults.maintenanceMessage },
    ]);
  });

  it('rolls forward to a later version too, and says so when there is nothing to roll back', async () => {
    expect((await rollback(3)).json()).toEqual({ status: true, message: 'Rolled back to version 3', n: 5 });
    expect((await launchOn(t.app)).maintenanceMessage).toBe('Back at nine');
    const res = await rollback(3);
    expect(res.json()).toEqual({
      status: true,
      message: 'Nothing to roll back: the values already match version 3',
      n: null,
    });
    expect((await list()).total).toBe(5);
  });

  it('refuses an unknown or malformed version number', async () => {
    expect((await rollback(99)).json()).toEqual(errorBody('Version 99 not found'));
    expect((await rollback(99)).statusCode).toBe(404);
    expect((await t.request({ url: buildPath(v.get.path, { n: 99 }) })).statusCode).toBe(404);
    for (const bad of ['0', 'x', '1.5', '-2']) {
      const res = await rollback(bad);
      expect([bad, res.statusCode, res.json()]).toEqual([
        bad,
        400,
        errorBody('params n: must be a version number (1 or more)'),
      ]);
    }
    expect((await t.request({ url: `${v.list.path}?limit=0` })).statusCode).toBe(400);
  });

  it('lets every role read the history and only those who may change the controller roll it back', async () => {
    const editor = await signInAs(t, 'editor');
    expect((await t.request({ url: v.list.path, headers: bearer(editor.token) })).statusCode).toBe(200);
    const refused = await rollback(1, bearer(editor.token));
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      errorBody('Editors cannot change the controller'),
    ]);
    const analyst = await signInAs(t, 'analyst');
    expect(
      (await t.request({ url: buildPath(v.get.path, { n: 1 }), headers: bearer(analyst.token) })).statusCode,
    ).toBe(200);
  });

  it('pages newest first', async () => {
    const page2 = await list('?page=2&limit=2');
    expect(page2).toEqual(
      expect.objectContaining({
        total: 5,
        totalPage: 3,
        data: [expect.objectContaining({ n: 3 }), expect.objectContaining({ n: 2 })],
      }),
    );
  });

  it('numbers writes made at once in two processes one after another, each state building on the last', async () => {
    const before = (await list()).total;
    const flags = ['reels', 'storyBrand', 'liveMatch', 'inHouseAds', 'storyVideo', 'hidden_module'];
    const res = await Promise.all(
      flags.map((name, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'PUT',
          url: r.flag.path,
          headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${t.token}` },
          payload: { name, status: !controllerDefaults[name as 'reels'] },
        }),
      ),
    );
    expect(res.map((x) => x.statusCode)).toEqual(flags.map(() => 200));
    const made = (await list(`?limit=${flags.length}`)).data;
    expect(made.map((d) => d.n)).toEqual(flags.map((_, i) => before + flags.length - i));
    expect(made.map((d) => d.keys.length)).toEqual(flags.map(() => 1));
    const newest = (await t.request({ url: buildPath(v.get.path, { n: made[0]!.n }) })).json<{
      data: { state: object };
    }>().data.state;
    const current = (await t.request({ url: r.get.path })).json<{ data: object }>().data;
    expect(newest).toEqual(current);
  });

  it('names the person who made each version', async () => {
    const admin = await t.app.streamdesk.context.db
      .selectFrom('admins')
      .select(['id', 'name'])
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    const newest = (await list()).data[0]!;
    expect(newest.personName).toBe(admin.name);
  });
});
