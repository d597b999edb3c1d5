import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trashMessages, type TrashListReply } from '@streamdesk/contract/trash';
import { videoRoutes as routes, type AppVideoListReply, type Video } from '@streamdesk/contract/videos';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { form, mp4 } from '../../test/media-fixtures.js';
import { isStored } from '../../test/stored-files.js';
import { trashCalls } from '../../test/trash-calls.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { db, get, withIds, restore, purge, rollups } = trashCalls(() => t);
const remove = (...id: string[]) => withIds('DELETE', routes.remove.path, id);
const trashed = async () => (await get<TrashListReply>('/api/admin/trash?feature=videos')).data;
const library = async (category: string) =>
  (await get<{ data: Video[] }>(`/api/App/video/category/admin/${category}`)).data;
const appIds = async (category: string) =>
  (await get<AppVideoListReply>(`/api/App/video/app/category/${category}`)).data.map((v) => v._id);

const addCategory = (name: string) => storedId(t, addCall.category(name));

/** A video named `title` with 5 views, 5 of them counted on a day, as the event counter would leave it. */
async function countedVideo(category: string, title: string) {
  const res = await t.request({
    method: 'POST',
    url: routes.upload.path,
    payload: form({ category }, [{ field: 'video', name: `${title}.mp4`, data: mp4(1) }]),
  });
  const [video] = (await t.json<{ data: Video[] }>(res)).data;
  await sql`UPDATE videos SET views = 5 WHERE id = ${video!._id}`.execute(db());
  await sql`INSERT INTO event_rollups (entity_id, day, kind, entity, count)
      VALUES (${video!._id}, '2026-11-30', 'view', 'video', 5)`.execute(db());
  return (await library(category)).find((v) => v._id === video!._id)!;
}

describe('videos: a delete moves them to the trash', () => {
  it('keeps rows, counts and files, labels them by title, and restores them exactly', async () => {
    const cat = await addCategory('Highlights');
    const goal = await countedVideo(cat, 'Late winner');
    const save = await countedVideo(cat, 'Great save');

    const res = await remove(goal._id, save._id);
    expect(await t.json(res)).toEqual({ status: true, message: 'Successfully deleted 2 videos', deleted: 2 });
    expect(await library(cat)).toEqual([]);
    expect(await appIds(cat)).toEqual([]);
    const entries = await trashed();
    expect(entries.find((e) => e._id === goal._id)).toMatchObject({
      feature: 'videos',
      label: 'video "Late winner"',
      thumbnail: goal.thumbnail,
    });
    for (const url of [goal.video, goal.thumbnail, save.video]) expect(isStored(t, url)).toBe(true);
    await t.app.streamdesk.analytics.sweepOrphans();
    expect(await rollups(goal._id)).toBe(1);

    expect(await t.json(await restore(goal._id, save._id))).toEqual({
      status: true,
      message: trashMessages.restored(2),
      count: 2,
    });
    const back = await library(cat);
    expect(back.find((v) => v._id === goal._id)).toEqual(goal);
    expect(back.find((v) => v._id === save._id)).toEqual(save);
    expect(await appIds(cat)).toEqual(expect.arrayContaining([goal._id, save._id]));
    expect(await rollups(goal._id)).toBe(1);
  });

  it('answers 404 to a second delete of the same videos, and deletes forever with files and counts', async () => {
    const cat = await addCategory('Twice');
    const video = await countedVideo(cat, 'Once');
    const [first, second] = await Promise.all([remove(video._id), remove(video._id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    expect((await trashed()).filter((e) => e._id === video._id)).toHaveLength(1);

    expect((await purge(video._id)).statusCode).toBe(200);
    expect(isStored(t, video.video)).toBe(false);
    expect(isStored(t, video.thumbnail)).toBe(false);
    expect(await rollups(video._id)).toBe(0);
  });

  it('refuses to restore a video whose category is gone, restoring nothing of the request', async () => {
    const gone = await addCategory('Gone');
    const kept = await addCategory('Kept');
    const orphan = await countedVideo(gone, 'Orphan');
    const other = await countedVideo(kept, 'Other');
    await remove(orphan._id, other._id);
    // The category deleted forever (its own delete takes it to the trash, video-categories.trash.test.ts).
    expect((await t.request({ method: 'DELETE', url: `/api/App/video/category/${gone}` })).statusCode).toBe(
      200,
    );
    expect((await purge(gone)).statusCode).toBe(200);

    const res = await restore(other._id, orphan._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody(trashMessages.categoryGone));
    expect(await library(kept)).toEqual([]);
    expect((await trashed()).map((e) => e._id)).toEqual(expect.arrayContaining([orphan._id, other._id]));
  });
});
