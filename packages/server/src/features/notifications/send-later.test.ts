import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRoutes as routes, type Notification } from '@streamdesk/contract/notifications';
import { buildPath } from '@streamdesk/contract/http';
import { trashMessages } from '@streamdesk/contract/trash';
import { form, PNG } from '../../test/media-fixtures.js';
import { movingClock } from '../../test/moving-clock.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { startFakeFcm, type FakeFcm } from './fakes/fake-fcm.js';
import { MISSED_IN_TRASH } from './notifications.service.js';

/** Send later (issue 34): the scheduler's time is the test's; FCM is a local fake, so delivery is real. */
const { clock, at, advance } = movingClock('2031-05-01T18:00:00.000Z');

let t: TestApp;
let fcm: FakeFcm;
beforeAll(async () => {
  fcm = await startFakeFcm();
  t = await createTestApp(
    { FCM_BASE_URL: fcm.baseUrl, FCM_SERVICE_ACCOUNT_FILE: fcm.serviceAccountFile },
    { clock },
  );
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
  rmSync(fcm.serviceAccountFile, { force: true });
});

const runDue = async () => {
  await t.app.streamdesk.context.jobs.runDue();
  await t.app.notifications.idle();
};
const schedule = async (fields: Record<string, string>, icon = false) => {
  const res = await t.request({
    method: 'POST',
    url: routes.send.path,
    payload: form(fields, icon ? [{ field: 'image', name: 'i.png', data: PNG }] : []),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; data: Notification }>();
};
const history = async () =>
  (await t.request({ url: `${routes.history.path}?limit=1000` })).json<{ data: Notification[] }>().data;
const find = async (id: string) => (await history()).find((n) => n._id === id)!;
const sentTitled = (title: string) =>
  fcm.sends.filter((s) => JSON.stringify(s.body).includes(JSON.stringify(title)));
const edit = (id: string, body: object) =>
  t.request({ method: 'PUT', url: buildPath(routes.editScheduled.path, { id }), payload: body });
const cancel = (id: string) =>
  t.request({ method: 'POST', url: buildPath(routes.cancelScheduled.path, { id }) });

describe('send later', () => {
  it('lists a scheduled send as scheduled, then sends it at its time with its delivery status', async () => {
    const sendAt = at(60);
    const reply = await schedule({ title: 'Kick-off', message: 'In one minute', url: '', sendAt }, true);
    expect(reply.message).toBe('Notification scheduled');
    expect(reply.data).toEqual(
      expect.objectContaining({ status: 'scheduled', scheduledAt: sendAt, createdAt: sendAt }),
    );
    expect(await find(reply.data._id)).toEqual(reply.data);

    advance(30);
    await runDue();
    expect((await find(reply.data._id)).status).toBe('scheduled');
    expect(sentTitled('Kick-off')).toHaveLength(0);

    advance(31);
    await runDue();
    const sent = await find(reply.data._id);
    expect(sent).toEqual(
      expect.objectContaining({
        status: 'sent',
        scheduledAt: sendAt,
        createdAt: clock().toISOString(),
        n_icon: reply.data.n_icon,
      }),
    );
    expect(sent.delivery.fcm).toEqual({ status: 'sent', detail: expect.stringMatching(/^Sent to topic/) });
    expect(sent.deliveredAt).not.toBeNull();
    expect(sentTitled('Kick-off')).toHaveLength(1);

    const log = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .selectAll()
      .where('item_id', '=', reply.data._id)
      .orderBy('created_at')
      .execute();
    expect(log.map((e) => [e.action, e.role, e.person_name, e.label])).toEqual([
      ['send', 'owner', 'admin', expect.any(String)],
      ['send', 'by schedule', 'admin', 'notification "Kick-off": sent by schedule'],
    ]);
  });

  it('sends those due at one time together, each sent once with its own entry; a cancelled one stays', async () => {
    const sendAt = at(40);
    const made = [];
    for (const title of ['Team news 1', 'Team news 2', 'Team news 3'])
      made.push((await schedule({ title, message: 'Line-ups are out', url: '', sendAt })).data);
    expect((await cancel(made[1]!._id)).statusCode).toBe(200);
    advance(41);
    await runDue();
    expect((await find(made[0]!._id)).status).toBe('sent');
    expect((await find(made[2]!._id)).status).toBe('sent');
    expect((await find(made[1]!._id)).status).not.toBe('sent');
    for (const title of ['Team news 1', 'Team news 3']) expect(sentTitled(title)).toHaveLength(1);
    expect(sentTitled('Team news 2')).toHaveLength(0);
    const log = await t.app.streamdesk.context.db
      .selectFrom('activity_log')
      .select(['item_id', 'label'])
      .where('role', '=', 'by schedule')
      .where(
        'item_id',
        'in',
        made.map((n) => n._id),
      )
      .execute();
    expect(log.sort((a, b) => a.label.localeCompare(b.label))).toEqual([
      { item_id: made[0]!._id, label: 'notification "Team news 1": sent by schedule' },
      { item_id: made[2]!._id, label: 'notification "Team news 3": sent by schedule' },
    ]);
  });

  it('edits the text and time of a scheduled send, and cancels one, only before it goes', async () => {
    const { data } = await schedule({ title: 'Half time', message: 'Soon', sendAt: at(60) });
    const edited = await edit(data._id, {
      title: 'Half time!',
      message: 'Stats inside',
      url: 'https://example.com/ht',
      sendAt: at(120),
    });
    expect(edited.json()).toEqual(
      expect.objectContaining({
        message: 'Scheduled notification updated',
        data: expect.objectContaining({
          n_title: 'Half time!',
          n_url: 'https://example.com/ht',
          scheduledAt: at(120),
          status: 'scheduled',
        }),
      }),
    );
    advance(90);
    await runDue();
    expect((await find(data._id)).status).toBe('scheduled'); // moved to 120 s

    advance(40);
    await runDue();
    expect(await find(data._id)).toEqual(
      expect.objectContaining({ status: 'sent', n_title: 'Half time!', n_message: 'Stats inside' }),
    );
    expect(sentTitled('Half time!')).toHaveLength(1);
    const late = await edit(data._id, { title: 'x', message: 'y', sendAt: at(60) });
    expect([late.statusCode, late.json()]).toEqual([
      409,
      errorBody('Only a notification that has not been sent yet can be edited or cancelled'),
    ]);

    const other = await schedule({ title: 'Full time', message: 'Result', sendAt: at(30) });
    const cancelled = await cancel(other.data._id);
    expect(cancelled.json()).toEqual(
      expect.objectContaining({
        message: 'Scheduled notification cancelled',
        data: expect.objectContaining({
          status: 'cancelled',
          delivery: {
            fcm: { status: 'failed', detail: 'Cancelled before it was sent' },
            webPush: { status: 'failed', detail: 'Cancelled before it was sent' },
          },
        }),
      }),
    );
    advance(60);
    await runDue();
    expect((await find(other.data._id)).status).toBe('cancelled');
    expect(sentTitled('Full time')).toHaveLength(0);
    expect((await cancel(other.data._id)).statusCode).toBe(409);
    expect((await cancel('nope')).statusCode).toBe(404);
  });

  it('refuses a bad or past sendAt with a message naming it, storing nothing', async () => {
    const before = (await history()).length;
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ title: 'a', message: 'b', sendAt: 'tomorrow' }, /sendAt must be an ISO time/],
      [{ title: 'a', message: 'b', sendAt: at(-1) }, 'sendAt must be in the future'],
      [{ title: '', message: 'b', sendAt: at(60) }, /Title is required/],
    ];
    for (const [fields, message] of cases) {
      const res = await t.request({ method: 'POST', url: routes.send.path, payload: form(fields, []) });
      expect([res.statusCode, res.json()]).toEqual([400, errorBody(message)]);
    }
    const { data } = await schedule({ title: 'Edit me', message: 'b', sendAt: at(60) });
    const past = await edit(data._id, { title: 'a', message: 'b', sendAt: at(-60) });
    expect([past.statusCode, past.json()]).toEqual([400, errorBody('sendAt must be in the future')]);
    expect((await history()).length).toBe(before + 1);
    await cancel(data._id);
  });

  it('marks a send missed when no server ran at its time and it is past the grace period', async () => {
    const tooLate = await schedule({ title: 'Too late', message: 'm', sendAt: at(30) });
    const inTime = await schedule({ title: 'In time', message: 'm', sendAt: at(60) });
    await t.app.streamdesk.context.jobs.stop();
    advance(935); // 15 min 5 s late, and 14 min 35 s late
    await runDue();
    expect(await find(tooLate.data._id)).toEqual(
      expect.objectContaining({
        status: 'missed',
        delivery: expect.objectContaining({
          fcm: { status: 'failed', detail: expect.stringMatching(/^Missed: no server was running/) },
        }),
      }),
    );
    expect(sentTitled('Too late')).toHaveLength(0);
    expect((await find(inTime.data._id)).status).toBe('sent');
    expect(sentTitled('In time')).toHaveLength(1);
    t.app.streamdesk.context.jobs.start();
  });

  it('restores a deleted send later: before its time it goes at its time; after it, it comes back missed and is never sent', async () => {
    const inTime = await schedule({ title: 'Back in time', message: 'm', sendAt: at(60) });
    const tooLate = await schedule({ title: 'Back too late', message: 'm', sendAt: at(60) });
    const ids = [inTime.data._id, tooLate.data._id];
    const removed = await t.request({ method: 'DELETE', url: routes.delete.path, payload: { id: ids } });
    expect(removed.statusCode, removed.body).toBe(200);
    const restore = (id: string) =>
      t.request({ method: 'POST', url: '/api/admin/trash/restore', payload: { id: [id] } });

    advance(30);
    expect((await restore(inTime.data._id)).statusCode).toBe(200);
    expect(await find(inTime.data._id)).toEqual(inTime.data);
    advance(31);
    await runDue();
    expect((await find(inTime.data._id)).status).toBe('sent');
    expect(sentTitled('Back in time')).toHaveLength(1);
    // Its job came and found no row: nothing went.
    expect(sentTitled('Back too late')).toHaveLength(0);

    expect((await restore(tooLate.data._id)).json()).toEqual({
      status: true,
      message: trashMessages.restored(1),
      count: 1,
    });
    // Its activity entry says what the restore changed.
    const entries = await t.request({
      method: 'GET',
      url: `/api/admin/activity?action=restore&item=${tooLate.data._id}`,
    });
    expect(entries.json<{ data: { changes: object[] }[] }>().data[0]?.changes).toContainEqual({
      field: 'status',
      before: 'scheduled',
      after: 'missed',
    });
    const failed = { status: 'failed', detail: MISSED_IN_TRASH };
    expect(await find(tooLate.data._id)).toEqual({
      ...tooLate.data,
      status: 'missed',
      delivery: { fcm: failed, webPush: failed },
    });
    advance(60);
    await runDue();
    expect(sentTitled('Back too late')).toHaveLength(0);
    expect((await find(tooLate.data._id)).status).toBe('missed');
  });

  it('restores a send later missed in the trash within the grace time as missed too, before its job ran', async () => {
    await t.app.streamdesk.context.jobs.stop();
    const { data } = await schedule({ title: 'Just late', message: 'm', sendAt: at(5) });
    await t.request({ method: 'DELETE', url: routes.delete.path, payload: { id: [data._id] } });
    advance(10);
    // Restored before any process took its job (due 5 s ago, well within SCHEDULE_GRACE_MINUTES).
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/trash/restore', payload: { id: [data._id] } }))
        .statusCode,
    ).toBe(200);
    expect((await find(data._id)).status).toBe('missed');
    await runDue();
    expect((await find(data._id)).status).toBe('missed');
    expect(sentTitled('Just late')).toHaveLength(0);
    t.app.streamdesk.context.jobs.start();
  });
});
