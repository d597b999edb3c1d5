import {
  scheduleMessages,
  type ControllerSchedule,
  type ScheduleInput,
  type ScheduleStatus,
} from '@streamdesk/contract/controller-schedules';
import { settingList, type ControllerSettings, type SettingName } from '@streamdesk/contract/controller';
import { currentActor } from '../../platform/activity/activity-recorder.js';
import { newId } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import { bySchedule, bySchedules } from '../../platform/jobs/by-schedule.js';
import type { DueJob } from '../../platform/jobs/scheduler.js';
import * as repo from './controller-schedules.repository.js';
import { CONTROLLER_ITEM, type ControllerService } from './controller.service.js';

const START = 'controller-schedule:start';
const END = 'controller-schedule:end';

type Values = Partial<ControllerSettings>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const scheduleOf = (row: repo.ScheduleRow & { person_name: string }): ControllerSchedule => ({
  _id: row.id,
  changes: JSON.parse(row.changes) as Record<string, unknown>,
  startAt: row.start_at,
  endAt: row.end_at,
  status: row.status as ScheduleStatus,
  personName: row.person_name,
  createdAt: row.created_at,
  startVersion: row.start_version,
  note: row.note,
});

/**
 * Scheduled controller changes (docs/decisions/0033-scheduler.md). The start and the end are jobs of the
 * scheduler; each runs as a back-office write of the person who scheduled it, "by schedule": one
 * transaction with its version and its activity entry, and the controller's cache invalidated.
 */
