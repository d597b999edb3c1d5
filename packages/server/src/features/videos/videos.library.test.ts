import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityListReply } from '@streamdesk/contract/activity';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes as routes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { form, mp4, PNG } from '../../test/media-fixtures.js';
import { uploadVideo } from '../../test/library-videos.js';

// The library as a library (issue 35): each video's own name, an editable title, what the probe read,
// search by title or file name, and the orders.
let t: TestApp;
let category: VideoCategory;
let highlights: Video;
let interview: Video;
let warmUp: Video;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request({
    method: 'POST',
    url: videoCategoryRoutes.add.path,
    payload: form({ name: 'Matches' }, [{ field: 'image', name: 'c.png', data: PNG }]),
  });
  category = (await t.json<{ data: VideoCategory }>(res)).data;
  // One at a time: the newest-first order then follows the upload order.
  highlights = await upload('Match Highlights.mp4', mp4(2));
  interview = await upload('c:\\phone\\Coach interview.final.mp4', mp4(1));
  warmUp = await upload('warm_up_100%.mp4', mp4(3));
});
afterAll(() => t.close());

const upload = (name: string, data: Buffer) => uploadVideo(t, category._id, name, data);

const list = async (query: Record<string, string>) => {
  const res = await t.request({ method: 'GET', url: '/api/App/video/category/admin/all', query });
  return { res, body: await t.json<{ data: Video[]; totalRecord: number; totalPage: number }>(res) };
};
const titles = async (query: Record<string, string>) => (await list(query)).body.data.map((v) => v.title);
const rename = (payload: object) => t.request({ method: 'PUT', url: routes.rename.path, payload });

describe('what a library video keeps', () => {
  it('its file name, a title from it, and the duration, size in pixels and bytes the probe read', () => {
    expect(highlights).toMatchObject({
      title: 'Match Highlights',
      fileName: 'Match Highlights.mp4',
      width: 160,
      height: 120,
      size: mp4(2).length,
    });
    expect(highlights.duration).toBeCloseTo(2, 0);
    // Folders a browser sent are dropped; only the last extension goes.
    expect(interview).toMatchObject({
      title: 'Coach interview.final',
      fileName: 'Coach interview.final.mp4',
    });
  });

  it('shows a video uploaded before names were kept by its stored file name', async () => {
    await t.app.streamdesk.context.db
      .updateTable('videos')
      .set({ title: '', file_name: '' })
      .where('id', '=', interview._id)
      .execute();
    const shown = (await list({})).body.data.find((v) => v._id === interview._id)!;
    expect(shown.title).toBe(interview.video.split('/').pop()!.replace('.mp4', ''));
    expect(shown.fileName).toBe('');
    await t.app.streamdesk.context.db
      .updateTable('videos')
      .set({ title: interview.title, file_name: interview.fileName })
      .where('id', '=', interview._id)
      .execute();
  });
});

describe('searching and ordering the library', () => {
  it('finds by part of a title or a file name, any case, with the total of what matched', async () => {
    const { body } = await list({ q: 'HIGHLIGHT' });
    expect(body.data.map((v) => v._id)).toEqual([highlights._id]);
    expect(body).toMatchObject({ totalRecord: 1, totalPage: 1 });
    expect(await titles({ q: 'final.mp4' })).toEqual(['Coach interview.final']);
    expect(await titles({ q: 'nothing like it' })).toEqual([]);
  });

  it('takes % and _ as themselves, not as patterns', async () => {
    expect(await titles({ q: '100%' })).toEqual(['warm_up_100%']);
    expect(await titles({ q: '%' })).toEqual(['warm_up_100%']);
    expect(await titles({ q: 'p_1' })).toEqual(['warm_up_100%']);
  });

  it('keeps the category and web filters beside the search', async () => {
    await t.request({
      method: 'PUT',
      url: routes.webStatus.path,
      payload: { id: [warmUp._id], status: true },
    });
    expect(await titles({ q: 'A', web: 'true' })).toEqual(['warm_up_100%']);
    expect(await titles({ q: 'A', web: 'false' })).toEqual(['Coach interview.final', 'Match Highlights']);
  });

  it('orders by date, title (any case), duration and views, either way', async () => {
    expect(await titles({})).toEqual(['warm_up_100%', 'Coach interview.final', 'Match Highlights']);
    expect(await titles({ sort: 'date' })).toEqual([
      'Match Highlights',
      'Coach interview.final',
      'warm_up_100%',
    ]);
    expect(await titles({ sort: 'title' })).toEqual([
      'Coach interview.final',
      'Match Highlights',
      'warm_up_100%',
    ]);
    expect(await titles({ sort: '-title' })).toEqual([
      'warm_up_100%',
      'Match Highlights',
      'Coach interview.final',
    ]);
    expect(await titles({ sort: 'duration' })).toEqual([
      'Coach interview.final',
      'Match Highlights',
      'warm_up_100%',
    ]);
    expect(await titles({ sort: '-duration' })).toEqual([
      'warm_up_100%',
      'Match Highlights',
      'Coach interview.final',
    ]);
    await t.app.streamdesk.context.db
      .updateTable('videos')
      .set({ views: 7 })
      .where('id', '=', interview._id)
      .execute();
    expect((await titles({ sort: '-views' }))[0]).toBe('Coach interview.final');
    expect((await titles({ sort: 'views' }))[2]).toBe('Coach interview.final');
  });

  it('refuses an unknown order and an over-long search, naming them', async () => {
    const bad = await list({ sort: 'size' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body).toMatchObject(errorBody(/^querystring sort: sort must be one of date, -date/));
    const long = await list({ q: 'x'.repeat(201) });
    expect(long.res.statusCode).toBe(400);
    expect(long.body).toMatchObject(errorBody(/q must be at most 200 characters/));
  });
});

describe('PUT /api/App/video/title', () => {
  it('renames a video, which is then found by its new title, and logs the change', async () => {
    const res = await rename({ id: highlights._id, title: '  Derby: all goals  ' });
    expect(res.statusCode).toBe(200);
    expect(await t.json(res)).toMatchObject({
      status: true,
      message: 'Title updated',
      data: { _id: highlights._id, title: 'Derby: all goals', fileName: 'Match Highlights.mp4' },
    });
    expect(await titles({ q: 'derby' })).toEqual(['Derby: all goals']);
    const log = await t.request({
      method: 'GET',
      url: '/api/admin/activity',
      query: { item: highlights._id },
    });
    const entry = (await t.json<ActivityListReply>(log)).data.find((e) => e.action === 'update');
    expect(entry?.changes).toContainEqual(
      expect.objectContaining({ field: 'title', before: 'Match Highlights', after: 'Derby: all goals' }),
    );
  });

  it('refuses a blank or over-long title and an unknown video, changing nothing', async () => {
    for (const [payload, status, message] of [
      [{ id: highlights._id, title: '   ' }, 400, 'title: Please enter a title.'],
      [{ id: highlights._id, title: 'x'.repeat(201) }, 400, 'title: A title must be at most 200 characters.'],
      [{ id: highlights._id }, 400, 'title: Please enter a title.'],
      [{ id: 'no-such-video', title: 'New' }, 404, 'Video not found'],
    ] as const) {
      const res = await rename(payload);
      expect(res.statusCode).toBe(status);
      expect(await t.json(res)).toMatchObject(errorBody(message));
    }
    expect(await titles({ q: 'derby' })).toEqual(['Derby: all goals']);
  });
});
