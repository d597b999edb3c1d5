import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controllerDefaults,
  controllerRoutes as r,
  controllerVersionRoutes as v,
} from '@streamdesk/contract/controller';
import { controllerScheduleRoutes as s } from '@streamdesk/contract/controller-schedules';
import { buildApp } from '../../app.js';
import { bearer, signInAs } from '../../test/people.js';
import { movingClock } from '../../test/moving-clock.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';

/** The scheduler's time, shared by both processes; the tests move it. */
const { clock, at, advance } = movingClock('2031-03-01T12:00:00.000Z');

let t: TestApp;
/** A second server process on the same database. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  other = await buildApp(t.config, { logger: false, clock });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Schedule = {
  _id: string;
  status: string;
  note: string;
  startVersion: number | null;
  personName: string;
};
const add = async (body: object) => {
  const res = await t.request({ method: 'POST', url: s.add.path, payload: body });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json<{ data: Schedule }>().data;
};
const schedule = async (id: string) =>
  (await t.request({ url: s.list.path })).json<{ data: Schedule[] }>().data.find((x) => x._id === id)!;
const settings = async () =>
  (await t.request({ url: r.get.path })).json<{ data: Record<string, unknown> }>().data;
const launch = async () =>
  (await t.app.inject({ url: r.loadCheck.path, headers: { 'api-key': TEST_API_KEY } })).json<{
    data: { controller: Record<string, unknown> };
  }>().data.controller;
const runDue = () => t.app.streamdesk.context.jobs.runDue();
const newestVersion = async () =>
  (await t.request({ url: v.list.path })).json<{
    data: { n: number; source: string; personName: string }[];
  }>().data[0];
const entries = (label: string) =>
  t.app.streamdesk.context.db
    .selectFrom('activity_log')
    .selectAll()
    .where('label', 'like', `${label}%`)
    .execute();

describe('scheduled controller changes', () => {
  it('applies the changes at the start as a version by schedule, and puts them back at the end', async () => {
    const made = await add({
      changes: { maintenance: true, storyAdsPosition: 6 },
      startAt: at(60),
      endAt: at(120),
    });
    expect(made).toEqual(
      expect.objectContaining({ status: 'upcoming', personName: 'admin', startVersion: null }),
    );
    expect(await launch()).toEqual(controllerDefaults); // cached now

    advance(61);
    await runDue();
    expect(await settings()).toEqual(expect.objectContaining({ maintenance: true, storyAdsPosition: 6 }));
    expect(await launch()).toEqual(expect.objectContaining({ maintenance: true, storyAdsPosition: 6 }));
    const started = await schedule(made._id);
    expect(started.status).toBe('active');
    expect(await newestVersion()).toEqual(
      expect.objectContaining({ n: started.startVersion, source: 'schedule', personName: 'admin' }),
    );
    const [entry] = await entries('controller: by schedule, Maintenance Mode');
    expect(entry).toEqual(
      expect.objectContaining({ role: 'by schedule', person_name: 'admin', feature: 'controller' }),
    );

    advance(60);
    await runDue();
    expect(await settings()).toEqual(expect.objectContaining({ maintenance: false, storyAdsPosition: 3 }));
    expect(await launch()).toEqual(controllerDefaults);
    expect(await schedule(made._id)).toEqual(expect.objectContaining({ status: 'done', note: '' }));
    expect(
      await entries('controller: by schedule, end, back to before: Maintenance Mode, Story Ads Position'),
    ).toHaveLength(1);
  });

  it('leaves a key someone changed in between alone at the end, and the log says so', async () => {
    const made = await add({
      changes: { maintenance: true, searchText: 'Match night' },
      startAt: at(10),
      endAt: at(20),
    });
    advance(11);
    await runDue();
    const put = await t.request({
      method: 'PUT',
      url: r.text.path,
      payload: { field: 'searchText', url: 'Changed by hand' },
    });
    expect(put.statusCode).toBe(200);
    advance(10);
    await runDue();
    expect(await settings()).toEqual(
      expect.objectContaining({ maintenance: false, searchText: 'Changed by hand' }),
    );
    expect(await schedule(made._id)).toEqual(
      expect.objectContaining({
        status: 'done',
        note: 'Left alone at the end (changed since the start): Search Text',
      }),
    );
    const [entry] = await entries('controller: by schedule, end, back to before: Maintenance Mode;');
    expect(entry!.label).toContain('left alone (changed since the start): Search Text');
  });

  it('runs a due job once with two processes taking due work at the same moment', async () => {
    const before = (await newestVersion())!.n;
    const made = await add({ changes: { reels: false }, startAt: at(5) });
    advance(6);
    const taken = await Promise.all([runDue(), other.streamdesk.context.jobs.runDue(), runDue()]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await schedule(made._id)).toEqual(expect.objectContaining({ status: 'done' }));
    expect((await newestVersion())!.n).toBe(before + 1);
    expect(await entries('controller: by schedule, Reels')).toHaveLength(1);
    // The other process serves the change from its own cache, as after any write.
    await expect
      .poll(
        async () =>
          (await other.inject({ url: r.loadCheck.path, headers: { 'api-key': TEST_API_KEY } })).json<{
            data: { controller: { reels: boolean } };
          }>().data.controller.reels,
        { timeout: 3000, interval: 100 },
      )
      .toBe(false);
  });

  it('applies the changes due at one time as one version, each with its entry and what it replaced', async () => {
    const before = (await newestVersion())!.n;
    const one = await add({ changes: { payee_name: 'Kick-off', ntvTiming: 8 }, startAt: at(10) });
    const two = await add({ changes: { payee_name: 'Full time' }, startAt: at(10), endAt: at(20) });
    const three = await add({ changes: { webPosition: 12 }, startAt: at(10) });
    advance(11);
    await runDue();
    expect((await newestVersion())!.n).toBe(before + 1);
    for (const made of [one, two, three]) expect((await schedule(made._id)).startVersion).toBe(before + 1);
    expect(await entries('controller: by schedule, Payee Name, NTV Timer')).toHaveLength(1);
    expect(await entries('controller: by schedule, Web Position')).toHaveLength(1);
    const [entryOfTwo] = await entries('controller: by schedule, Payee Name');
    expect(entryOfTwo).toEqual(expect.objectContaining({ role: 'by schedule', person_name: 'admin' }));

    // Jobs due at one time run in id order; each replaces what the one before it left, as one by one.
    const rows = await t.app.streamdesk.context.db
      .selectFrom('controller_schedules')
      .select(['id', 'start_job', 'before'])
      .where('id', 'in', [one._id, two._id])
      .execute();
    const [first, second] = rows.sort((a, b) => a.start_job.localeCompare(b.start_job));
    const valueOf = (id: string) => (id === one._id ? 'Kick-off' : 'Full time');
    expect(JSON.parse(first!.before!)).toEqual(expect.objectContaining({ payee_name: '' }));
    expect(JSON.parse(second!.before!)).toEqual(expect.objectContaining({ payee_name: valueOf(first!.id) }));
    expect(await settings()).toEqual(
      expect.objectContaining({ payee_name: valueOf(second!.id), ntvTiming: 8, webPosition: 12 }),
    );

    // Its end puts back what its own start replaced (the other's value) or, changed since, leaves it.
    advance(10);
    await runDue();
    expect((await settings()).payee_name).toBe('Kick-off');
  });

  it('at start-up runs work missed while down within the grace period, and marks older work missed', async () => {
    const tooLate = await add({ changes: { liveMatch: false }, startAt: at(30) });
    const late = await add({ changes: { storyVideo: false }, startAt: at(40), endAt: at(50) });
    await other.close();
    await t.app.streamdesk.context.jobs.stop(); // both processes down
    advance(935); // the first is 15 min 5 s late, the second 14 min 55 s (its end 14 min 45 s)
    // A process starting now takes what came due while none ran.
    other = await buildApp(t.config, { logger: false, clock });
    await other.ready();
    await other.streamdesk.context.jobs.runDue();
    expect(await schedule(tooLate._id)).toEqual(
      expect.objectContaining({ status: 'missed', note: expect.stringContaining('no server was running') }),
    );
    expect(await schedule(late._id)).toEqual(expect.objectContaining({ status: 'done' }));
    expect(await entries('controller: by schedule, Story Video')).toHaveLength(1);
    expect(await entries('controller: by schedule, end, back to before: Story Video')).toHaveLength(1);
    expect(await settings()).toEqual(expect.objectContaining({ liveMatch: true, storyVideo: true }));
    t.app.streamdesk.context.jobs.start();
  });

  it('edits and cancels an upcoming change, and refuses both once it has started', async () => {
    const made = await add({ changes: { hidden_module: true }, startAt: at(100) });
    const edited = await t.request({
      method: 'PUT',
      url: `${s.add.path}/${made._id}`,
      payload: { changes: { hidden_module: true, exclusive_module: true }, startAt: at(200), endAt: at(300) },
    });
    expect(edited.json()).toEqual(
      expect.objectContaining({
        message: 'Scheduled change updated',
        data: expect.objectContaining({
          changes: { hidden_module: true, exclusive_module: true },
          endAt: at(300),
        }),
      }),
    );
    advance(150);
    await runDue();
    expect((await settings()).hidden_module).toBe(false); // moved to 200 s
    const cancelled = await t.request({ method: 'DELETE', url: `${s.add.path}/${made._id}` });
    expect(cancelled.json()).toEqual(
      expect.objectContaining({ data: expect.objectContaining({ status: 'cancelled' }) }),
    );
    advance(200);
    await runDue();
    expect((await settings()).hidden_module).toBe(false);
    const again = await t.request({ method: 'DELETE', url: `${s.add.path}/${made._id}` });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      errorBody('Only an upcoming scheduled change can be edited or cancelled'),
    ]);
    const missing = await t.request({ method: 'DELETE', url: `${s.add.path}/nope` });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad changes and times with a message naming the problem, and storing nothing', async () => {
    const cases: [object, string | RegExp][] = [
      [{ changes: {}, startAt: at(60) }, 'changes must name at least one setting'],
      [{ changes: { nope: 1 }, startAt: at(60) }, 'nope is not a controller setting'],
      [{ changes: { maintenance: 'yes' }, startAt: at(60) }, 'maintenance must be true or false'],
      [{ changes: { storyAdsPosition: 12 }, startAt: at(60) }, 'Ending position max 10'],
      [
        { changes: { afterSplaceAds: 'REWARD' }, startAt: at(60) },
        /REWARD is not allowed for afterSplaceAds/,
      ],
      [{ changes: { reels: true }, startAt: 'tomorrow' }, /startAt must be an ISO time/],
      [{ changes: { reels: true }, startAt: at(60), endAt: at(30) }, /endAt must be after startAt/],
      [{ changes: { reels: true }, startAt: at(-5) }, 'startAt must be in the future'],
    ];
    const count = (await t.request({ url: s.list.path })).json<{ data: unknown[] }>().data.length;
    for (const [body, message] of cases) {
      const res = await t.request({ method: 'POST', url: s.add.path, payload: body });
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await t.request({ url: s.list.path })).json<{ data: unknown[] }>().data).toHaveLength(count);
  });

  it('lets editors see the schedules but not add one', async () => {
    const editor = await signInAs(t, 'editor');
    expect((await t.request({ url: s.list.path, headers: bearer(editor.token) })).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: s.add.path,
      headers: bearer(editor.token),
      payload: { changes: { reels: true }, startAt: at(60) },
    });
    expect(res.statusCode).toBe(403);
  });
});