export function createControllerSchedules(
  ctx: Pick<FeatureContext, 'db' | 'jobs' | 'app'>,
  controller: ControllerService,
) {
  const { db, jobs } = ctx;

  async function read(id: string): Promise<ControllerSchedule> {
    const row = (await repo.listSchedules(db)).find((r) => r.id === id);
    if (!row) throw notFound(scheduleMessages.notFound);
    return scheduleOf(row);
  }

  async function upcoming(id: string): Promise<repo.ScheduleRow> {
    const row = await repo.findSchedule(db, id);
    if (!row) throw notFound(scheduleMessages.notFound);
    if (row.status !== 'upcoming') throw conflict(scheduleMessages.notUpcoming);
    return row;
  }

  function checkTimes(input: ScheduleInput): void {
    if (Date.parse(input.startAt) <= jobs.now().getTime()) throw badRequest(scheduleMessages.startPast);
  }

  const entry = (label: string) => ({
    action: 'update' as const,
    feature: 'controller' as const,
    itemIds: [CONTROLLER_ITEM],
    label,
  });
  /** Runs a start or an end as a write of the person who scheduled it, recorded "by schedule". */
  const asScheduler = (job: DueJob, work: () => Promise<string>): Promise<string> =>
    bySchedule(ctx.app, job, entry, work);

  const idOf = (job: DueJob) => (job.payload as { id: string }).id;
  /** The settings of a change as the Controller screen labels them (the entry's label, the note). */
  const names = (values: object) => settingList(Object.keys(values));

  const NOT_UPCOMING = 'controller: scheduled change no longer upcoming';
  /** A start's changes made on `current`: the values they replace, and the entry's label. */
  const startOf = (row: repo.ScheduleRow, current: Values) => {
    const changes = JSON.parse(row.changes) as Values;
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as SettingName]]));
    return { changes, before, label: `controller: by schedule, ${names(changes)}` };
  };
  const started = (row: repo.ScheduleRow, before: Values, n: number | undefined) =>
    repo.updateSchedule(db, row.id, {
      status: row.end_at ? 'active' : 'done',
      before: JSON.stringify(before),
      start_version: n ?? null,
    });

  jobs.handle(START, {
    run: (job) =>
      asScheduler(job, async () => {
        const row = await repo.findSchedule(db, idOf(job));
        if (row?.status !== 'upcoming') return NOT_UPCOMING;
        const start = startOf(row, await controller.readStored());
        const n = await controller.writeBySchedule(start.changes, start.label);
        await started(row, start.before, n);
        return start.label;
      }),
    /**
     * The starts due at one time make one version (0033, "Due at one time"): each is applied in due order
     * on the values the ones before it left, so each keeps what it replaced for its end, and each has its
     * own activity entry; the settings, the version and the caches are written once.
     */
    runTogether: (group) =>
      bySchedules(ctx.app, group, async () => {
        const rows = new Map((await repo.findSchedules(db, group.map(idOf))).map((row) => [row.id, row]));
        let current: Values = await controller.readStored();
        const changed: Values = {};
        const applied: Array<{ row: repo.ScheduleRow; before: Values }> = [];
        const parts = group.map((job) => {
          const row = rows.get(idOf(job));
          if (row?.status !== 'upcoming') return { job, route: entry(NOT_UPCOMING), notes: [] };
          const start = startOf(row, current);
          current = { ...current, ...start.changes };
          Object.assign(changed, start.changes);
          applied.push({ row, before: start.before });
          const note = { itemId: CONTROLLER_ITEM, before: start.before, after: start.changes };
          return { job, route: entry(start.label), notes: [{ ...note, action: 'update' as const }] };
        });
        if (applied.length) {
          const n = await controller.writeBySchedule(changed, `controller: by schedule, ${names(changed)}`);
          for (const { row, before } of applied) await started(row, before, n);
        }
        return parts;
      }),
    async missed(job) {
      const row = await repo.findSchedule(db, idOf(job));
      if (row?.status !== 'upcoming') return;
      if (row.end_job) await jobs.cancel(row.end_job);
      await repo.updateSchedule(db, row.id, {
        status: 'missed',
        note: 'Not applied: no server was running at its start, and it came due too long ago',
      });
    },
  });

  jobs.handle(END, {
    run: (job) =>
      asScheduler(job, async () => {
        const row = await repo.findSchedule(db, idOf(job));
        if (row?.status !== 'active') return 'controller: scheduled change not active at its end';
        const changes = JSON.parse(row.changes) as Values;
        const before = JSON.parse(row.before ?? '{}') as Values;
        const stored = await controller.readStored();
        const back: Values = {};
        const left: string[] = [];
        for (const [key, value] of Object.entries(changes)) {
          if (same(stored[key as SettingName], value))
            Object.assign(back, { [key]: before[key as SettingName] });
          else left.push(key);
        }
        const note = left.length
          ? `Left alone at the end (changed since the start): ${settingList(left)}`
          : '';
        const label = [
          Object.keys(back).length ? `controller: by schedule, end, back to before: ${names(back)}` : '',
          left.length
            ? `controller: by schedule, end, left alone (changed since the start): ${settingList(left)}`
            : '',
        ]
          .filter(Boolean)
          .join('; ');
        if (Object.keys(back).length) await controller.writeBySchedule(back, label);
        await repo.updateSchedule(db, row.id, { status: 'done', note });
        return label;
      }),
    async missed(job) {
      const row = await repo.findSchedule(db, idOf(job));
      if (row?.status !== 'active') return;
      await repo.updateSchedule(db, row.id, {
        status: 'missed',
        note: 'Its end came due while no server was running, too long ago: the values were left as they are',
      });
    },
  });

  return {
    async list(): Promise<ControllerSchedule[]> {
      return (await repo.listSchedules(db)).map(scheduleOf);
    },

    async add(input: ScheduleInput): Promise<ControllerSchedule> {
      checkTimes(input);
      const id = newId();
      const personId = currentActor()?.personId ?? null;
      const startJob = await jobs.add({
        kind: START,
        runAt: new Date(input.startAt),
        payload: { id },
        personId,
      });
      const endJob = input.endAt
        ? await jobs.add({ kind: END, runAt: new Date(input.endAt), payload: { id }, personId })
        : null;
      await repo.insertSchedule(db, {
        id,
        changes: JSON.stringify(input.changes),
        start_at: input.startAt,
        end_at: input.endAt ?? null,
        status: 'upcoming',
        person_id: personId,
        created_at: jobs.now().toISOString(),
        start_job: startJob,
        end_job: endJob,
        before: null,
        start_version: null,
        note: '',
      });
      return read(id);
    },

    async update(id: string, input: ScheduleInput): Promise<ControllerSchedule> {
      const row = await upcoming(id);
      checkTimes(input);
      const personId = currentActor()?.personId ?? null;
      if (!(await jobs.move(row.start_job, new Date(input.startAt))))
        throw conflict(scheduleMessages.notUpcoming);
      if (row.end_job) await jobs.cancel(row.end_job);
      const endJob = input.endAt
        ? await jobs.add({ kind: END, runAt: new Date(input.endAt), payload: { id }, personId })
        : null;
      await repo.updateSchedule(db, id, {
        changes: JSON.stringify(input.changes),
        start_at: input.startAt,
        end_at: input.endAt ?? null,
        end_job: endJob,
      });
      return read(id);
    },

    async cancel(id: string): Promise<ControllerSchedule> {
      const row = await upcoming(id);
      if (!(await jobs.cancel(row.start_job))) throw conflict(scheduleMessages.notUpcoming);
      if (row.end_job) await jobs.cancel(row.end_job);
      await repo.updateSchedule(db, id, { status: 'cancelled' });
      return read(id);
    },
  };
}
