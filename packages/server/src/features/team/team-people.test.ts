import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '@streamdesk/contract/http';
import { teamRoutes } from '@streamdesk/contract/team';
import { bearer, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const people = (headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: teamRoutes.people.path, headers });

describe('the people list (the Activity screen person filter)', () => {
  it('gives the owner, admins and analysts every id and name by name, disabled people too, and nothing more', async () => {
    const admin = await signInAs(t, 'admin');
    const analyst = await signInAs(t, 'analyst');
    const editor = await signInAs(t, 'editor');
    const disabled = await t.request({
      method: 'PUT',
      url: buildPath(teamRoutes.update.path, { id: editor.id }),
      payload: { name: 'Zed Gone', status: 'disabled' },
    });
    expect(disabled.statusCode).toBe(200);

    const owners = await people();
    expect(owners.statusCode).toBe(200);
    const body = owners.json<{ status: boolean; message: string; data: { _id: string; name: string }[] }>();
    expect(body.status).toBe(true);
    expect(body.message).toBe('People fetched');
    for (const person of body.data) expect(Object.keys(person).sort()).toEqual(['_id', 'name']);
    expect(body.data).toContainEqual({ _id: admin.id, name: admin.name });
    expect(body.data).toContainEqual({ _id: editor.id, name: 'Zed Gone' });
    const names = body.data.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.at(-1)).toBe('Zed Gone');

    for (const who of [admin, analyst]) {
      const res = await people(bearer(who.token));
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toEqual(body.data);
    }
  });

  it('refuses editors, who may not read the activity log', async () => {
    const editor = await signInAs(t, 'editor');
    const res = await people(bearer(editor.token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody('Editors cannot see the activity log'));
  });
});
