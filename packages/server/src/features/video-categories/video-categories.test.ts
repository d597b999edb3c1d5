import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCategoryRoutes as routes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes } from '@streamdesk/contract/videos';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { form, GIF, JPEG, mp4, ofSize, PNG } from '../../test/media-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const filesIn = (folder: string) => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', folder));
  } catch {
    return [];
  }
};
const image = (data: Buffer, name = 'cat.png') => [{ field: 'image', name, data }];
const add = (fields: Record<string, string>, files = image(PNG)) =>
  t.request({ method: 'POST', url: routes.add.path, payload: form(fields, files) });
const edit = (fields: Record<string, string>, files: { field: string; name: string; data: Buffer }[] = []) =>
  t.request({ method: 'PUT', url: routes.update.path, payload: form(fields, files) });
const list = async (q?: string) =>
  (
    await t.json<{ data: VideoCategory[] }>(
      await t.request({ method: 'GET', url: routes.list.path, query: q ? { q } : {} }),
    )
  ).data;
const addOk = async (name: string) => (await t.json<{ data: VideoCategory }>(await add({ name }))).data;

describe('video categories', () => {
  it('adds a category with a PNG, GIF or JPEG image and lists it with its video count', async () => {
    const res = await add({ name: '  Cricket  ' });
    expect(res.statusCode).toBe(200);
    const body = await t.json<{ data: VideoCategory }>(res);
    expect(body).toMatchObject({ status: true, message: 'Category added' });
    expect(body.data).toMatchObject({ name: 'Cricket', status: true, total_products: 0 });
    expect(body.data.main_image).toMatch(/^\/media\/video-categories\/[0-9a-f]{24}\.png$/);
    expect((await add({ name: 'Gif' }, image(GIF, 'a.gif'))).statusCode).toBe(200);
    expect((await add({ name: 'Jpeg' }, image(JPEG, 'a.jpeg'))).statusCode).toBe(200);
    const names = (await list()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Cricket', 'Gif', 'Jpeg']));
  });

  it('refuses a missing name, a missing image, a wrong type and an image over 1 MB, keeping nothing', async () => {
    const before = filesIn('video-categories').length;
    const count = (await list()).length;
    expect((await add({ name: '   ' })).json()).toEqual(errorBody('Enter category name'));
    const noImage = await add({ name: 'No image' }, []);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toEqual(errorBody('Please upload main image'));
    const wrong = await add({ name: 'Wrong' }, image(Buffer.from('<svg xmlns="x"></svg>'), 'x.png'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(errorBody('Only PNG, GIF, JPG, JPEG images are allowed'));
    const big = await add({ name: 'Big' }, image(ofSize(PNG, 1024 * 1024 + 1)));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(errorBody('Image size must be less than 1MB'));
    expect((await add({ name: 'Exactly 1MB' }, image(ofSize(PNG, 1024 * 1024)))).statusCode).toBe(200);
    expect((await list()).length).toBe(count + 1);
    expect(filesIn('video-categories').length).toBe(before + 1);
  });

  it('edits the name with an optional new image, removing the old file', async () => {
    const cat = await addOk('Old name');
    const renamed = await edit({ id: cat._id, name: 'New name' });
    expect(await t.json(renamed)).toMatchObject({
      status: true,
      message: 'Category updated',
      data: { _id: cat._id, name: 'New name', main_image: cat.main_image },
    });
    const swapped = await t.json<{ data: VideoCategory }>(
      await edit({ id: cat._id, name: 'New name' }, image(GIF, 'b.gif')),
    );
    expect(swapped.data.main_image).toMatch(/\.gif$/);
    expect(filesIn('video-categories')).not.toContain(path.basename(cat.main_image));
    const badImage = await edit({ id: cat._id, name: 'X' }, image(Buffer.from('nope'), 'x.jpg'));
    expect(badImage.json()).toEqual(errorBody('Only PNG, GIF, JPG, JPEG images are allowed'));
    expect((await edit({ id: cat._id, name: '' })).json()).toEqual(errorBody('Enter category name'));
    const unknown = await edit({ id: 'ffffffffffffffffffffffff', name: 'Y' }, image(PNG));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('Category not found'));
    expect((await list()).find((c) => c._id === cat._id)?.name).toBe('New name');
  });

  it('searches names case-insensitively', async () => {
    await addOk('Football Highlights');
    expect((await list('fOOTBALL')).map((c) => c.name)).toEqual(['Football Highlights']);
    expect(await list('zzz-none')).toEqual([]);
  });

  it('toggles the status', async () => {
    const cat = await addOk('Toggle me');
    const off = await t.request({ method: 'PUT', url: `/api/App/video/category/status/${cat._id}` });
    expect(await t.json(off)).toMatchObject({ status: true, data: { status: false } });
    const on = await t.request({ method: 'PUT', url: `/api/App/video/category/status/${cat._id}` });
    expect(await t.json(on)).toMatchObject({ data: { status: true } });
    const unknown = await t.request({ method: 'PUT', url: '/api/App/video/category/status/nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a category together with its videos and every file', async () => {
    const cat = await addOk('With videos');
    const other = await addOk('Other');
    const upload = (category: string) =>
      t.request({
        method: 'POST',
        url: videoRoutes.upload.path,
        payload: form({ category }, [
          { field: 'video', name: 'a.mp4', data: mp4(1) },
          { field: 'video', name: 'b.mp4', data: mp4(1) },
        ]),
      });
    expect((await upload(cat._id)).statusCode).toBe(200);
    expect((await upload(other._id)).statusCode).toBe(200);
    expect((await list()).find((c) => c._id === cat._id)?.total_products).toBe(2);
    const videoFiles = filesIn('videos').length;

    const res = await t.request({ method: 'DELETE', url: `/api/App/video/category/${cat._id}` });
    expect(await t.json(res)).toEqual({ status: true, message: 'Category deleted', deletedVideos: 2 });
    expect((await list()).map((c) => c._id)).not.toContain(cat._id);
    expect(filesIn('video-categories')).not.toContain(path.basename(cat.main_image));
    // Two videos and two thumbnails gone; the other category's kept.
    expect(filesIn('videos').length).toBe(videoFiles - 4);
    const all = await t.json<{ totalRecord: number }>(
      await t.request({ method: 'GET', url: '/api/App/video/category/admin/all' }),
    );
    expect(all.totalRecord).toBe(2);
    const again = await t.request({ method: 'DELETE', url: `/api/App/video/category/${cat._id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody('Category not found'));
  });
});
