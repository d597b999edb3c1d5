import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { authRoutes } from '@streamdesk/contract/auth';
import { controllerRoutes } from '@streamdesk/contract/controller';
import { ROLE_GRANTS } from '@streamdesk/contract/roles';
import { storyRoutes } from '@streamdesk/contract/stories';
import { migrations } from '../../migrations.js';
import { createDatabase } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { withDatabase } from '../../test/global-setup.js';
import { bearer, PERSON_PASSWORD, signInAs } from '../../test/people.js';
import { createTestApp, errorBody, TEST_ADMIN, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An empty database of the suite's kind, to run the migrations on from the start. */
async function emptyDatabase() {
  const template = inject('template');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-people-'));
  if (template.kind === 'sqlite') {
    const database = createDatabase({ dataDir });
    return { database, remove: async () => (await database.destroy(), rmSync(dataDir, { recursive: true })) };
  }
  const name = `sd_people_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: template.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const database = createDatabase({ databaseUrl: withDatabase(template.url, name), dataDir });
  return {
    database,
    remove: async () => {
      await database.destroy();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true });
    },
  };
}

describe('the people migration', () => {
  it('makes the admin of today the owner, named after the email, and keeps emails unique in any case', async () => {
    const { database, remove } = await emptyDatabase();
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0102'));
      await migrateToLatest(database.db, before);
      const db = database.db;
      const created_at = new Date().toISOString();
      // The admins table before the people migration, with no name, role or status yet.
      await sql`INSERT INTO admins (id, email, password_hash, created_at)
        VALUES ('a1', 'boss@example.com', 'h', ${created_at})`.execute(database.db);
      await migrateToLatest(database.db, migrations);
      expect(await db.selectFrom('admins').selectAll().execute()).toEqual([
        {
          id: 'a1',
          email: 'boss@example.com',
          password_hash: 'h',
          created_at,
          name: 'boss',
          role: 'owner',
          status: 'active',
          totp_secret: null,
          totp_pending: null,
          totp_last_step: null,
        },
      ]);
      const again = { id: 'a2', email: 'BOSS@Example.com', password_hash: 'h', created_at, name: 'x' };
      await expect(
        db
          .insertInto('admins')
          .values({ ...again, role: 'editor', status: 'active' })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await remove();
    }
  });

  it('signs the existing admin in as the owner with the same login payload', async () => {
    const res = await t.request({ method: 'GET', url: authRoutes.me.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Signed-in person',
      data: {
        _id: expect.any(String),
        name: 'admin',
        email: TEST_ADMIN.email,
        role: 'owner',
        permissions: ROLE_GRANTS.owner,
        twoStepSetupRequired: false,
      },
    });
  });
});

describe('GET /api/admin/me', () => {
  it("gives an analyst their role and their role's permissions", async () => {
    const analyst = await signInAs(t, 'analyst');
    const res = await t.request({ method: 'GET', url: authRoutes.me.path, headers: bearer(analyst.token) });
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({
      _id: analyst.id,
      name: expect.stringMatching(/^analyst /),
      email: analyst.email,
      role: 'analyst',
      permissions: ROLE_GRANTS.analyst,
      twoStepSetupRequired: false,
    });
    expect(data.permissions).toMatchObject({ stories: 'read', controller: 'read', team: 'none' });
  });
});

describe('roles at the guard', () => {
  it('refuses a write the role may not make with a 403 naming the role and the action', async () => {
    const analyst = await signInAs(t, 'analyst');
    const write = await t.request({
      method: 'PUT',
      url: storyRoutes.statusVideo.path,
      headers: bearer(analyst.token),
      payload: { _id: 'x', status: true },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual(errorBody('Analysts cannot change stories'));
    const read = await t.request({
      method: 'GET',
      url: storyRoutes.listVideo.path,
      headers: bearer(analyst.token),
    });
    expect(read.statusCode).toBe(200);

    const editor = await signInAs(t, 'editor');
    const controller = await t.request({
      method: 'PUT',
      url: controllerRoutes.payAmount.path,
      headers: bearer(editor.token),
      payload: { payAmount: 10 },
    });
    expect(controller.statusCode).toBe(403);
    expect(controller.json()).toEqual(errorBody('Editors cannot change the controller'));
  });

  it("stops a disabled person's tokens at once and refuses their sign-in", async () => {
    const editor = await signInAs(t, 'editor');
    const check = () =>
      t.request({ method: 'GET', url: authRoutes.check.path, headers: bearer(editor.token) });
    expect((await check()).statusCode).toBe(200);
    const db = t.app.streamdesk.context.db;
    await db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', editor.id).execute();
    const after = await check();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(errorBody(/sign in again/));
    const login = await t.app.streamdesk.auth.login({ a_email: editor.email, a_password: PERSON_PASSWORD });
    expect(login).toEqual({
      status: false,
      message: 'This account is disabled. Ask the owner of the team to enable it.',
      token: '',
    });
  });
});
