import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { storyMessages, type Story } from '@streamdesk/contract/stories';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { form, PNG } from '../../test/media-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const files = () => readdirSync(path.join(t.config.dataDir, 'media', 'stories')).sort();
const button = { btnName: 'Watch', btnUrl: 'https://example.com/x' };
const image = { field: 'image', name: 'pic.png', data: PNG, type: 'image/png' };

const add = async (insertData: object) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/App/Add/Story/Video',
    payload: form({ insertData: JSON.stringify(insertData) }, [image]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Story }).data;
};
/** What the edit page loads: the story and its version. */
const find = async (s: Story) => {
  const kind = s.adsStory ? 'ads' : 'video';
  const res = await t.request({ method: 'GET', url: `/api/App/story/${kind}/find?id=${s._id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Story; version: string };
};
/** The edit page's save: the form as loaded with `change` on top, and the version when given. */
const save = (s: Story, change: object, version?: string, withImage = false) =>
  t.request({
    method: 'PUT',
    url: '/api/App/Edit/story/video',
    payload: form(
      {
        _id: JSON.stringify(s._id),
        insertData: JSON.stringify({ ...s, ...change }),
        ...(version === undefined ? {} : { version }),
      },
      withImage ? [image] : [],
    ),
  });
const setStatus = (s: Story, status: boolean) =>
  t.request({
    method: 'PUT',
    url: `/api/App/story/${s.adsStory ? 'ads' : 'video'}/status`,
    payload: { _id: s._id, status },
  });
const conflict = (thing: string) => [409, errorBody(editVersionMessages.changed(thing))];

describe('a story edit saved after another admin changed the story', () => {
  it('is refused with 409 and the other change kept, whether the button URL or the status changed', async () => {
    const s = await add(button);
    const opened = await find(s);
    // Another admin changes the Button URL and switches the story off.
    expect((await save(s, { btnUrl: 'https://example.com/new' })).statusCode).toBe(200);
    expect((await setStatus(s, false)).statusCode).toBe(200);
    const before = { story: (await find(s)).data, files: files() };

    // This tab changes only the Button Name, its form as it loaded, with a new image too.
    const res = await save(opened.data, { btnName: 'Mine' }, opened.version, true);
    expect([res.statusCode, res.json()]).toEqual(conflict('story'));
    expect({ story: (await find(s)).data, files: files() }).toEqual(before);
    expect(before.story).toMatchObject({
      btnUrl: 'https://example.com/new',
      status: false,
      btnName: 'Watch',
    });

    // Reloaded, the same change goes through.
    const again = await find(s);
    const ok = await save(again.data, { btnName: 'Mine' }, again.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await find(s)).data).toMatchObject({
      btnName: 'Mine',
      btnUrl: 'https://example.com/new',
      status: false,
    });
  });

  it('is not refused for the view and click counts the app keeps changing', async () => {
    const s = await add({ ...button, maxviewLimit: 100, maxviewStatus: true });
    const opened = await find(s);
    const db = t.app.streamdesk.context.db;
    await db.updateTable('stories').set({ view: 40, click_btn_count: 7 }).where('id', '=', s._id).execute();
    expect((await find(s)).version).toBe(opened.version);
    const res = await save(opened.data, { btnName: 'Counted' }, opened.version);
    expect(res.statusCode, res.body).toBe(200);
    expect((await find(s)).data).toMatchObject({ btnName: 'Counted', view: 40, clickBtnCount: 7 });
  });

  it('refuses a story ad in its own words, and the second of two saves opened together', async () => {
    const ad = await add({ ...button, adsStory: true });
    const opened = await find(ad);
    const [first, second] = await Promise.all([
      save(opened.data, { btnName: 'First' }, opened.version),
      save(opened.data, { btnName: 'Second' }, opened.version),
    ]);
    // The check runs under the story's lock: one save is made, the other was read before it.
    expect([first, second].map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toEqual(errorBody(editVersionMessages.changed('story ad')));
    const kept = first.statusCode === 200 ? 'First' : 'Second';
    expect((await find(ad)).data.btnName).toBe(kept);
  });

  it('is saved as before without a version (deployed clients), and a malformed one is a 400', async () => {
    const s = await add(button);
    const opened = await find(s);
    await setStatus(s, false);
    const res = await save(opened.data, { btnName: 'Last write wins' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await find(s)).data).toMatchObject({ btnName: 'Last write wins', status: true });

    const bad = await save(opened.data, { btnName: 'x' }, 'not-a-version');
    expect([bad.statusCode, bad.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    const unknown = await save({ ...opened.data, _id: 'ffffffffffffffffffffffff' }, {}, opened.version);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, errorBody(storyMessages.notFound)]);
  });
});
