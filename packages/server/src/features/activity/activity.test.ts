import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityListReply } from '@streamdesk/contract/activity';
import { addCall, send, storedId } from '../../test/api-calls.js';
import { bearer, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { storyData } from '../../test/walk-records.js';
import { createActivityService } from './activity.service.js';
import { adminId, storyEdit } from './activity-test-helpers.js';

let t: TestApp;
let story: string;

beforeAll(async () => {
  t = await createTestApp();
  story = await storedId(t, addCall.story(storyData({ btnName: 'First' })));
  expect((await send(t, storyEdit(story, { btnName: 'Second' }))).statusCode).toBe(200);
  await send(t, {
    method: 'PUT',
    url: '/api/App/Controler/Edit/storyVideo',
    json: { name: 'reels', status: false },
  });
});
afterAll(() => t.close());

const list = async (query = '', headers: Record<string, string> = {}) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/activity${query}`, headers });
  return { status: res.statusCode, body: await t.json<ActivityListReply>(res) };
};

describe('GET /api/admin/activity', () => {
  it('lists entries newest first with who, what, the item and the changed fields', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(3);
    const [controller, edit, add] = body.data;
    expect(controller).toMatchObject({
      action: 'update',
      feature: 'controller',
      itemId: 'settings',
      label: 'controller: Reels',
      role: 'owner',
      personName: 'admin',
      changes: [{ field: 'reels', before: true, after: false }],
    });
    expect(edit).toMatchObject({
      action: 'update',
      feature: 'stories',
      itemId: story,
      label: 'story "Second"',
      changes: expect.arrayContaining([{ field: 'btnName', before: 'First', after: 'Second' }]),
    });
    expect(edit!.changes.map((c) => c.field)).not.toContain('view');
    expect(add).toMatchObject({ action: 'create', feature: 'stories', itemId: story });
    expect(add!.changes).toEqual(
      expect.arrayContaining([{ field: 'btnName', before: null, after: 'First' }]),
    );
  });

  it('filters by person, feature, action, item, dates and text, and pages', async () => {
    const me = await adminId(t);
    const ids = async (query: string) => (await list(query)).body.data.map((e) => e.label);
    expect(await ids(`?item=${story}`)).toEqual(['story "Second"', 'story "First"']);
    expect(await ids(`?feature=stories&action=create`)).toEqual(['story "First"']);
    expect(await ids(`?person=${me}&feature=controller`)).toEqual(['controller: Reels']);
    expect(await ids(`?person=nobody`)).toEqual([]);
    expect(await ids(`?q=SECOND`)).toEqual(['story "Second"']);
    expect(await ids(`?from=2000-01-01&to=2000-12-31`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ids(`?from=${today}&to=${today}&item=${story}`)).length).toBe(2);
    const page2 = await list('?limit=1&page=2');
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.totalPage).toBe(page2.body.total);
  });

  it('records no entry for a controller save of the value already there', async () => {
    const again = await send(t, {
      method: 'PUT',
      url: '/api/App/Controler/Edit/storyVideo',
      json: { name: 'reels', status: false },
    });
    expect(again.statusCode).toBe(200);
    const labels = (await list('?feature=controller')).body.data.map((e) => e.label);
    expect(labels).toEqual(['controller: Reels']);
  });

  it('refuses bad filters with a message naming them', async () => {
    expect(await list('?action=explode')).toEqual({
      status: 400,
      body: errorBody(/action/),
    });
    expect((await list('?from=yesterday')).status).toBe(400);
    expect((await list('?from=2026-02-02&to=2026-01-01')).body).toEqual(
      errorBody(/from must not be after to/),
    );
  });

  it('is read by the owner, admins and analysts, and refused to editors', async () => {
    for (const role of ['admin', 'analyst'] as const) {
      const { token } = await signInAs(t, role);
      expect((await list('', bearer(token))).status).toBe(200);
    }
    const editor = await signInAs(t, 'editor');
    expect(await list('', bearer(editor.token))).toEqual({
      status: 403,
      body: errorBody('Editors cannot see the activity log'),
    });
  });

  it('is append-only: no route changes or removes an entry', () => {
    const activityRoutes = t.app.streamdesk.routes.filter((r) => r.url.startsWith('/api/admin/activity'));
    const writes = activityRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes.map((r) => `${String(r.method)} ${r.url}`)).toEqual(
      writes.length ? ['POST /api/admin/activity/:id/revert'] : [],
    );
  });

  it('removes entries older than ACTIVITY_RETENTION_DAYS, and none when it is 0', async () => {
    const db = t.app.streamdesk.context.db;
    const old = {
      created_at: '2020-01-01T00:00:00.000Z',
      person_id: null,
      person_name: 'someone',
      role: 'admin',
      action: 'update',
      feature: 'stories',
      item_id: 'x',
      label: 'old',
      changes: '[]',
      ip: '',
      user_agent: '',
    };
    await db
      .insertInto('activity_log')
      .values({ ...old, id: 'old-entry-1' })
      .execute();
    const context = t.app.streamdesk.context;
    const keepAll = createActivityService({
      ...context,
      config: { ...context.config, activityRetentionDays: 0 },
    });
    expect(await keepAll.purge()).toBe(0);
    const yearly = createActivityService(context);
    expect(context.config.activityRetentionDays).toBe(365);
    expect(await yearly.purge()).toBe(1);
    expect((await list('?q=old')).body.data).toEqual([]);
    expect((await list()).body.total).toBeGreaterThan(0);
  });

  it('is described in the OpenAPI document with its query', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string }[]; 'x-roles'?: string[] } }>;
    }>();
    const get = doc.paths['/api/admin/activity']?.get;
    expect(get?.['x-roles']).toEqual(['owner', 'admin', 'analyst']);
    expect(get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'person', 'feature', 'action', 'item', 'from', 'to', 'q']),
    );
  });
});
