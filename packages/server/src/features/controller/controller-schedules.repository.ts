import type { AppDb } from '../../platform/db/database.js';
import { personNameOf } from '../../platform/activity/activity-log.repository.js';

export interface ControllerScheduleTables {
  controller_schedules: {
    id: string;
    /** JSON: { setting: value }. */
    changes: string;
    start_at: string;
    end_at: string | null;
    status: string;
    person_id: string | null;
    created_at: string;
    start_job: string;
    end_job: string | null;
    /** JSON: the changed settings' values just before the start. */
    before: string | null;
    start_version: number | null;
    note: string;
  };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends ControllerScheduleTables {}
}

export type ScheduleRow = ControllerScheduleTables['controller_schedules'];

const PAST_SHOWN = 200;

export const insertSchedule = (db: AppDb, row: ScheduleRow) =>
  db.insertInto('controller_schedules').values(row).execute();

export const findSchedule = (db: AppDb, id: string) =>
  db.selectFrom('controller_schedules').selectAll().where('id', '=', id).executeTakeFirst();

export const findSchedules = (db: AppDb, ids: string[]) =>
  db.selectFrom('controller_schedules').selectAll().where('id', 'in', ids).execute();

export const updateSchedule = (db: AppDb, id: string, values: Partial<Omit<ScheduleRow, 'id'>>) =>
  db.updateTable('controller_schedules').set(values).where('id', '=', id).execute();

const withName = (db: AppDb) =>
  db
    .selectFrom('controller_schedules')
    .selectAll()
    .select((eb) => personNameOf(eb.ref('controller_schedules.person_id')).as('person_name'));

/** Upcoming and active ones, soonest first; then the latest past ones, newest first. */
export async function listSchedules(db: AppDb) {
  const [coming, past] = await Promise.all([
    withName(db).where('status', 'in', ['upcoming', 'active']).orderBy('start_at').execute(),
    withName(db)
      .where('status', 'not in', ['upcoming', 'active'])
      .orderBy('start_at', 'desc')
      .limit(PAST_SHOWN)
      .execute(),
  ]);
  return [...coming, ...past];
}
