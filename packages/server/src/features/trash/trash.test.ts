import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trashMessages, type TrashListReply } from '@streamdesk/contract/trash';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { addCall, STORY_DATA, storedId } from '../../test/api-calls.js';
import { referencedMedia } from '../../platform/media/media-references.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.streamdesk.context.db;
const get = async (url: string) => {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const trashCall = (method: 'POST' | 'DELETE', url: string, id: string[]) =>
  t.request({ method, url, payload: { id } });
const restore = (...id: string[]) => trashCall('POST', '/api/admin/trash/restore', id);
const purge = (...id: string[]) => trashCall('DELETE', '/api/admin/trash', id);
const deleteStory = (id: string) =>
  t.request({ method: 'DELETE', url: '/api/App/delete/story/video', payload: { id: [id] } });
const trashList = async (query = '') => (await get(`/api/admin/trash${query}`)) as TrashListReply;
const appStoryIds = async () =>
  ((await get('/api/App/stories')) as { data: { _id: string }[] }).data.map((s) => s._id);
const findStory = async (id: string) => (await get(`/api/App/story/video/find?id=${id}`)).data;
const fileOf = (url: string) => path.join(t.config.dataDir, 'media', url.replace(/^\/media\//, ''));
const rollups = async (id: string) =>
  (await sql<{ n: number }>`SELECT count(*) AS n FROM event_rollups WHERE entity_id = ${id}`.execute(db()))
    .rows[0]!.n;
const addCountedDay = (id: string, entity: string) =>
  sql`INSERT INTO event_rollups (entity_id, day, kind, entity, count)
      VALUES (${id}, '2026-11-30', 'view', ${entity}, 7)`.execute(db());

/** A story with 3 views, 7 of them counted on a day, as the event counter would leave it. */
async function countedStory() {
  const id = await storedId(t, addCall.story(JSON.stringify(STORY_DATA)));
  await sql`UPDATE stories SET view = 3 WHERE id = ${id}`.execute(db());
  await addCountedDay(id, 'story');
  return id;
}

describe('trash: a delete moves the item to the trash', () => {
  it('gives a story back as it was: same id, counts, file, app read; logged as delete then restore', async () => {
    const id = await countedStory();
    const before = await findStory(id);
    expect(await appStoryIds()).toContain(id);

    expect((await deleteStory(id)).statusCode).toBe(200);
    expect(await appStoryIds()).not.toContain(id);
    expect((await t.request({ method: 'GET', url: `/api/App/story/video/find?id=${id}` })).statusCode).toBe(
      404,
    );
    const listed = await trashList('?feature=stories');
    const entry = listed.data.find((e) => e._id === id)!;
    expect(entry).toMatchObject({ feature: 'stories', label: 'story "Watch"', thumbnail: before.image });
    expect(entry.deletedBy).not.toBe('');
    const days = (Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)) / 86_400_000;
    expect(days).toBe(30);
    // Kept while in the trash: the file (not an orphan) and the counted days (not swept).
    expect(existsSync(fileOf(before.image))).toBe(true);
    const key = before.image.replace(/^\/media\//, '');
    expect(await referencedMedia(db(), t.app.streamdesk.context.mediaColumns)).toContain(key);
    await t.app.streamdesk.analytics.sweepOrphans();
    expect(await rollups(id)).toBe(1);

    const res = await restore(id);
    expect(res.json()).toEqual({ status: true, message: trashMessages.restored(1), count: 1 });
    expect(await findStory(id)).toEqual(before);
    expect(await appStoryIds()).toContain(id);
    expect((await t.request({ method: 'GET', url: before.image })).statusCode).toBe(200);
    expect(await rollups(id)).toBe(1);
    expect((await trashList()).data.map((e) => e._id)).not.toContain(id);

    const log = (await get(`/api/admin/activity?item=${id}`)) as {
      data: { action: string; feature: string }[];
    };
    expect(log.data.map((e) => [e.action, e.feature])).toEqual([
      ['restore', 'stories'],
      ['delete', 'stories'],
      ['create', 'stories'],
    ]);
  });

  it('deletes forever: rows, counted days and files; unknown ids are a 404 and change nothing', async () => {
    const id = await countedStory();
    const { image } = await findStory(id);
    await deleteStory(id);
    expect((await purge(id, 'nope')).json()).toEqual(errorBody(trashMessages.notFound));
    expect((await restore(id, 'nope')).statusCode).toBe(404);
    expect((await trashList()).data.map((e) => e._id)).toContain(id);

    expect((await purge(id)).json()).toEqual({ status: true, message: trashMessages.purged(1), count: 1 });
    expect((await trashList()).data.map((e) => e._id)).not.toContain(id);
    expect(existsSync(fileOf(image))).toBe(false);
    expect(await rollups(id)).toBe(0);
    expect((await restore(id)).statusCode).toBe(404);
  });

  it('purges what is past TRASH_RETENTION_DAYS, and only that', async () => {
    const old = await countedStory();
    const recent = await countedStory();
    await deleteStory(old);
    await deleteStory(recent);
    const entry = (await trashList()).data.find((e) => e._id === old)!;
    await sql`UPDATE trash SET purge_at = '2000-01-01T00:00:00.000Z' WHERE id = ${old}`.execute(db());
    const trash = t.app.streamdesk.context.trash;
    expect(trash.purgeAt(entry.deletedAt)).toBe(entry.purgeAt);
    const { purgeDue } = await import('./trash.service.js').then((m) =>
      m.createTrashService(t.app.streamdesk.context),
    );
    expect(await purgeDue()).toBe(1);
    const left = (await trashList()).data.map((e) => e._id);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });

  it('restores live matches and reels into the app reads, all or none', async () => {
    const match = await storedId(t, addCall.liveMatch());
    const reel = await storedId(t, addCall.reel());
    const active = async () =>
      ((await get('/api/App/liveMatch/active')) as { data: { _id: string }[] }).data.map((m) => m._id);
    const reelList = async () =>
      ((await get('/api/App/reels?page=1&limit=50')) as { data: { _id: string }[] }).data;
    const reels = async () => (await reelList()).map((r) => r._id);
    const matchList = async () =>
      ((await get('/api/App/liveMatch/admin?page=1&limit=50')) as { data: { _id: string }[] }).data;
    await sql`UPDATE live_matches SET view = 9 WHERE id = ${match}`.execute(db());
    const matchBefore = (await matchList()).find((m) => m._id === match);
    const reelBefore = (await reelList()).find((r) => r._id === reel);
    expect(await active()).toContain(match);
    const del = (url: string, id: string) => t.request({ method: 'DELETE', url, payload: { id: [id] } });
    expect((await del('/api/App/liveMatch/admin', match)).statusCode).toBe(200);
    expect((await del('/api/App/reels', reel)).statusCode).toBe(200);
    expect(await active()).not.toContain(match);
    expect(await reels()).not.toContain(reel);
    expect((await trashList('?feature=live-matches')).data.map((e) => [e._id, e.label])).toContainEqual([
      match,
      'live match "Final"',
    ]);

    expect((await restore(match, reel)).json()).toMatchObject({ status: true, count: 2 });
    expect(await active()).toContain(match);
    expect((await matchList()).find((m) => m._id === match)).toEqual(matchBefore);
    expect((await reelList()).find((r) => r._id === reel)).toEqual(reelBefore);
  });
});

describe('trash: restore conflicts', () => {
  it('refuses (409) a shortcut whose No another shortcut took since, restoring nothing; then restores it', async () => {
    const first = await storedId(t, addCall.shortcut());
    const inHouse = await storedId(t, addCall.inhouseAd());
    const listed = async () =>
      ((await get('/api/sortcut?page=1&limit=100')) as { data: { _id: string; s_no: number }[] }).data;
    const sNo = (await listed()).find((s) => s._id === first)!.s_no;
    const del = (url: string, id: string) => t.request({ method: 'DELETE', url, payload: { id: [id] } });
    expect((await del('/api/sortcut', first)).statusCode).toBe(200);
    expect((await del('/api/App/inhouse/ads', inHouse)).statusCode).toBe(200);
    const taker = await storedId(t, addCall.shortcut());
    expect((await listed()).find((s) => s._id === taker)!.s_no).toBe(sNo);

    const refused = await restore(inHouse, first);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      errorBody(trashMessages.shortcutNoTaken(sNo)),
    ]);
    expect((await trashList()).data.map((e) => e._id)).toEqual(expect.arrayContaining([first, inHouse]));

    expect((await del('/api/sortcut', taker)).statusCode).toBe(200);
    expect((await restore(inHouse, first)).statusCode).toBe(200);
    expect((await listed()).map((s) => s._id)).toContain(first);
  });
});
