import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { inHouseMessages, inHouseRoutes, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { form, GIF, JPEG, PNG } from '../../test/media-fixtures.js';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the in-house ad edit page's save. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = inHouseRoutes.list.path;
const files = () => readdirSync(path.join(t.config.dataDir, 'media', 'inhouse-ads')).sort();
const conflict = [409, errorBody(editVersionMessages.changed('in-house ad'))];

type Upload = { field: string; name: string; data: Buffer };
const newIcon: Upload = { field: 'icon', name: 'icon.gif', data: GIF };
const newImage: Upload = { field: 'image', name: 'image.jpg', data: JPEG };

const create = async () => {
  const res = await t.request({
    method: 'POST',
    url: PATH,
    payload: form(
      {
        mainTitle: 'Old title',
        subTitle: 'Sub',
        description: 'Text',
        callToAction: 'https://example.com/old',
        btnName: 'Install',
        web_stay_time: '5',
        adType: 'fs_web',
      },
      [
        { field: 'icon', name: 'icon.png', data: PNG },
        { field: 'image', name: 'image.png', data: PNG },
      ],
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: InHouseAd }).data;
};
/** What the edit page loads: the ad and its version. */
const find = async (id: string) => {
  const res = await t.request({ method: 'GET', url: `${PATH}/data/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: InHouseAd; version: string };
};
/** The edit page's save: the form as loaded with `change` on top, its version when given, and files. */
const save = (ad: InHouseAd, change: Partial<InHouseAd>, version?: string, uploads: Upload[] = []) => {
  const v = { ...ad, ...change };
  return t.request({
    method: 'PUT',
    url: PATH,
    payload: form(
      {
        id: ad._id,
        mainTitle: v.mainTitle,
        subTitle: v.subTitle,
        medType: v.medType,
        description: v.description,
        callToAction: v.callToAction,
        btnName: v.btnName,
        web_stay_time: String(v.web_stay_time),
        adType: v.adType,
        ...(version === undefined ? {} : { version }),
      },
      uploads,
    ),
  });
};

describe('an in-house ad edit saved after another admin changed the ad', () => {
  it('is refused with 409 before anything is written, its new icon and image removed', async () => {
    const ad = await create();
    const tabA = await find(ad._id);
    const tabB = await find(ad._id);
    // Tab B changes the call to action; tab A changes only the title, with a new icon and image too.
    const b = await save(tabB.data, { callToAction: 'https://example.com/new' }, tabB.version);
    expect(b.statusCode, b.body).toBe(200);
    const before = { ad: await find(ad._id), files: files() };

    const a = await save(tabA.data, { mainTitle: 'Mine' }, tabA.version, [newIcon, newImage]);
    expect([a.statusCode, a.json()]).toEqual(conflict);
    expect({ ad: await find(ad._id), files: files() }).toEqual(before);
    expect(before.ad.data).toMatchObject({ mainTitle: 'Old title', callToAction: 'https://example.com/new' });

    // Reloaded, the same change goes through and keeps B's call to action.
    const again = await find(ad._id);
    const ok = await save(again.data, { mainTitle: 'Mine' }, again.version, [newIcon, newImage]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await find(ad._id)).data).toMatchObject({
      mainTitle: 'Mine',
      callToAction: 'https://example.com/new',
      icon: expect.stringMatching(/\.gif$/),
      medView: expect.stringMatching(/\.jpg$/),
    });
    // The two new files in, the two old ones out.
    expect(files()).toHaveLength(before.files.length);
  });

  it('counts a new image of another admin as a change', async () => {
    const ad = await create();
    const opened = await find(ad._id);
    expect((await save(opened.data, {}, opened.version, [newImage])).statusCode).toBe(200);
    const res = await save(opened.data, { btnName: 'Open' }, opened.version);
    expect([res.statusCode, res.json()]).toEqual(conflict);
  });

  it('is not refused when only the view and click counts or the status changed', async () => {
    const ad = await create();
    const opened = await find(ad._id);
    await t.app.streamdesk.context.db
      .updateTable('inhouse_ads')
      .set({ view: 40, click_count: 7 })
      .where('id', '=', ad._id)
      .execute();
    const status = await t.request({
      method: 'POST',
      url: inHouseRoutes.status.path,
      payload: { id: ad._id, status: false },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect((await find(ad._id)).version).toBe(opened.version);
    const res = await save(opened.data, { btnName: 'Counted' }, opened.version);
    expect(res.statusCode, res.body).toBe(200);
    expect((await find(ad._id)).data).toMatchObject({
      btnName: 'Counted',
      view: 40,
      clickCount: 7,
      status: false,
    });
  });

  it('is made as before without a version (deployed clients): the last save wins', async () => {
    const ad = await create();
    const opened = await find(ad._id);
    expect((await save(opened.data, { callToAction: 'https://example.com/b' })).statusCode).toBe(200);
    const res = await save(opened.data, { mainTitle: 'Last write wins' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await find(ad._id)).data).toMatchObject({
      mainTitle: 'Last write wins',
      callToAction: 'https://example.com/old',
    });
  });

  it('of two saves from one read at once, makes one and refuses the other, whose image goes', async () => {
    const ad = await create();
    const opened = await find(ad._id);
    const before = files().length;
    const answers = await Promise.all([
      save(opened.data, { mainTitle: 'One' }, opened.version, [newImage]),
      save(opened.data, { mainTitle: 'Two' }, opened.version, [newImage]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = (answers.find((r) => r.statusCode === 200)!.json() as { data: InHouseAd }).data;
    expect((await find(ad._id)).data).toEqual(won);
    expect(files()).toHaveLength(before);
  });

  it('refuses a version that is not one with 400 naming the field, keeping the ad and no file', async () => {
    const ad = await create();
    const opened = await find(ad._id);
    const before = files();
    const res = await save(opened.data, { mainTitle: 'x' }, 'not-a-version', [newIcon]);
    expect([res.statusCode, res.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    expect(await find(ad._id)).toEqual(opened);
    expect(files()).toEqual(before);
    const unknown = await save({ ...opened.data, _id: 'ffffffffffffffffffffffff' }, {}, opened.version, [
      newIcon,
    ]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, errorBody(inHouseMessages.notFound)]);
    expect(files()).toEqual(before);
  });
});
