import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { shortcutRoutes as routes, type ShortcutStory } from '@streamdesk/contract/shortcut-stories';
import { storedFiles } from '../../test/stored-files.js';
import { GIF, PNG, form } from '../../test/media-fixtures.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the shortcut story inline edit. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflict = [409, errorBody(editVersionMessages.changed('shortcut story'))];
const files = () => storedFiles(t, 'shortcut-stories');
const png = { field: 'image', name: 'logo.png', data: PNG };
const gif = { field: 'image', name: 'new.gif', data: GIF };

const addShortcut = async (name: string) => {
  const res = await t.request({
    method: 'POST',
    url: routes.add.path,
    payload: form({ name, url: 'https://brand.example/old' }, [png]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ShortcutStory }).data;
};
/** The row as the list shows it now (the screen's read). */
const listed = async (id: string) => {
  const res = await t.request({ method: 'GET', url: `${routes.list.path}?page=1&limit=100&q=&a=true` });
  return (res.json() as { data: ShortcutStory[] }).data.find((s) => s._id === id)!;
};
/**
 * The inline edit's save as the screen sends it: every text field as the row was read, with `change` on
 * top (Click only when changed), and the row's version when given.
 */
const save = (s: ShortcutStory, change: Partial<ShortcutStory>, version?: string, withImage = false) => {
  const d = { ...s, ...change };
  return t.request({
    method: 'PUT',
    url: routes.edit.path,
    payload: form(
      {
        _id: s._id,
        name: d.name,
        url: d.url,
        s_no: String(d.s_no),
        label: d.label,
        ...(change.clickCount === undefined ? {} : { clickCount: String(change.clickCount) }),
        ...(version === undefined ? {} : { version }),
      },
      withImage ? [gif] : [],
    ),
  });
};

describe('a shortcut edit saved after another admin changed the shortcut', () => {
  it('is refused with 409 before anything is written, its new image removed', async () => {
    const s = await addShortcut('Old name');
    const tabA = await listed(s._id);
    const tabB = await listed(s._id);
    const b = await save(tabB, { name: 'New name', label: 'HOT' }, tabB.version);
    expect(b.statusCode, b.body).toBe(200);
    const before = { shortcut: await listed(s._id), files: files() };

    // Tab A changes only the URL, with a new logo too, from its old read: the name and label would go back.
    const a = await save(tabA, { url: 'https://brand.example/new' }, tabA.version, true);
    expect([a.statusCode, a.json()]).toEqual(conflict);
    expect({ shortcut: await listed(s._id), files: files() }).toEqual(before);
    expect(before.shortcut).toMatchObject({ name: 'New name', label: 'HOT' });

    // Read again, the same change goes through and keeps B's name and label.
    const again = await listed(s._id);
    const ok = await save(again, { url: 'https://brand.example/new' }, again.version, true);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = (ok.json() as { data: ShortcutStory }).data;
    expect(saved).toMatchObject({ name: 'New name', label: 'HOT', url: 'https://brand.example/new' });
    expect(saved.version).toBe((await listed(s._id)).version);
    expect(files()).toHaveLength(before.files.length);
  });

  it.each([
    ['No', { s_no: 9 }],
    ['Url', { url: 'https://brand.example/b' }],
    ['Label', { label: 'NEW' }],
  ] as const)('is refused when the other admin changed only its %s', async (_field, change) => {
    const s = await addShortcut(`Only ${_field}`);
    expect((await save(s, change, s.version)).statusCode).toBe(200);
    const a = await save(s, { name: 'Mine' }, s.version);
    expect([a.statusCode, a.json()]).toEqual(conflict);
    expect(await listed(s._id)).toMatchObject({ ...change, name: `Only ${_field}` });
  });

  it('is refused when the other admin replaced only the logo', async () => {
    const s = await addShortcut('Logo');
    expect((await save(s, {}, s.version, true)).statusCode).toBe(200);
    const a = await save(s, { name: 'Mine' }, s.version);
    expect([a.statusCode, a.json()]).toEqual(conflict);
  });

  it('is made as before without a version (deployed apps): the last save wins', async () => {
    const s = await addShortcut('No version');
    expect((await save(s, { name: 'First' }, s.version)).statusCode).toBe(200);
    const res = await save(s, { url: 'https://brand.example/last' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(s._id)).toMatchObject({ name: 'No version', url: 'https://brand.example/last' });
  });

  it('is not refused when only the app counted clicks, and a Click set by the admin is kept', async () => {
    const s = await addShortcut('Counted');
    const events = [1, 2].map((n) => ({ type: 'click', entity: 'shortcut', id: s._id, clientId: `p-${n}` }));
    const sent = await t.request({
      method: 'POST',
      url: '/api/App/events',
      admin: false,
      payload: { events },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.streamdesk.analytics.counter.flush();
    expect(await listed(s._id)).toMatchObject({ clickCount: 2, version: s.version });

    const res = await save(s, { name: 'Counted, edited' }, s.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(s._id)).toMatchObject({ name: 'Counted, edited', clickCount: 2 });
    const reset = await listed(s._id);
    expect((await save(reset, { clickCount: 0 }, reset.version)).statusCode).toBe(200);
    expect(await listed(s._id)).toMatchObject({ clickCount: 0, version: reset.version });
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const s = await addShortcut('Race');
    const before = files().length;
    const answers = await Promise.all([
      save(s, { name: 'One' }, s.version, true),
      save(s, { name: 'Two' }, s.version, true),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as { data: ShortcutStory };
    expect(await listed(s._id)).toEqual(won.data);
    expect(files()).toHaveLength(before);
  });

  it('refuses a version that is not one with 400 naming the field, keeping the shortcut and no file', async () => {
    const s = await addShortcut('Malformed');
    const before = files();
    const res = await save(s, { name: 'x' }, 'not-a-version', true);
    expect([res.statusCode, res.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    expect(await listed(s._id)).toEqual(s);
    expect(files()).toEqual(before);
  });

  it('keeps the version out of the app list', async () => {
    await addShortcut('App');
    const res = await t.request({ method: 'GET', url: routes.appList.path, admin: false });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: object[] }).data[0]).not.toHaveProperty('version');
  });
});
