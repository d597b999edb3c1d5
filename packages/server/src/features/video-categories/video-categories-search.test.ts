import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCategoryRoutes as routes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, PNG } from '../../test/media-fixtures.js';
import { trashCalls } from '../../test/trash-calls.js';

/** The category list's search through its index (0048) follows every write to a category's name. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const trash = trashCalls(() => t);

const image = [{ field: 'image', name: 'cat.png', data: PNG }];
const names = async (q: string) =>
  (await trash.get<{ data: VideoCategory[] }>(`${routes.list.path}?q=${encodeURIComponent(q)}`)).data.map(
    (c) => c.name,
  );

describe('video category search', () => {
  it('follows adds, renames, deletes and restores from the trash, folding case as before', async () => {
    const added = await t.request({
      method: 'POST',
      url: routes.add.path,
      payload: form({ name: 'Kabaddi Ödül' }, image),
    });
    expect(added.statusCode, added.body).toBe(200);
    const { _id } = (added.json() as { data: VideoCategory }).data;
    expect(await names('BADDI ö')).toEqual(['Kabaddi Ödül']);
    expect(await names('odul')).toEqual([]);
    expect(await names('di')).toEqual(['Kabaddi Ödül']);
    const renamed = await t.request({
      method: 'PUT',
      url: routes.update.path,
      payload: form({ id: _id, name: 'Hockey' }, []),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names('baddi')).toEqual([]);
    expect(await names('OCKE')).toEqual(['Hockey']);
    const removed = await t.request({ method: 'DELETE', url: `/api/App/video/category/${_id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await names('ocke')).toEqual([]);
    expect((await trash.restore(_id)).statusCode).toBe(200);
    expect(await names('ocke')).toEqual(['Hockey']);
  });
});
