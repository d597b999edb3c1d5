import type { ActivityRow } from '../../platform/activity/activity-log.repository.js';
import type { ApiCall } from '../../test/api-calls.js';
import { routeMethods } from '../../test/routes.js';
import { storyData } from '../../test/walk-records.js';
import { TEST_ADMIN, type TestApp } from '../../test/test-app.js';

/** In the order they were written (by time; PostgreSQL returns an unordered read in no set order). */
const allEntries = (t: TestApp): Promise<ActivityRow[]> =>
  t.app.streamdesk.context.db
    .selectFrom('activity_log')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The ids of the entries stored now. */
export const entryIds = async (t: TestApp): Promise<Set<string>> =>
  new Set((await allEntries(t)).map((e) => e.id));

/** The entries stored since `before` was taken (ids within one second are not ordered). */
export const entriesAfter = async (t: TestApp, before: Set<string>): Promise<ActivityRow[]> =>
  (await allEntries(t)).filter((e) => !before.has(e.id));

export const adminId = async (t: TestApp): Promise<string> =>
  (
    await t.app.streamdesk.context.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow()
  ).id;

/** The feature the route `METHOD /path` declares. */
export const featureOf = (t: TestApp, route: string) => {
  const [method, url] = route.split(' ');
  return t.app.streamdesk.routes.find(
    (r) => r.url === url && routeMethods(r).includes(method as typeof r.method & string),
  )?.config?.feature;
};

/** A story edit through the API. */
export const storyEdit = (id: string, changes: Parameters<typeof storyData>[0]): ApiCall => ({
  method: 'PUT',
  url: '/api/App/Edit/story/video',
  fields: { _id: JSON.stringify(id), insertData: storyData(changes) },
});
