import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACTIVITY_ACTIONS, type ActivityChange } from '@streamdesk/contract/activity';
import { ADMIN_WRITES } from '../../test/admin-writes.js';
import { addCall, send, storedId } from '../../test/api-calls.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { bearer } from '../../test/people.js';
import { storeRecords, storyData, type Records } from '../../test/walk-records.js';
import { adminId, entriesAfter, featureOf, entryIds, storyEdit } from './activity-test-helpers.js';

/**
 * Every admin write is recorded with its entry in one transaction (0028-activity-log.md): the walk of every
 * admin write route (test/admin-writes.ts) finds an entry for each; a write that fails leaves neither.
 */
let t: TestApp;
let records: Records;

beforeAll(async () => {
  t = await createTestApp();
  records = await storeRecords(t);
}, 120_000);
afterAll(() => t.close());

describe('the activity log', () => {
  it('records an entry for every admin write route of the walk, with who, what and from where', async () => {
    const me = await adminId(t);
    const failures: string[] = [];
    const updates: { route: string; label: string; changes: ActivityChange[] }[] = [];
    for (const write of ADMIN_WRITES) {
      const before = await entryIds(t);
      const call = write.call(records);
      const res = await send(t, call);
      if (res.statusCode !== 200) {
        failures.push(`${write.route} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      if (write.keep) {
        const { data } = await t.json<{ data: { _id: string } | { _id: string }[] }>(res);
        records.set(write.keep, (Array.isArray(data) ? data[0] : data)!._id);
      }
      const added = await entriesAfter(t, before);
      const feature = featureOf(t, write.route);
      if (added.length === 0) failures.push(`${write.route}: no entry`);
      for (const entry of added) {
        const ok =
          entry.person_id === me &&
          entry.role === 'owner' &&
          entry.person_name !== '' &&
          // A restore is logged under the restored item's feature (stories, reels...), not the trash's.
          (entry.feature === feature || (feature === 'trash' && entry.action === 'restore')) &&
          (ACTIVITY_ACTIONS as readonly string[]).includes(entry.action) &&
          entry.ip === '127.0.0.1';
        if (!ok) failures.push(`${write.route}: ${JSON.stringify(entry)}`);
        // An edit or a switch says what it changed, before and after (0031).
        const changes = JSON.parse(entry.changes) as ActivityChange[];
        if (['update', 'status'].includes(entry.action)) {
          if (changes.length === 0 || changes.some((c) => c.before === undefined || c.after === undefined))
            failures.push(`${write.route}: no changed fields in ${JSON.stringify(entry)}`);
          if (entry.label === '' || entry.item_id === '')
            failures.push(`${write.route}: no item or label in ${JSON.stringify(entry)}`);
          updates.push({ route: write.route, label: entry.label, changes });
        }
      }
    }
    expect(failures).toEqual([]);
    // A few by name: an ad unit's new id, a live match's title and image (a file, by its URL), a switch.
    const of = (route: string) => updates.filter((u) => u.route === route);
    expect(of('PUT /api/App/ads/:kind/update/:id')[0]).toMatchObject({
      label: 'ad unit "Home"',
      changes: [
        { field: 'a_id', before: expect.stringMatching(/^ca-app-pub/), after: expect.stringMatching(/0$/) },
      ],
    });
    expect(of('PUT /api/App/liveMatch/admin')[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', after: 'Final 2' }),
        expect.objectContaining({ field: 'thumbnail', after: expect.stringMatching(/^\/.+\.(png|jpe?g)$/) }),
      ]),
    );
    expect(of('PUT /api/App/liveMatch/admin/status/:id').map((u) => u.changes)).toEqual([
      [{ field: 'status', before: 1, after: 0 }],
      [{ field: 'status', before: 0, after: 1 }],
    ]);
  }, 600_000);

  it('records no entry for a refused write', async () => {
    const before = await entryIds(t);
    const res = await send(t, storyEdit('000000000000000000000000', { btnName: 'Nobody' }));
    expect(res.statusCode).toBe(404);
    expect(await entriesAfter(t, before)).toEqual([]);
  });

  it('leaves the change undone when its entry cannot be written', async () => {
    const id = await storedId(t, addCall.story(storyData()));
    const res0 = await send(t, storyEdit(id, { btnName: 'Kept' }));
    expect(res0.statusCode).toBe(200);
    // A real failure of the entry's insert: its table is gone.
    await sql`alter table activity_log rename to activity_log_away`.execute(t.app.streamdesk.context.db);
    try {
      const res = await send(t, storyEdit(id, { btnName: 'Lost' }));
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table activity_log_away rename to activity_log`.execute(t.app.streamdesk.context.db);
    }
    const row = await t.app.streamdesk.context.db
      .selectFrom('stories')
      .select('btn_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.btn_name).toBe('Kept');
  });

  it('records sign-ins, failed sign-ins (named by the email tried) and sign-outs', async () => {
    const before = await entryIds(t);
    const login = (a_password: string, a_email = TEST_ADMIN.email) =>
      t.request({
        method: 'POST',
        url: '/api/admin/login',
        payload: { a_email, a_password },
        headers: { 'user-agent': 'Tester/1.0' },
        admin: false,
      });
    expect((await login('wrong password!')).statusCode).toBe(200);
    expect((await login('whatever it is', 'nobody@example.com')).statusCode).toBe(200);
    const ok = await t.json<{ token: string }>(await login(TEST_ADMIN.password));
    await t.request({ method: 'POST', url: '/api/admin/logout', headers: bearer(ok.token) });
    const added = await entriesAfter(t, before);
    const me = await adminId(t);
    expect(added.map((e) => [e.action, e.person_id, e.person_name, e.feature, e.user_agent])).toEqual([
      ['failed sign-in', me, 'admin', 'account', 'Tester/1.0'],
      ['failed sign-in', null, 'nobody@example.com', 'account', 'Tester/1.0'],
      ['sign-in', me, 'admin', 'account', 'Tester/1.0'],
      ['sign-out', me, 'admin', 'account', expect.any(String)],
    ]);
    // No password, token or hash of either is kept.
    expect(JSON.stringify(added)).not.toMatch(/wrong password|whatever it is|correct horse/);
  });
});
