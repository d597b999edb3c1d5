import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  videoCategoryRoutes as routes,
  type AppCategoryListReply,
  type VideoCategory,
} from '@streamdesk/contract/video-categories';
import { videoRoutes } from '@streamdesk/contract/videos';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { cutShort, form, GIF, JPEG, mp4, ofSize, PNG, realImage } from '../../test/media-fixtures.js';

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

  it('refuses a PNG, GIF or JPEG cut short on add and edit, keeping no file and no row', async () => {
    const cat = await addOk('Before the cut');
    const before = filesIn('video-categories').length;
    const count = (await list()).length;
    const message =
      'The image file is cut off: its end is missing. Only PNG, GIF, JPG, JPEG images are allowed';
    for (const kind of ['png', 'gif', 'jpeg'] as const) {
      for (const { cut, data } of cutShort(kind)) {
        const added = await add({ name: `Cut ${kind}` }, image(data, `cut.${kind}`));
        expect([kind, cut, added.statusCode, added.json()]).toEqual([kind, cut, 400, errorBody(message)]);
        const edited = await edit({ id: cat._id, name: 'Renamed' }, image(data, `cut.${kind}`));
        expect([kind, cut, edited.statusCode, edited.json()]).toEqual([kind, cut, 400, errorBody(message)]);
      }
    }
    expect((await list()).length).toBe(count);
    expect((await list()).find((c) => c._id === cat._id)).toEqual(cat);
    expect(filesIn('video-categories').length).toBe(before);
    for (const kind of ['png', 'gif', 'jpeg'] as const)
      expect((await add({ name: `Whole ${kind}` }, image(realImage(kind), `whole.${kind}`))).statusCode).toBe(
        200,
      );
    expect(filesIn('video-categories').length).toBe(before + 3);
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

  it('refuses a name another category has in any case, on add and on edit, keeping no file', async () => {
    const sports = await addOk('Sports');
    const before = filesIn('video-categories').length;
    const count = (await list()).length;
    for (const name of ['Sports', 'sports', '  SPORTS  ']) {
      const res = await add({ name });
      expect([res.statusCode, res.json()], name).toEqual([
        409,
        errorBody('A category with this name already exists'),
      ]);
    }
    const other = await addOk('Tennis');
    const renamed = await edit({ id: other._id, name: 'sPORTS' }, image(GIF, 'b.gif'));
    expect([renamed.statusCode, renamed.json()]).toEqual([
      409,
      errorBody('A category with this name already exists'),
    ]);
    expect((await list()).length).toBe(count + 1);
    expect(filesIn('video-categories').length).toBe(before + 1);
    // Its own name in another case is a rename.
    const recased = await edit({ id: sports._id, name: ' SPORTS ' });
    expect([recased.statusCode, (await t.json<{ data: VideoCategory }>(recased)).data.name]).toEqual([
      200,
      'SPORTS',
    ]);
  });

  it('folds case beyond ASCII when comparing names, as on PostgreSQL', async () => {
    await addOk('Ésport Лига Σigma');
    const res = await add({ name: 'éSPORT лига σIGMA' });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      errorBody('A category with this name already exists'),
    ]);
  });

  it('lets one of two adds of the same name at once through', async () => {
    const replies = await Promise.all(['Racing', 'RACING', 'racing'].map((name) => add({ name })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await list('racing')).length).toBe(1);
  });

  it('searches names case-insensitively', async () => {
    await addOk('Football Highlights');
    expect((await list('fOOTBALL')).map((c) => c.name)).toEqual(['Football Highlights']);
    expect(await list('zzz-none')).toEqual([]);
  });

  it('searches names case-insensitively beyond ASCII, as on PostgreSQL', async () => {
    await addOk('Équipe Ωmega Кубок');
    for (const q of ['éQUIPE', 'ωMEGA', 'кубок']) {
      expect(
        (await list(q)).map((c) => c.name),
        q,
      ).toEqual(['Équipe Ωmega Кубок']);
    }
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

  it('deletes a category together with its videos to the trash; deleting forever removes every file', async () => {
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
    const all = await t.json<{ totalRecord: number }>(
      await t.request({ method: 'GET', url: '/api/App/video/category/admin/all' }),
    );
    expect(all.totalRecord).toBe(2);
    // In the trash, files and all, until deleted forever: then two videos, two thumbnails and the image go.
    expect(filesIn('videos').length).toBe(videoFiles);
    const again = await t.request({ method: 'DELETE', url: `/api/App/video/category/${cat._id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(errorBody('Category not found'));
    const purged = await t.request({ method: 'DELETE', url: '/api/admin/trash', payload: { id: [cat._id] } });
    expect(purged.statusCode).toBe(200);
    expect(filesIn('video-categories')).not.toContain(path.basename(cat.main_image));
    expect(filesIn('videos').length).toBe(videoFiles - 4);
  });

  // More rows than the database takes parameters in a statement (SQLite 32,766, PostgreSQL 65,535): its
  // delete, restore and delete forever each move them all (at 70,000 on SQLite about 3, 6 and 4 s, so
  // SQLite's run has fewer: it is over SQLite's own limit that matters there).
  it(
    'deletes a category of more videos than a statement takes parameters to the trash and restores it',
    { timeout: 90_000 },
    async () => {
      const many = t.app.streamdesk.context.dialect === 'postgres' ? 70_000 : 33_000;
      const cat = await addOk('Two years of videos');
      // Rows without files, written in one statement: uploading them would take minutes.
      await sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${many})
      INSERT INTO videos (id, category_id, video, thumbnail, web, views, created_at)
      SELECT 'bulk' || i, ${cat._id}, 'videos/gone.mp4', 'videos/gone.png', 0, 0, '2025-01-01T00:00:00.000Z'
      FROM n`.execute(t.app.streamdesk.context.db);
      const count = async () => (await list()).find((c) => c._id === cat._id)?.total_products;
      expect(await count()).toBe(many);
      const res = await t.request({ method: 'DELETE', url: `/api/App/video/category/${cat._id}` });
      expect(await t.json(res)).toEqual({ status: true, message: 'Category deleted', deletedVideos: many });
      expect((await list()).map((c) => c._id)).not.toContain(cat._id);

      const trash = (method: 'POST' | 'DELETE', url: string) =>
        t.request({ method, url, payload: { id: [cat._id] } });
      expect((await trash('POST', '/api/admin/trash/restore')).statusCode).toBe(200);
      expect(await count()).toBe(many);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/App/video/category/${cat._id}` })).statusCode,
      ).toBe(200);
      expect((await trash('DELETE', '/api/admin/trash')).statusCode).toBe(200);
      expect((await trash('POST', '/api/admin/trash/restore')).statusCode).toBe(404);
    },
  );

  it("shows the database's kept count of videos, exact without a count of its rows", async () => {
    const cat = await addOk('Counted once');
    const count = async () => (await list()).find((c) => c._id === cat._id)?.total_products;
    expect(await count()).toBe(0);
    // A row no write told the server of: the count the database keeps in the insert's transaction has it.
    await sql`INSERT INTO videos (id, category_id, video, thumbnail, web, views, created_at)
      VALUES ('behind-its-back', ${cat._id}, 'videos/gone.mp4', 'videos/gone.png', 0, 0, '2025-01-01T00:00:00.000Z')`.execute(
      t.app.streamdesk.context.db,
    );
    expect(await count()).toBe(1);
    await sql`DELETE FROM videos WHERE id = 'behind-its-back'`.execute(t.app.streamdesk.context.db);
    expect(await count()).toBe(0);
  });
});

describe("GET /api/App/video/app/category (the app's categories)", () => {
  const appList = (headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/App/video/app/category', admin: false, headers });
  const toggle = (id: string) => t.request({ method: 'PUT', url: `/api/App/video/category/status/${id}` });
  const uploadTo = async (category: string, n: number) => {
    const files = Array.from({ length: n }, (_, i) => ({ field: 'video', name: `v${i}.mp4`, data: mp4(1) }));
    const res = await t.request({
      method: 'POST',
      url: videoRoutes.upload.path,
      payload: form({ category }, files),
    });
    expect(res.statusCode).toBe(200);
    return (await t.json<{ data: { _id: string }[] }>(res)).data.map((v) => v._id);
  };

  it('lists the active categories, newest first, with their video counts, cached with an ETag', async () => {
    const off = await addOk('App hidden');
    await toggle(off._id);
    const shown = await addOk('App shown');
    await uploadTo(shown._id, 2);

    const res = await appList();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json<AppCategoryListReply>();
    expect(body).toMatchObject({ status: true, message: 'Categories fetched' });
    expect(body.data[0]).toEqual({
      _id: shown._id,
      name: 'App shown',
      main_image: shown.main_image,
      total_products: 2,
    });
    const active = (await list()).filter((c) => c.status).map((c) => c._id);
    expect(body.data.map((c) => c._id)).toEqual(active);
    expect(body.data.map((c) => c._id)).not.toContain(off._id);

    const again = await appList({ 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('needs the api-key but no admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/App/video/app/category' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(errorBody('Invalid or missing api-key header.'));
    expect((await appList({ 'api-key': TEST_API_KEY })).statusCode).toBe(200);
  });

  it('shows each kind of category and video write to an app revalidating its ETag', async () => {
    let etag = (await appList()).headers.etag as string;
    /** The next read after a write: a full reply (not a 304), whose category `id` is then returned. */
    const afterWrite = async (id: string) => {
      const res = await appList({ 'if-none-match': etag });
      expect(res.statusCode).toBe(200);
      etag = res.headers.etag as string;
      return res.json<AppCategoryListReply>().data.find((c) => c._id === id);
    };

    const cat = await addOk('Written');
    expect(await afterWrite(cat._id)).toMatchObject({ name: 'Written', total_products: 0 });
    expect((await edit({ id: cat._id, name: 'Rewritten' })).statusCode).toBe(200);
    expect(await afterWrite(cat._id)).toMatchObject({ name: 'Rewritten' });
    const swapped = await t.json<{ data: VideoCategory }>(
      await edit({ id: cat._id, name: 'Rewritten' }, image(GIF, 'c.gif')),
    );
    expect(await afterWrite(cat._id)).toMatchObject({ main_image: swapped.data.main_image });
    const ids = await uploadTo(cat._id, 2);
    expect(await afterWrite(cat._id)).toMatchObject({ total_products: 2 });

    // The web flag does not change what the app lists, so the ETag still holds.
    const web = await t.request({
      method: 'PUT',
      url: videoRoutes.webStatus.path,
      payload: { id: ids, status: true },
    });
    expect(web.statusCode).toBe(200);
    expect((await appList({ 'if-none-match': etag })).statusCode).toBe(304);

    const removed = await t.request({
      method: 'DELETE',
      url: videoRoutes.remove.path,
      payload: { id: [ids[0]] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await afterWrite(cat._id)).toMatchObject({ total_products: 1 });
    await toggle(cat._id);
    expect(await afterWrite(cat._id)).toBeUndefined();
    await toggle(cat._id);
    expect(await afterWrite(cat._id)).toMatchObject({ name: 'Rewritten', total_products: 1 });
    await t.request({ method: 'DELETE', url: `/api/App/video/category/${cat._id}` });
    expect(await afterWrite(cat._id)).toBeUndefined();
    // Without videos, only the category's own delete can invalidate the list.
    const empty = await addOk('Empty');
    expect(await afterWrite(empty._id)).toMatchObject({ total_products: 0 });
    await t.request({ method: 'DELETE', url: `/api/App/video/category/${empty._id}` });
    expect(await afterWrite(empty._id)).toBeUndefined();
  });
});
