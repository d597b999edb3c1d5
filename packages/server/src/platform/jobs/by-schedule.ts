import type { FastifyInstance } from 'fastify';
import type { Actor, RouteActivity } from '../activity/activity-recorder.js';
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
  const recorder = app.activityLog;
  if (!recorder) throw new Error('scheduled writes need the activity recorder');
  const actor: Actor = { personId: job.personId, role: 'by schedule', ip: '', userAgent: 'scheduler' };
  return recorder.record(actor, route, work);
}
