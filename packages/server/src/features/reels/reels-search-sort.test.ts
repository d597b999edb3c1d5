import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reelRoutes, type Reel, type ReelListReply } from '@streamdesk/contract/reels';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { form, mp4 } from '../../test/media-fixtures.js';
import type { Kysely } from 'kysely';
import { nameReelsByStoredFile, storedFileName } from './reels.migrations.js';
import { insertReel, type NewReel, type ReelRow } from './reels.repository.js';
import { REELS_TAG } from './reels.service.js';

/** The reels list's search by file name (`q`) and order (`sort`), issue 36 (docs/decisions/0051). */

let t: TestApp;
const URL = reelRoutes.list.path;

const row = (n: number, fields: Partial<ReelRow>): NewReel => ({
  id: `5f000000000000000000000${n}`,
  video: `/media/reels/${n}.mp4`,
  thumbnail: `/media/reels/${n}.jpg`,
  duration: 1,
  size: 1,
  view: 0,
  click: 0,
  created_at: `2026-11-0${n}T10:00:00.000Z`,
  file_name: '',
  ...fields,
});
// Ids rise with the dates; B and C tie on views, A and B on clicks.
const A = row(1, { file_name: 'Goal Highlights.mp4', view: 3, click: 2 });
const B = row(2, { file_name: 'match_day_100%.mp4', view: 8, click: 2 });
const C = row(3, { file_name: 'behind the GOAL.MP4', view: 8, click: 5 });

beforeAll(async () => {
  t = await createTestApp();
  for (const reel of [A, B, C]) await insertReel(t.app.streamdesk.context.db, reel);
  t.app.streamdesk.context.cache.invalidate(REELS_TAG);
});
afterAll(() => t.close());

/** The app's call and the back office's: api-key only. */
const get = (query: string) =>
  t.request({ method: 'GET', url: `${URL}?${query}`, admin: false, headers: { 'api-key': TEST_API_KEY } });
const list = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReelListReply;
};
const ids = (reply: ReelListReply) => reply.data.map((r) => r._id);

describe('the reels search', () => {
  it('finds reels by file name, any case, with totals that follow the search', async () => {
    const found = await list('q=goal');
    expect(ids(found)).toEqual([C.id, A.id]);
    expect(found).toMatchObject({ total: 2, totalPage: 1, reels: true });
    expect(await list('q=GOAL&limit=1')).toMatchObject({ total: 2, totalPage: 2 });
    expect(await list('q=nothing')).toMatchObject({ data: [], total: 0, totalPage: 0 });
  });

  it('takes % and _ literally, and finds by one or two letters', async () => {
    expect(ids(await list(`q=${encodeURIComponent('100%')}`))).toEqual([B.id]);
    expect(ids(await list('q=_d'))).toEqual([B.id]);
    expect(ids(await list('q=hi'))).toEqual([C.id, A.id]);
  });

  it('refuses a search of more than 200 characters', async () => {
    const res = await get(`q=${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(/q must be at most 200 characters/));
  });
});

describe('the reels order', () => {
  it('is newest first by default, as the app has it', async () => {
    expect(ids(await list('page=1&limit=20&a=true'))).toEqual([C.id, B.id, A.id]);
  });

  it('sorts by date, view and click count and file name each way, ties by id the same way', async () => {
    expect(ids(await list('sort=date'))).toEqual([A.id, B.id, C.id]);
    expect(ids(await list('sort=-view'))).toEqual([C.id, B.id, A.id]);
    expect(ids(await list('sort=view'))).toEqual([A.id, B.id, C.id]);
    expect(ids(await list('sort=-click'))).toEqual([C.id, B.id, A.id]);
    expect(ids(await list('sort=click'))).toEqual([A.id, B.id, C.id]);
    // Names as people read them, not capitals first.
    expect(ids(await list('sort=name'))).toEqual([C.id, A.id, B.id]);
    expect(ids(await list('sort=-name'))).toEqual([B.id, A.id, C.id]);
    expect(ids(await list('q=goal&sort=name'))).toEqual([C.id, A.id]);
  });

  it('refuses an order it does not know, naming those it does', async () => {
    const res = await get('sort=size');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody(/sort must be one of date, -date, view, -view, click, -click, name, -name/),
    );
  });
});

describe('a reel keeps its file name', () => {
  it('stores the name of the file uploaded and finds the reel by it', async () => {
    const res = await t.request({
      method: 'POST',
      url: URL,
      payload: form({}, [{ field: 'video', name: 'Penalty Shootout.mp4', data: mp4(1) }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: Reel };
    expect(data.fileName).toBe('Penalty Shootout.mp4');
    expect(ids(await list('q=shootout'))).toEqual([data._id]);
  });

  it("names a reel from before by its stored file's name, once, and finds it by that", async () => {
    expect(storedFileName('/media/reels/65a1b2c3.mp4')).toBe('65a1b2c3.mp4');
    expect(storedFileName('https://cdn.example/reels/a%20b.mp4?sig=1')).toBe('a b.mp4');
    expect(storedFileName('/media/reels/100%.mp4')).toBe('100%.mp4');
    const db = t.app.streamdesk.context.db;
    const old = row(9, { video: '/media/reels/65a1b2c3old.mp4' });
    await insertReel(db, old);
    await nameReelsByStoredFile(db as unknown as Kysely<unknown>);
    t.app.streamdesk.context.cache.invalidate(REELS_TAG);
    expect((await list('q=65a1b2c3old')).data).toMatchObject([{ _id: old.id, fileName: '65a1b2c3old.mp4' }]);
    // Those with a name keep it.
    expect((await list('q=goal highlights')).data).toMatchObject([{ _id: A.id, fileName: A.file_name }]);
  });
});
