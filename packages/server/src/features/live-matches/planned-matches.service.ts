import { liveMatchMessages } from '@streamdesk/contract/live-matches';
import { currentActor, type RouteActivity } from '../../platform/activity/activity-recorder.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import { badRequest } from '../../platform/errors.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import { bySchedules } from '../../platform/jobs/by-schedule.js';
import type { DueJob } from '../../platform/jobs/scheduler.js';
import { LIVE_TAGS, type LiveMatchesDeps } from './live-matches.common.js';
import * as repo from './live-matches.repository.js';

const KINDS = { start: 'live-match:planned-start', end: 'live-match:planned-end' } as const;
type Edge = keyof typeof KINDS;
const COLUMNS = {
  start: { time: 'planned_start', job: 'start_job', field: 'plannedStart', status: 1, word: 'active' },
  end: { time: 'planned_end', job: 'end_job', field: 'plannedEnd', status: 0, word: 'inactive' },
} as const;

/** The planned times as sent: a time, null to clear it, undefined to leave it as it is (an edit). */
export interface PlannedTimes {
  plannedStart?: string | null | undefined;
  plannedEnd?: string | null | undefined;
}

/**
 * Planned live matches (issue 34; docs/decisions/0038-send-later-and-planned-matches.md): a match turns
 * active at its planned start and inactive at its planned end by itself, each a job of the scheduler run
 * as a status write of the person who planned it, "by schedule". A job whose match is gone (deleted, in
 * the trash) or whose time was changed since (the match names another job) does nothing.
 */
export function createPlannedMatches(
  ctx: Pick<FeatureContext, 'app' | 'jobs'>,
  deps: Pick<LiveMatchesDeps, 'db' | 'cache' | 'locks'>,
) {
  const { jobs } = ctx;
  const { db, cache, locks } = deps;
  const idOf = (job: DueJob) => (job.payload as { id: string }).id;

  /**
   * Turns the matches of jobs of one edge due at one time active or inactive in one write (0033, "Due at
   * one time"): each job's entry for the person who planned it, as a status write of that match made by
   * hand; a job whose match is gone or names another job (its time changed since) does nothing.
   */
  const runEdge = (edge: Edge, group: DueJob[]) => {
    const c = COLUMNS[edge];
    const ids = group.map(idOf);
    return bySchedules(ctx.app, group, () =>
      locks.run('live_matches', ids, async () => {
        const rows = new Map((await repo.findLiveMatches(db, ids)).map((row) => [row.id, row]));
        const turned: string[] = [];
        const parts = group.map((job) => {
          const row = rows.get(idOf(job));
          const route = (label: string): RouteActivity => ({
            action: 'status',
            feature: 'live-matches',
            itemIds: [idOf(job)],
            label,
          });
          if (row?.[c.job] !== job.id)
            return {
              job,
              route: route(`live match #${idOf(job)}: planned ${edge} no longer planned`),
              notes: [],
            };
          turned.push(row.id);
          const label = `${itemLabel('live-matches', row, row.id)}: ${c.word} by schedule (planned ${edge})`;
          const note = {
            itemId: row.id,
            before: { status: row.status },
            after: { status: c.status },
            merge: true,
          };
          return { job, route: route(label), notes: [note] };
        });
        if (turned.length) {
          await repo.setStatuses(db, turned, c.status);
          cache.invalidate(LIVE_TAGS.matches);
        }
        return parts;
      }),
    );
  };

  for (const edge of ['start', 'end'] as const) {
    const c = COLUMNS[edge];
    jobs.handle(KINDS[edge], {
      // One lane for every match's planned times: a match's start and end run in due order, and the
      // edges due at one time run together (10,000 due at once: bench/notes/schedules.md).
      run: (job) => runEdge(edge, [job]),
      runTogether: (group) => runEdge(edge, group),
      async missed(job) {
        const row = await repo.findLiveMatch(db, idOf(job));
        if (row?.[c.job] !== job.id) return;
        await repo.updatePlan(db, row.id, {
          planned_note: `Missed: its planned ${edge} came due while no server was running, too long ago; the status was left as it was`,
        });
      },
    });
  }

  /** The job of one planned time: kept, moved, cancelled or added. */
  async function planEdge(
    edge: Edge,
    id: string,
    next: string | null | undefined,
    before: repo.LiveMatchRow | undefined,
  ): Promise<{ time: string | null; job: string | null }> {
    const c = COLUMNS[edge];
    const time = before?.[c.time] ?? null;
    const job = before?.[c.job] ?? null;
    if (next === undefined || next === time) return { time, job };
    if (next !== null && Date.parse(next) <= jobs.now().getTime())
      throw badRequest(liveMatchMessages.plannedPast(c.field));
    if (job && next !== null && (await jobs.move(job, new Date(next)))) return { time: next, job };
    if (job) await jobs.cancel(job);
    if (next === null) return { time: null, job: null };
    const added = await jobs.add({
      kind: KINDS[edge],
      runAt: new Date(next),
      payload: { id },
      personId: currentActor()?.personId ?? null,
    });
    return { time: next, job: added };
  }

  return {
    /**
     * The plan's columns for an add (no `before`) or an edit, its jobs added, moved or cancelled in the
     * write's transaction. A changed time must be in the future; one left as it was is not checked again.
     */
    async plan(id: string, times: PlannedTimes, before?: repo.LiveMatchRow) {
      const start = await planEdge('start', id, times.plannedStart, before);
      const end = await planEdge('end', id, times.plannedEnd, before);
      if (start.time && end.time && end.time <= start.time)
        throw badRequest(liveMatchMessages.plannedEndBeforeStart);
      const changed =
        start.time !== (before?.planned_start ?? null) || end.time !== (before?.planned_end ?? null);
      return {
        planned_start: start.time,
        planned_end: end.time,
        start_job: start.job,
        end_job: end.job,
        planned_note: changed ? '' : (before?.planned_note ?? ''),
      };
    },
  };
}

export type PlannedMatches = ReturnType<typeof createPlannedMatches>;
