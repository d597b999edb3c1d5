import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { movingClock } from '../../test/moving-clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { DueJob, Scheduler } from './scheduler.js';

/** The scheduler's time, shared by both processes; the tests move it. */
const { clock, at, advance } = movingClock('2032-05-01T18:00:00.000Z');

let t: TestApp;
/** A second server process on the same database. */
let other: FastifyInstance;
const jobsOf = (app: FastifyInstance): Scheduler => app.streamdesk.context.jobs;

/** What the test handlers did, in the order they did it. */
const ran: string[] = [];
/** How many jobs were running at once, at most. */
let running = 0;
let mostAtOnce = 0;
const lanePayload = (job: DueJob) => job.payload as { lane: string; n: number };

/** The same handlers in both processes: `test-lane` jobs run in their payload's lane, `test-feature` in the feature's. */
function handleTestJobs(jobs: Scheduler) {
  const run = async (job: DueJob) => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    // A write of the job's own, as a handler's is: holds its connection for a moment.
    await new Promise((resolve) => setTimeout(resolve, 2));
    ran.push(`${lanePayload(job).lane}:${lanePayload(job).n}`);
    running--;
  };
  jobs.handle('test-lane:run', { run, lane: (job) => lanePayload(job).lane });
  jobs.handle('test-feature:run', { run });
  // Run together when due at one time; a group holding a 'bad' job fails whole, and its run alone fails.
  jobs.handle('test-together:run', {
    run: async (job) => {
      if (lanePayload(job).lane === 'bad') throw new Error('a bad job');
      await run(job);
    },
    runTogether: async (group) => {
      groups.push(group.map((job) => lanePayload(job).n));
      if (group.some((job) => lanePayload(job).lane === 'bad')) throw new Error('a bad job in the group');
      for (const job of group) ran.push(`${lanePayload(job).lane}:${lanePayload(job).n}`);
    },
  });
}
/** The groups `runTogether` was given (each job's n). */
const groups: number[][] = [];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  other = await buildApp(t.config, { logger: false, clock });
  await other.ready();
  for (const app of [t.app, other]) {
    // The tests take due work themselves, at the moments they choose.
    await jobsOf(app).stop();
    handleTestJobs(jobsOf(app));
  }
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const addJobs = async (kind: string, lanes: string[], perLane: number, dueIn: number) => {
  const jobs = jobsOf(t.app);
  // Added in lane order but due in the reverse: each lane's jobs must still run in due order.
  for (const lane of lanes)
    for (let n = perLane; n >= 1; n--)
      await jobs.add({
        kind,
        runAt: new Date(Date.parse(at(dueIn)) + n),
        payload: { lane, n },
        personId: null,
      });
};

describe('scheduler: batches and lanes', { timeout: 60_000 }, () => {
  it("runs each lane's jobs in due order, and lanes side by side on PostgreSQL", async () => {
    ran.length = 0;
    mostAtOnce = 0;
    const lanes = ['a', 'b', 'c', 'd', 'e', 'f'];
    await addJobs('test-lane:run', lanes, 5, 10);
    advance(11);
    expect(await jobsOf(t.app).runDue()).toBe(30);
    for (const lane of lanes)
      expect(ran.filter((r) => r.startsWith(`${lane}:`))).toEqual([1, 2, 3, 4, 5].map((n) => `${lane}:${n}`));
    // SQLite has one connection: one job at a time there.
    if (t.config.databaseUrl) expect(mostAtOnce).toBeGreaterThan(1);
    else expect(mostAtOnce).toBe(1);
  });

  it("runs a feature's jobs one after another when its handler names no lane", async () => {
    ran.length = 0;
    mostAtOnce = 0;
    await addJobs('test-feature:run', ['x', 'y'], 4, 10);
    advance(11);
    expect(await jobsOf(t.app).runDue()).toBe(8);
    expect(mostAtOnce).toBe(1);
    // One lane, the feature's: all in due order (each job's n is its due order within its lane).
    const due = (r: string) => Number(r.split(':')[1]);
    expect(ran.map(due)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('takes more than a batch in one pass, each job once, with two processes taking due work at once', async () => {
    ran.length = 0;
    const lanes = Array.from({ length: 450 }, (_, i) => `m${i}`);
    await addJobs('test-lane:run', lanes, 1, 10);
    advance(11);
    const taken = await Promise.all([jobsOf(t.app).runDue(), jobsOf(other).runDue()]);
    expect(taken[0] + taken[1]).toBe(450);
    expect(new Set(ran).size).toBe(450);
    expect(ran).toHaveLength(450);
  });

  it('runs jobs of one kind due at one time together, and one by one when the group fails', async () => {
    ran.length = 0;
    groups.length = 0;
    const jobs = jobsOf(t.app);
    const add = (lane: string, n: number, dueIn: number) =>
      jobs.add({
        kind: 'test-together:run',
        runAt: new Date(at(dueIn)),
        payload: { lane, n },
        personId: null,
      });
    const ids = [await add('good', 1, 10), await add('good', 2, 10), await add('good', 3, 11)];
    advance(12);
    expect(await jobs.runDue()).toBe(3);
    // Due at one time: one group; the job due a second later is on its own (run, not runTogether).
    expect(groups.map((g) => [...g].sort())).toEqual([[1, 2]]);
    expect([...ran].sort()).toEqual(['good:1', 'good:2', 'good:3']);
    for (const id of ids) expect((await jobs.find(id))?.status).toBe('done');

    ran.length = 0;
    groups.length = 0;
    const good = await add('good', 4, 10);
    const bad = await add('bad', 5, 10);
    advance(11);
    expect(await jobs.runDue()).toBe(2);
    expect(groups).toHaveLength(1);
    expect(ran).toEqual(['good:4']);
    expect((await jobs.find(good))?.status).toBe('done');
    expect(await jobs.find(bad)).toEqual(expect.objectContaining({ status: 'failed', note: 'a bad job' }));
  });

  it('leaves a job moved to a later time for then', async () => {
    ran.length = 0;
    const jobs = jobsOf(t.app);
    const id = await jobs.add({
      kind: 'test-feature:run',
      runAt: new Date(at(5)),
      payload: { lane: 'late', n: 1 },
      personId: null,
    });
    expect(await jobs.move(id, new Date(at(60)))).toBe(true);
    advance(6);
    expect(await jobs.runDue()).toBe(0);
    advance(60);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual(['late:1']);
  });
});
