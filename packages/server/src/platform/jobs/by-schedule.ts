import type { FastifyInstance } from 'fastify';
import type { Actor, ActivityPart, RouteActivity } from '../activity/activity-recorder.js';
import type { DueJob } from './scheduler.js';

/**
 * Runs a job's work as a back-office write of the person who scheduled it, recorded "by schedule": one
 * transaction with its activity entry, as the route of a write made by hand would be
 * (docs/decisions/0033-scheduler.md).
 */
export function bySchedule<T>(
  app: FastifyInstance,
  job: DueJob,
  route: (result: T) => RouteActivity,
  work: () => Promise<T>,
): Promise<T> {
  return recorderOf(app).record(scheduledBy(job.personId), route, work);
}

const scheduledBy = (personId: string | null): Actor => ({
  personId,
  role: 'by schedule',
  ip: '',
  userAgent: 'scheduler',
});

function recorderOf(app: FastifyInstance) {
  const recorder = app.activityLog;
  if (!recorder) throw new Error('scheduled writes need the activity recorder');
  return recorder;
}

/**
 * Runs the work of jobs due at one time as one write (Scheduler's `runTogether`), each job's entry for
 * the person who scheduled it: `work` returns each job's route and notes. What the write makes itself (a
 * version) names the person when all were scheduled by one, else nobody.
 */
export async function bySchedules(
  app: FastifyInstance,
  jobs: DueJob[],
  work: () => Promise<Array<{ job: DueJob } & Omit<ActivityPart, 'actor'>>>,
): Promise<void> {
  const people = new Set(jobs.map((job) => job.personId));
  const one = people.size === 1 ? jobs[0]!.personId : null;
  await recorderOf(app).recordTogether(scheduledBy(one), async () =>
    (await work()).map(({ job, route, notes }) => ({ actor: scheduledBy(job.personId), route, notes })),
  );
}
