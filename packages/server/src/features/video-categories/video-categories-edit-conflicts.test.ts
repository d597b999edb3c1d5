import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { videoCategoryRoutes as routes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes } from '@streamdesk/contract/videos';
import { GIF, PNG, form, mp4 } from '../../test/media-fixtures.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the video category edit form. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflict = [409, errorBody(editVersionMessages.changed('category'))];
const folder = () => path.join(t.config.dataDir, 'media', 'video-categories');
const files = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);
const gif = { field: 'image', name: 'new.gif', data: GIF };

const addCategory = async (name: string) => {
  const res = await t.request({
    method: 'POST',
    url: routes.add.path,
    payload: form({ name }, [{ field: 'image', name: 'c.png', data: PNG }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: VideoCategory }).data;
};
/** The row as the list shows it now (the screen's read). */
const listed = async (id: string) => {
  const res = await t.request({ method: 'GET', url: routes.list.path });
  return (res.json() as { data: VideoCategory[] }).data.find((c) => c._id === id)!;
};
/** The edit form's save: the name typed, its version when given, a new image when asked. */
const save = (c: VideoCategory, name: string, version?: string, withImage = false) =>
  t.request({
    method: 'PUT',
    url: routes.update.path,
    payload: form({ id: c._id, name, ...(version === undefined ? {} : { version }) }, withImage ? [gif] : []),
  });

describe('a category edit saved after another admin changed the category', () => {
  it('is refused with 409 before anything is written, its new image removed', async () => {
    const c = await addCategory('Cricket');
    const tabA = await listed(c._id);
    const tabB = await listed(c._id);
    // Tab B renames the category; tab A, opened before, changes only the image.
    const b = await save(tabB, 'Cricket World', tabB.version);
    expect(b.statusCode, b.body).toBe(200);
    const before = { category: await listed(c._id), files: files() };

    const a = await save(tabA, tabA.name, tabA.version, true);
    expect([a.statusCode, a.json()]).toEqual(conflict);
    expect({ category: await listed(c._id), files: files() }).toEqual(before);
    expect(before.category.name).toBe('Cricket World');

    // Read again, the same change goes through and keeps B's name.
    const again = await listed(c._id);
    const ok = await save(again, again.name, again.version, true);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = (ok.json() as { data: VideoCategory }).data;
    expect(saved).toMatchObject({ name: 'Cricket World', main_image: expect.stringMatching(/\.gif$/) });
    expect(saved.version).toBe((await listed(c._id)).version);
    expect(files()).toHaveLength(before.files.length);
  });

  it('is refused when the other admin changed only the image', async () => {
    const c = await addCategory('Football');
    const tabA = await listed(c._id);
    expect((await save(c, c.name, c.version, true)).statusCode).toBe(200);
    const a = await save(tabA, 'Soccer', tabA.version);
    expect([a.statusCode, a.json()]).toEqual(conflict);
    expect((await listed(c._id)).name).toBe('Football');
  });

  it('is made as before without a version (deployed clients): the last save wins', async () => {
    const c = await addCategory('No version');
    expect((await save(c, 'First', c.version)).statusCode).toBe(200);
    const res = await save(c, 'Last');
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed(c._id)).name).toBe('Last');
  });

  it('is not refused when only the video count or the status changed', async () => {
    const c = await addCategory('Counted');
    const upload = await t.request({
      method: 'POST',
      url: videoRoutes.upload.path,
      payload: form({ category: c._id }, [{ field: 'video', name: 'clip.mp4', data: mp4(1) }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const flip = await t.request({ method: 'PUT', url: routes.toggleStatus.path.replace(':id', c._id) });
    expect(flip.statusCode).toBe(200);
    expect(await listed(c._id)).toMatchObject({ total_products: 1, status: false, version: c.version });
    const res = await save(c, 'Counted, renamed', c.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(c._id)).toMatchObject({ name: 'Counted, renamed', total_products: 1, status: false });
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const c = await addCategory('Race');
    const before = files().length;
    const answers = await Promise.all([save(c, 'One', c.version, true), save(c, 'Two', c.version, true)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as { data: VideoCategory };
    expect(await listed(c._id)).toEqual(won.data);
    expect(files()).toHaveLength(before);
  });

  it('refuses a version that is not one with 400 naming the field, keeping the category and no file', async () => {
    const c = await addCategory('Malformed');
    const before = files();
    const res = await save(c, 'x', 'not-a-version', true);
    expect([res.statusCode, res.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    expect(await listed(c._id)).toEqual(c);
    expect(files()).toEqual(before);
  });

  it('does not give the app a version', async () => {
    await addCategory('App side');
    const res = await t.request({ method: 'GET', url: routes.appList.path, admin: false });
    const data = (res.json() as { data: Record<string, unknown>[] }).data;
    expect(data.length).toBeGreaterThan(0);
    for (const row of data)
      expect(Object.keys(row).sort()).toEqual(['_id', 'main_image', 'name', 'total_products']);
  });
});
