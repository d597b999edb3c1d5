import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { liveMatchRoutes as routes, type LiveMatch, type WebLiveAd } from '@streamdesk/contract/live-matches';
import { GIF, PNG, form } from '../../test/media-fixtures.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

/**
 * Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the live match inline edit, the live ads map and
 * the web live ad inline edit.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflict = (thing: string) => [409, errorBody(editVersionMessages.changed(thing))];
const folder = () => path.join(t.config.dataDir, 'media', 'live-matches');
const files = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);

// Live matches ---------------------------------------------------------------------------------------

const png = { field: 'image', name: 'match.png', data: PNG, type: 'image/png' };
const gif = { field: 'image', name: 'new.gif', data: GIF, type: 'image/gif' };

const addMatch = async (title: string) => {
  const res = await t.request({
    method: 'POST',
    url: routes.add.path,
    payload: form({ title, url: 'https://live.example.com/old' }, [png]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: LiveMatch }).data;
};
/** The row as the list shows it now (the screen's read). */
const listed = async (id: string) => {
  const res = await t.request({ method: 'GET', url: `${routes.list.path}?limit=100` });
  return (res.json() as { data: LiveMatch[] }).data.find((m) => m._id === id)!;
};
/** The inline edit's save: the row as it was read with `change` on top, and its version when given. */
const save = (m: LiveMatch, change: Partial<LiveMatch>, version?: string, withImage = false) =>
  t.request({
    method: 'PUT',
    url: routes.edit.path,
    payload: form(
      {
        _id: m._id,
        title: change.title ?? m.title,
        url: change.url ?? m.url,
        ...(version === undefined ? {} : { version }),
      },
      withImage ? [gif] : [],
    ),
  });

