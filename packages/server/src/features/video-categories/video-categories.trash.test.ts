import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsMessages } from '@streamdesk/contract/analytics';
import { trashMessages, type TrashListReply } from '@streamdesk/contract/trash';
import type { VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
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
const removeVideos = (...id: string[]) => withIds('DELETE', videoRoutes.remove.path, id);
const removeCategory = (id: string) => t.request({ method: 'DELETE', url: `/api/App/video/category/${id}` });
const trashIds = async () => (await get<TrashListReply>('/api/admin/trash')).data.map((e) => e._id);
const categories = async () => (await get<{ data: VideoCategory[] }>('/api/App/video/category')).data;
const library = async (category = 'all') =>
  (await get<{ data: Video[] }>(`/api/App/video/category/admin/${category}?limit=100`)).data;

/** A category with `n` videos, each with 4 views counted on a day. */
async function categoryWithVideos(name: string, n: number) {
  const id = await storedId(t, addCall.category(name));
  const files = Array.from({ length: n }, (_, i) => ({
    field: 'video',
    name: `${name} ${i}.mp4`,
    data: mp4(1),
  }));
  const res = await t.request({
    method: 'POST',
    url: videoRoutes.upload.path,
    payload: form({ category: id }, files),
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const { _id } of (res.json() as { data: Video[] }).data) {
    await sql`UPDATE videos SET views = 4 WHERE id = ${_id}`.execute(db());
    await sql`INSERT INTO event_rollups (entity_id, day, kind, entity, count)
        VALUES (${_id}, '2026-11-30', 'view', 'video', 4)`.execute(db());
  }
  const category = (await categories()).find((c) => c._id === id)!;
  return { category, videos: await library(id) };
}

describe('video categories: a delete moves the category and its videos to the trash as one entry', () => {
  it('hides both everywhere, keeps files and counts, and restores both exactly', async () => {
    const { category, videos } = await categoryWithVideos('Cup final', 2);
    const appCategories = async () =>
      (await get<{ data: { _id: string }[] }>('/api/App/video/app/category')).data.map((c) => c._id);
    expect(await appCategories()).toContain(category._id);

    expect(await t.json(await removeCategory(category._id))).toMatchObject({ deletedVideos: 2 });
    expect((await categories()).map((c) => c._id)).not.toContain(category._id);
    expect(await appCategories()).not.toContain(category._id);
    const ids = (await library()).map((v) => v._id);
    for (const video of videos) expect(ids).not.toContain(video._id);
    const entries = (await get<TrashListReply>('/api/admin/trash?feature=video-categories')).data;
    expect(entries.find((e) => e._id === category._id)).toMatchObject({
      label: 'category "Cup final"',
      thumbnail: category.main_image,
    });
    // One entry: its videos are not listed on their own.
    for (const video of videos) expect(await trashIds()).not.toContain(video._id);
    for (const url of [category.main_image, videos[0]!.video, videos[1]!.thumbnail])
      expect(isStored(t, url)).toBe(true);
    await t.app.streamdesk.analytics.sweepOrphans();
    expect(await rollups(videos[0]!._id)).toBe(1);

    expect((await restore(category._id)).json()).toEqual({
      status: true,
      message: trashMessages.restored(1),
      count: 1,
    });
    expect((await categories()).find((c) => c._id === category._id)).toEqual(category);
    expect(await library(category._id)).toEqual(videos);
    expect(await appCategories()).toContain(category._id);
  });

  it("refuses a video whose category is in the trash, naming it; the category's restore brings its videos back", async () => {
    const { category, videos } = await categoryWithVideos('Semi final', 3);
    const [alone, ...rest] = videos;
    expect((await removeVideos(alone!._id)).statusCode).toBe(200);
    expect((await removeCategory(category._id)).statusCode).toBe(200);

    const refused = await restore(alone!._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(trashMessages.categoryInTrash('Semi final')));
    expect(await trashIds()).toEqual(expect.arrayContaining([alone!._id, category._id]));
    expect((await categories()).map((c) => c._id)).not.toContain(category._id);

    // Both in one restore: the category goes back first, whatever the order asked.
    expect((await restore(alone!._id, category._id)).statusCode).toBe(200);
    const back = await library(category._id);
    expect(back).toHaveLength(3);
    expect(back).toEqual(expect.arrayContaining([...rest, alone]));
  });

  it('refuses a category whose name another took since (in any case), naming it: nothing of the restore goes back', async () => {
    const { category, videos } = await categoryWithVideos('Derby', 2);
    const [alone, withIt] = videos;
    expect((await removeVideos(alone!._id)).statusCode).toBe(200);
    expect((await removeCategory(category._id)).statusCode).toBe(200);
    const taker = await storedId(t, addCall.category('DERBY'));
    const other = await categoryWithVideos('Other derby', 1);
    expect((await removeVideos(other.videos[0]!._id)).statusCode).toBe(200);

    // With a video of another category in the same restore: all or none.
    const refused = await restore(other.videos[0]!._id, category._id, alone!._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(trashMessages.categoryNameTaken('Derby')));
    expect(await trashIds()).toEqual(
      expect.arrayContaining([category._id, alone!._id, other.videos[0]!._id]),
    );
    expect((await categories()).filter((c) => c.name.toLowerCase() === 'derby').map((c) => c._id)).toEqual([
      taker,
    ]);
    const shown = (await library()).map((v) => v._id);
    for (const video of [alone!, withIt!, other.videos[0]!]) expect(shown).not.toContain(video._id);

    // Once the name is free again the category comes back with both its videos.
    expect((await t.request({ method: 'DELETE', url: `/api/App/video/category/${taker}` })).statusCode).toBe(
      200,
    );
    expect((await restore(category._id, alone!._id)).statusCode).toBe(200);
    expect(await library(category._id)).toEqual(expect.arrayContaining(videos));
  });

  it("refuses to clear the counts of a video inside a trashed category, keeping them for the category's restore", async () => {
    const { category, videos } = await categoryWithVideos('Quarter final', 1);
    const video = videos[0]!;
    const clear = () => t.request({ method: 'DELETE', url: `/api/admin/view/dashbord/${video._id}` });
    expect((await removeCategory(category._id)).statusCode).toBe(200);

    const refused = await clear();
    expect([refused.statusCode, refused.json()]).toEqual([409, errorBody(analyticsMessages.inTrash)]);
    expect(await rollups(video._id)).toBe(1);

    expect((await restore(category._id)).statusCode).toBe(200);
    expect((await clear()).statusCode).toBe(200);
    expect(await rollups(video._id)).toBe(0);
  });

  // An add or rename checks the names under the names lock; a restore checking its name outside it could
  // find the name free beside an add of it and both write (the window is too short to hit at will, so
  // the restore is checked to wait for the lock, as concurrent-writes.test.ts checks the record locks).
  it('restores a category under the names lock that adds and renames take', async () => {
    const id = await storedId(t, addCall.category('Playoff'));
    expect((await removeCategory(id)).statusCode).toBe(200);
    let release!: () => void;
    let holding!: () => void;
    const taken = new Promise<void>((r) => (holding = r));
    const held = t.app.streamdesk.context.locks.run('video_categories', ['names'], () => {
      holding();
      return new Promise<void>((r) => (release = r));
    });
    await taken;
    let settled = false;
    const answer = restore(id).finally(() => (settled = true));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
    } finally {
      release();
      await held;
    }
    expect((await answer).statusCode).toBe(200);
    expect((await categories()).map((c) => c._id)).toContain(id);
  });

  it('deletes forever: the category, its videos, their counted days and every file', async () => {
    const { category, videos } = await categoryWithVideos('Old season', 2);
    expect((await removeCategory(category._id)).statusCode).toBe(200);
    expect((await purge(category._id)).statusCode).toBe(200);
    expect(await trashIds()).not.toContain(category._id);
    expect(isStored(t, category.main_image)).toBe(false);
    for (const video of videos) {
      expect(isStored(t, video.video)).toBe(false);
      expect(isStored(t, video.thumbnail)).toBe(false);
      expect(await rollups(video._id)).toBe(0);
    }
    expect((await restore(category._id)).statusCode).toBe(404);
  });
});
