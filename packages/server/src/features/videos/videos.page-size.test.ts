import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { form, mp4 } from '../../test/media-fixtures.js';

// The library shows 100 videos a page (doc 2 sections 7 and 9): the server's default page, which the
// back office asks for by name too (video-library-page.test.tsx).

let t: TestApp;
let category: string;
/** The oldest video's id, and the newest (uploaded through the API) video. */
let oldest: string;
let newest: Video;

beforeAll(async () => {
  t = await createTestApp();
  category = await storedId(t, addCall.category());
  // 100 rows written straight into the table (100 real uploads would take a minute), older than the one
  // uploaded after them, whose upload also makes the server count the category afresh.
  for (let i = 0; i < 100; i++) {
    const id = `paged${String(i).padStart(19, '0')}`;
    const createdAt = new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString();
    await sql`INSERT INTO videos (id, category_id, video, thumbnail, web, views, created_at)
      VALUES (${id}, ${category}, '/media/videos/none.mp4', '/media/videos/none.jpg', 0, 0, ${createdAt})`.execute(
      t.app.streamdesk.context.db,
    );
    if (i === 0) oldest = id;
  }
  const upload = await t.request({
    method: 'POST',
    url: videoRoutes.upload.path,
    payload: form({ category: category }, [{ field: 'video', name: 'new.mp4', data: mp4(1) }]),
  });
  newest = (await t.json<{ data: Video[] }>(upload)).data[0]!;
});
afterAll(() => t.close());

const list = (query: Record<string, string>) =>
  t.request({ method: 'GET', url: `/api/App/video/category/admin/${category}`, query });
const page = async (query: Record<string, string>) =>
  t.json<{ data: Video[]; totalPage: number; totalRecord: number }>(await list(query));

describe('the library list page size', () => {
  it('is 100 when the call names none: 101 videos are two pages, newest first', async () => {
    const first = await page({});
    expect(first).toMatchObject({ status: true, totalRecord: 101, totalPage: 2 });
    expect(first.data).toHaveLength(100);
    expect(first.data[0]!._id).toBe(newest._id);
    const second = await page({ page: '2' });
    expect(second.data.map((v) => v._id)).toEqual([oldest]);
    expect(await page({ limit: '100' })).toEqual(first);
  });

  it('takes another limit up to 500, and refuses a larger one', async () => {
    expect((await page({ limit: '500' })).data).toHaveLength(101);
    const tooMany = await list({ limit: '501' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual(errorBody('querystring limit: limit must be 500 or less'));
  });
});
