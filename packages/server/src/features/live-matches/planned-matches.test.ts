import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMatchRoutes as routes, type LiveMatch } from '@streamdesk/contract/live-matches';
import { form, PNG } from '../../test/media-fixtures.js';
import { movingClock } from '../../test/moving-clock.js';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';

/** Planned live matches (issue 34): the scheduler's time is the test's. */
const { clock, at, advance } = movingClock('2031-06-01T13:00:00.000Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const png = { field: 'image', name: 'match.png', data: PNG, type: 'image/png' };
const add = (fields: Record<string, string>) =>
  t.request({ method: 'POST', url: routes.add.path, payload: form(fields, [png]) });
const addMatch = async (fields: Record<string, string>) => {
  const res = await add({ url: 'https://live.example.com/m', ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LiveMatch }>().data;
};
const edit = (fields: Record<string, string>) =>
  t.request({ method: 'PUT', url: routes.edit.path, payload: form(fields, []) });
const match = async (id: string) =>
  (await t.request({ url: `${routes.list.path}?limit=1000` }))
    .json<{ data: LiveMatch[] }>()
    .data.find((m) => m._id === id);
/** The app's read of active matches (cached as always). */
const appIds = async () =>
  (await t.app.inject({ url: routes.appList.path, headers: { 'api-key': TEST_API_KEY } }))
    .json<{ data: { _id: string }[] }>()
    .data.map((m) => m._id);
const runDue = () => t.app.streamdesk.context.jobs.runDue();
const log = (id: string) =>
  t.app.streamdesk.context.db
    .selectFrom('activity_log')
    .select(['role', 'person_name', 'action', 'label'])
    .where('item_id', '=', id)
    .where('role', '=', 'by schedule')
    .orderBy('created_at')
    .execute();

describe('planned live matches', () => {
  it('turns a match active at its planned start and inactive at its end, and the app read follows', async () => {
    const m = await addMatch({ title: 'Final', plannedStart: at(60), plannedEnd: at(120) });
    expect(m).toEqual(
      expect.objectContaining({ status: false, plannedStart: at(60), plannedEnd: at(120), plannedNote: '' }),
    );
    expect(await appIds()).not.toContain(m._id); // and now cached

    advance(61);
    await runDue();
    expect((await match(m._id))!.status).toBe(true);
    expect(await appIds()).toContain(m._id);

    advance(60);
    await runDue();
    expect((await match(m._id))!.status).toBe(false);
    expect(await appIds()).not.toContain(m._id);
    expect(await log(m._id)).toEqual([
      expect.objectContaining({
        person_name: 'admin',
        action: 'status',
        label: 'live match "Final": active by schedule (planned start)',
      }),
      expect.objectContaining({ label: 'live match "Final": inactive by schedule (planned end)' }),
    ]);
  });

  it('switches the matches planned for one time together, each with its entry; a moved plan waits', async () => {
    const made = [];
    for (const title of ['Semi 1', 'Semi 2', 'Semi 3'])
      made.push(await addMatch({ title, plannedStart: at(50) }));
    const moved = made[2]!;
    expect(
      (await edit({ _id: moved._id, title: 'Semi 3', url: moved.url, plannedStart: at(90) })).statusCode,
    ).toBe(200);
    advance(51);
    await runDue();
    expect((await match(made[0]!._id))!.status).toBe(true);
    expect((await match(made[1]!._id))!.status).toBe(true);
    expect((await match(moved._id))!.status).toBe(false);
    expect(await appIds()).toEqual(expect.arrayContaining([made[0]!._id, made[1]!._id]));
    for (const m of made.slice(0, 2)) {
      const entries = await t.app.streamdesk.context.db
        .selectFrom('activity_log')
        .select(['person_name', 'label', 'changes'])
        .where('item_id', '=', m._id)
        .where('role', '=', 'by schedule')
        .execute();
      expect(entries).toEqual([
        {
          person_name: 'admin',
          label: `live match "${m.title}": active by schedule (planned start)`,
          changes: expect.stringContaining('"status"'),
        },
      ]);
    }
    expect(await log(moved._id)).toEqual([]);
    advance(40);
    await runDue();
    expect((await match(moved._id))!.status).toBe(true);
  });

  it('an edit moves or clears the planned times; an edit that leaves them does not touch them', async () => {
    const m = await addMatch({ title: 'Semi', plannedStart: at(60), plannedEnd: at(120) });
    const moved = await edit({
      _id: m._id,
      title: 'Semi 1',
      url: m.url,
      plannedStart: at(200),
      plannedEnd: '',
    });
    expect(moved.json<{ data: LiveMatch }>().data).toEqual(
      expect.objectContaining({ title: 'Semi 1', plannedStart: at(200), plannedEnd: null }),
    );
    advance(130);
    await runDue();
    expect((await match(m._id))!.status).toBe(false); // neither the old start nor the cleared end ran

    // The edit of another field (no planned times sent) keeps the plan.
    expect((await edit({ _id: m._id, title: 'Semi one', url: m.url })).statusCode).toBe(200);
    expect((await match(m._id))!.plannedStart).toBe(at(70));
    advance(71);
    await runDue();
    expect((await match(m._id))!.status).toBe(true);
    expect(await log(m._id)).toHaveLength(1);

    const other = await addMatch({ title: 'Quarter', plannedStart: at(30) });
    expect(
      (await edit({ _id: other._id, title: 'Quarter', url: other.url, plannedStart: '' })).statusCode,
    ).toBe(200);
    advance(31);
    await runDue();
    expect(await match(other._id)).toEqual(expect.objectContaining({ status: false, plannedStart: null }));
  });

  it('refuses planned times that are past or out of order, storing nothing', async () => {
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ plannedStart: at(-1) }, 'plannedStart must be in the future'],
      [{ plannedEnd: at(-1) }, 'plannedEnd must be in the future'],
      [{ plannedStart: at(60), plannedEnd: at(30) }, /plannedEnd must be after plannedStart/],
      [{ plannedStart: 'tonight' }, /plannedStart must be an ISO time/],
    ];
    for (const [fields, message] of cases) {
      const res = await add({ title: 'Bad', url: 'https://live.example.com/b', ...fields });
      expect([JSON.stringify(fields), res.statusCode, res.json()]).toEqual([
        JSON.stringify(fields),
        400,
        errorBody(message),
      ]);
    }
    const m = await addMatch({ title: 'Later', plannedStart: at(60) });
    const res = await edit({ _id: m._id, title: 'Later', url: m.url, plannedEnd: at(30) });
    expect([res.statusCode, res.json()]).toEqual([400, errorBody('plannedEnd must be after plannedStart')]);
    expect((await match(m._id))!.plannedEnd).toBeNull();
  });

  it('a deleted match (in the trash) is not switched by its plan', async () => {
    const m = await addMatch({ title: 'Gone', plannedStart: at(20) });
    const del = await t.request({ method: 'DELETE', url: routes.remove.path, payload: { id: [m._id] } });
    expect(del.statusCode).toBe(200);
    advance(21);
    await runDue();
    expect((await log(m._id)).map((e) => e.label)).toEqual([
      `live match #${m._id}: planned start no longer planned`,
    ]);
    expect(await appIds()).not.toContain(m._id);
  });

  it('marks a planned time missed when no server ran then and it is past the grace period', async () => {
    const m = await addMatch({ title: 'Missed', plannedStart: at(30) });
    await t.app.streamdesk.context.jobs.stop();
    advance(935); // 15 min 5 s late
    await runDue();
    expect(await match(m._id)).toEqual(
      expect.objectContaining({
        status: false,
        plannedNote: expect.stringMatching(/^Missed: its planned start came due while no server was running/),
      }),
    );
    t.app.streamdesk.context.jobs.start();
  });
});
