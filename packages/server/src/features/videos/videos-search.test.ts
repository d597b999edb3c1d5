import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, mp4, PNG } from '../../test/media-fixtures.js';
import { uploadVideo } from '../../test/library-videos.js';

/** The library's search through its index (0048) follows uploads and title edits. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const titles = async (q: string) => {
  const res = await t.request({ method: 'GET', url: '/api/App/video/category/admin/all', query: { q } });
  return (await t.json<{ data: Video[] }>(res)).data.map((v) => v.title);
};

describe('library search', () => {
  it('finds a new upload by its file name and follows a title edit', async () => {
    const res = await t.request({
      method: 'POST',
      url: videoCategoryRoutes.add.path,
      payload: form({ name: 'Searched' }, [{ field: 'image', name: 'c.png', data: PNG }]),
    });
    const category = (await t.json<{ data: VideoCategory }>(res)).data;
    const video = await uploadVideo(t, category._id, 'Penalty Shootout.mp4', mp4(1));
    expect(await titles('SHOOTOUT.MP4')).toEqual(['Penalty Shootout']);
    const renamed = await t.request({
      method: 'PUT',
      url: videoRoutes.rename.path,
      payload: { id: video._id, title: 'Éxtra time' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titles('éXTRA')).toEqual(['Éxtra time']);
    expect(await titles('extra')).toEqual([]);
    // The file name keeps its own place in the index.
    expect(await titles('penalty')).toEqual(['Éxtra time']);
  });
});