describe('a live match edit saved after another admin changed the match', () => {
  it('is refused with 409 before anything is written, its new image removed', async () => {
    const m = await addMatch('Old title');
    const tabA = await listed(m._id);
    const tabB = await listed(m._id);
    const b = await save(tabB, { title: 'New title' }, tabB.version);
    expect(b.statusCode, b.body).toBe(200);
    const before = { match: await listed(m._id), files: files() };

    // Tab A changes only the URL, with a new image too, from its old read.
    const a = await save(tabA, { url: 'https://live.example.com/new' }, tabA.version, true);
    expect([a.statusCode, a.json()]).toEqual(conflict('live match'));
    expect({ match: await listed(m._id), files: files() }).toEqual(before);
    expect(before.match.title).toBe('New title');

    // Read again, the same change goes through and keeps B's title.
    const again = await listed(m._id);
    const ok = await save(again, { url: 'https://live.example.com/new' }, again.version, true);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = (ok.json() as { data: LiveMatch }).data;
    expect(saved).toMatchObject({ title: 'New title', url: 'https://live.example.com/new' });
    expect(saved.version).toBe((await listed(m._id)).version);
    expect(files()).toHaveLength(before.files.length);
  });

  it('is made as before without a version (deployed apps): the last save wins', async () => {
    const m = await addMatch('No version');
    expect((await save(m, { title: 'First' }, m.version)).statusCode).toBe(200);
    const res = await save(m, { url: 'https://live.example.com/last' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(m._id)).toMatchObject({ title: 'No version', url: 'https://live.example.com/last' });
  });

  it('is not refused when only the view count or the status changed', async () => {
    const m = await addMatch('Counted');
    await t.app.streamdesk.context.db
      .updateTable('live_matches')
      .set({ view: 1234 })
      .where('id', '=', m._id)
      .execute();
    const status = await t.request({
      method: 'PUT',
      url: routes.status.path.replace(':id', m._id),
      payload: { status: false },
    });
    expect(status.statusCode).toBe(200);
    expect((await listed(m._id)).version).toBe(m.version);
    const res = await save(m, { title: 'Counted, edited' }, m.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(m._id)).toMatchObject({ title: 'Counted, edited', view: 1234, status: false });
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const m = await addMatch('Race');
    const before = files().length;
    const answers = await Promise.all([
      save(m, { title: 'One' }, m.version, true),
      save(m, { title: 'Two' }, m.version, true),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as { data: LiveMatch };
    expect(await listed(m._id)).toEqual(won.data);
    expect(files()).toHaveLength(before);
  });

  it('refuses a version that is not one with 400 naming the field, keeping the match and no file', async () => {
    const m = await addMatch('Malformed');
    const before = files();
    const res = await save(m, { title: 'x' }, 'not-a-version', true);
    expect([res.statusCode, res.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    expect(await listed(m._id)).toEqual(m);
    expect(files()).toEqual(before);
  });
});

// Live call ads ------------------------------------------------------------------------------------------

type AdsReply = { data: Record<string, string>; version: string };
const readAds = async () => (await t.request({ method: 'GET', url: routes.liveAds.path })).json() as AdsReply;
const putAds = (map: Record<string, string>, version?: string) =>
  t.request({
    method: 'PUT',
    url: routes.saveLiveAds.path,
    payload: version === undefined ? map : { ...map, version },
  });

describe('a live call ads save made after another admin saved the map', () => {
  it('is refused with 409 and the other save kept', async () => {
    expect((await putAds({ banner: 'b1' })).statusCode).toBe(200);
    const tabA = await readAds();
    const tabB = await readAds();
    // Tab B adds a field; tab A changes a value of the map as it read it.
    expect((await putAds({ ...tabB.data, native: 'n1' }, tabB.version)).statusCode).toBe(200);
    const a = await putAds({ ...tabA.data, banner: 'b2' }, tabA.version);
    expect([a.statusCode, a.json()]).toEqual(conflict('list of live call ads'));
    expect((await readAds()).data).toEqual({ banner: 'b1', native: 'n1' });

    const again = await readAds();
    const ok = await putAds({ ...again.data, banner: 'b2' }, again.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      data: { banner: 'b2', native: 'n1' },
      version: (await readAds()).version,
    });
  });

  it('counts the order of the fields, and takes `version` as the version, never as a field', async () => {
    expect((await putAds({ a: '1', b: '2' })).statusCode).toBe(200);
    const read = await readAds();
    expect((await putAds({ b: '2', a: '1' })).statusCode).toBe(200);
    expect((await putAds(read.data, read.version)).statusCode).toBe(409);
    const now = await readAds();
    expect((await putAds({ c: '3' }, now.version)).statusCode).toBe(200);
    expect((await readAds()).data).toEqual({ c: '3' });
  });

  it('is made as before without a version, and refuses a malformed one with 400', async () => {
    const read = await readAds();
    expect((await putAds({ other: 'x' })).statusCode).toBe(200);
    expect((await putAds({ mine: 'y' })).statusCode).toBe(200);
    expect((await readAds()).data).toEqual({ mine: 'y' });
    const bad = await putAds({ z: '1' }, 'v1.2');
    expect([bad.statusCode, bad.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    expect((await readAds()).data).toEqual({ mine: 'y' });
    expect(read.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const read = await readAds();
    const answers = await Promise.all([
      putAds({ first: '1' }, read.version),
      putAds({ second: '2' }, read.version),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as AdsReply;
    expect(await readAds()).toMatchObject({ data: won.data, version: won.version });
  });
});

// Web live ads (Ads Fire) ------------------------------------------------------------------------------------

const addWebAd = async (a_name: string) => {
  const res = await t.request({
    method: 'POST',
    url: routes.addWebAd.path,
    payload: { a_name, a_url: 'https://ads.example.com/old' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: WebLiveAd }).data;
};
/** The ad's row as the Ads Fire list shows it now (the screen's read). */
const listedAd = async (id: string) => {
  const res = await t.request({ method: 'GET', url: routes.webAds.path });
  return (res.json() as { data: WebLiveAd[] }).data.find((a) => a._id === id)!;
};
/** The inline edit's save: the row as it was read with `change` on top, and its version when given. */
const saveAd = (ad: WebLiveAd, change: Partial<WebLiveAd>, version?: string) =>
  t.request({
    method: 'PUT',
    url: routes.editWebAd.path,
    payload: {
      _id: ad._id,
      a_name: change.a_name ?? ad.a_name,
      a_url: change.a_url ?? ad.a_url,
      ...(version === undefined ? {} : { version }),
    },
  });

describe('a web live ad edit saved after another admin changed the ad', () => {
  it('is refused with 409 and nothing written; read again, it keeps the other change', async () => {
    const ad = await addWebAd('Promo');
    const tabA = await listedAd(ad._id);
    const tabB = await listedAd(ad._id);
    // Tab B changes the URL; tab A, from its old read, renames the ad only.
    const b = await saveAd(tabB, { a_url: 'https://ads.example.com/b' }, tabB.version);
    expect(b.statusCode, b.body).toBe(200);
    const before = await listedAd(ad._id);

    const a = await saveAd(tabA, { a_name: 'PromoRenamed' }, tabA.version);
    expect([a.statusCode, a.json()]).toEqual(conflict('web live ad'));
    expect(await listedAd(ad._id)).toEqual(before);
    expect(before).toMatchObject({ a_name: 'Promo', a_url: 'https://ads.example.com/b' });

    const again = await listedAd(ad._id);
    const ok = await saveAd(again, { a_name: 'PromoRenamed' }, again.version);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = (ok.json() as { data: WebLiveAd }).data;
    expect(saved).toMatchObject({ a_name: 'PromoRenamed', a_url: 'https://ads.example.com/b' });
    expect(saved.version).toBe((await listedAd(ad._id)).version);
    expect(saved.version).not.toBe(again.version);
  });

  it('is not refused when only its fires, views and clicks changed', async () => {
    const ad = await addWebAd('Counted');
    const fired = await t.request({
      method: 'POST',
      url: routes.fire.path,
      payload: { Adstype: 'Url_Ads_Fire', a_name: ad.a_name, url: ad.a_url },
    });
    expect(fired.statusCode, fired.body).toBe(200);
    await t.app.streamdesk.context.db
      .updateTable('live_ad_fires')
      .set({ a_view: 40, a_click: 7 })
      .where('web_ad_id', '=', ad._id)
      .execute();
    const now = await listedAd(ad._id);
    expect(now).toMatchObject({ a_view: 40, a_click: 7, version: ad.version });
    const res = await saveAd(ad, { a_url: 'https://ads.example.com/new' }, ad.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(await listedAd(ad._id)).toMatchObject({
      a_url: 'https://ads.example.com/new',
      a_view: 40,
      a_click: 7,
    });
  });

  it('is made as before without a version (deployed clients): the last save wins', async () => {
    const ad = await addWebAd('NoVersion');
    expect((await saveAd(ad, { a_url: 'https://ads.example.com/first' }, ad.version)).statusCode).toBe(200);
    const res = await saveAd(ad, { a_name: 'NoVersionLast' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listedAd(ad._id)).toMatchObject({
      a_name: 'NoVersionLast',
      a_url: 'https://ads.example.com/old',
    });
  });

  it('refuses a version that is not one with 400 naming the field, keeping the ad', async () => {
    const ad = await addWebAd('Malformed');
    for (const version of ['not-a-version', 'ABCDEF0123456789', '0123']) {
      const res = await saveAd(ad, { a_name: 'MalformedEdited' }, version);
      expect([version, res.statusCode, res.json()]).toEqual([
        version,
        400,
        errorBody(editVersionMessages.invalid),
      ]);
    }
    expect(await listedAd(ad._id)).toEqual(ad);
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const ad = await addWebAd('Race');
    const answers = await Promise.all([
      saveAd(ad, { a_url: 'https://ads.example.com/one' }, ad.version),
      saveAd(ad, { a_url: 'https://ads.example.com/two' }, ad.version),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.statusCode === 200)!.json() as { data: WebLiveAd };
    expect(await listedAd(ad._id)).toEqual(won.data);
  });
});
