import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMessages, type SimpleAd } from '@streamdesk/contract/ad-units';
import { trashMessages } from '@streamdesk/contract/trash';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { adClient, ADMOB } from './ad-units.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = { status: boolean; message: string; data: SimpleAd[] };
type One = { status: boolean; message: string; data: SimpleAd };

describe.each(['android', 'ios'] as const)('%s simple ad units', (platform) => {
  const client = () => adClient(t, platform);
  const list = async (kind: string) =>
    (await client().call<List>(client().routes.list, { params: { kind } })).body.data;
  const add = (kind: string, body: unknown, plain = false) =>
    client().call<One>(client().routes.add, { params: { kind }, body, plain });
  const update = (kind: string, id: string, body: unknown) =>
    client().call<One>(client().routes.update, { params: { kind, id }, body });

  it('deletes a unit to the trash, gone from the app config; restores it, or refuses (409) while its name is taken', async () => {
    const remove = (kind: string, id: string) =>
      client().call(client().routes.remove, { params: { kind, id } });
    const restore = (id: string) =>
      t.request({ method: 'POST', url: '/api/admin/trash/restore', payload: { id: [id] } });
    const config = async () =>
      (await t.request({ method: 'GET', url: `/api/App/ads/config?platform=${platform}`, admin: false }))
        .json<{
          data: { fullScreen: { _id: string }[] };
        }>()
        .data.fullScreen.map((a) => a._id);
    const name = `Trash${platform}`;
    const unit = (await add('fullScreen', { a_name: name, a_id: ADMOB, a_description: 'Top' })).body.data;
    expect(await config()).toContain(unit._id);

    expect((await remove('native', unit._id)).status).toBe(404);
    const res = await remove('fullScreen', unit._id);
    expect([res.status, res.body]).toEqual([200, { status: true, message: adMessages.deleted }]);
    expect(await list('fullScreen')).not.toContainEqual(unit);
    expect(await config()).not.toContain(unit._id);
    expect((await remove('fullScreen', unit._id)).status).toBe(404);
    const trash = (await t.request({ method: 'GET', url: '/api/admin/trash?feature=ad-units' })).json<{
      data: { _id: string; label: string }[];
    }>();
    expect(trash.data.find((e) => e._id === unit._id)?.label).toBe(`ad unit "${name}"`);

    const taker = (await add('fullScreen', { a_name: name, a_id: ADMOB, a_description: 'Taker' })).body.data;
    const refused = await restore(unit._id);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      errorBody(trashMessages.adUnitNameTaken(name)),
    ]);
    expect((await remove('fullScreen', taker._id)).status).toBe(200);
    expect((await restore(unit._id)).statusCode).toBe(200);
    expect(await list('fullScreen')).toContainEqual(unit);
    expect(await config()).toContain(unit._id);
  });

  it('adds and lists a unit per kind, with the platform wire format', async () => {
    const res = await add('native', { a_name: `Home${platform}`, a_id: ADMOB, a_description: 'Home feed' });
    expect(res.status).toBe(200);
    // Android replies are sealed, Apple ones plain JSON.
    if (platform === 'android')
      expect(res.res.json()).toEqual({ encrypted: expect.any(String), iv: expect.any(String) });
    else expect(res.res.json()).toMatchObject({ status: true });
    expect(res.body).toEqual({
      status: true,
      message: adMessages.added,
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        a_name: `Home${platform}`,
        a_id: ADMOB,
        a_description: 'Home feed',
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });
    expect(await list('native')).toEqual([res.body.data]);
    expect(await list('banner')).toEqual([]);
    const other = platform === 'android' ? 'ios' : 'android';
    const otherList = await adClient(t, other).call<List>(adClient(t, other).routes.list, {
      params: { kind: 'native' },
    });
    expect(otherList.body.data.map((a) => a.a_name)).not.toContain(`Home${platform}`);
  });

  it('accepts a plain JSON body too', async () => {
    const res = await add('banner', { a_name: 'Plain', a_id: ADMOB, a_description: 'plain body' }, true);
    expect(res.body.status).toBe(true);
  });

  it('strips spaces from name and id, not from the description', async () => {
    const res = await add('fullScreen', {
      a_name: ' Level  End ',
      a_id: ' ca-app-pub-123 / 456 ',
      a_description: '  between two levels ',
    });
    expect(res.body.data).toMatchObject({
      a_name: 'LevelEnd',
      a_id: 'ca-app-pub-123/456',
      a_description: 'between two levels',
    });
  });

  it('refuses empty or whitespace fields and writes nothing', async () => {
    for (const body of [
      { a_name: '', a_id: ADMOB, a_description: 'x' },
      { a_name: 'A', a_id: '   ', a_description: 'x' },
      { a_name: 'A', a_id: ADMOB, a_description: ' \t ' },
      { a_name: 'A', a_id: ADMOB },
      {},
    ]) {
      const res = await add('open', body);
      expect(res.status).toBe(400);
      expect(res.res.json()).toEqual(errorBody(adMessages.fillAll));
    }
    expect(await list('open')).toEqual([]);
  });

  it('warns about an id that is not an AdMob unit id, and saves it when forced', async () => {
    const body = { a_name: 'Odd', a_id: 'my-reward-unit', a_description: 'test id' };
    const warned = await add('reward', body);
    expect(warned.status).toBe(400);
    expect(warned.res.json()).toEqual(errorBody(adMessages.adMobFormat));
    expect(await list('reward')).toEqual([]);
    const forced = await add('reward', { ...body, force: true });
    expect(forced.body.data).toMatchObject({ a_name: 'Odd', a_id: 'my-reward-unit' });
  });

  it('refuses a second unit of the same name in a kind', async () => {
    await add('open', { a_name: 'Splash', a_id: ADMOB, a_description: 'one' });
    const again = await add('open', { a_name: 'Splash', a_id: ADMOB, a_description: 'two' });
    expect(again.status).toBe(409);
    expect(again.res.json()).toEqual(errorBody(adMessages.duplicateName));
    expect((await add('banner', { a_name: 'Splash', a_id: ADMOB, a_description: 'other kind' })).status).toBe(
      200,
    );
  });

  it('updates id and description only; editing the name is refused', async () => {
    const { body } = await add('native', { a_name: 'Detail', a_id: ADMOB, a_description: 'old' });
    const id = body.data._id;
    const changed = await update('native', id, { a_id: ' ca-app-pub-1/2 ', a_description: ' new text ' });
    expect(changed.body).toEqual({
      status: true,
      message: adMessages.updated,
      data: {
        _id: id,
        a_name: 'Detail',
        a_id: 'ca-app-pub-1/2',
        a_description: 'new text',
        version: expect.not.stringMatching(body.data.version),
      },
    });
    const renamed = await update('native', id, { a_name: 'Other', a_id: ADMOB, a_description: 'x' });
    expect(renamed.status).toBe(400);
    expect(renamed.res.json()).toEqual(errorBody(adMessages.nameLocked));
    // Sending the unchanged name (as some clients do) is fine.
    expect(
      (await update('native', id, { a_name: 'Detail', a_id: ADMOB, a_description: 'same name' })).status,
    ).toBe(200);
    const blank = await update('native', id, { a_id: ' ', a_description: 'x' });
    expect(blank.res.json()).toEqual(errorBody(adMessages.fillAll));
    const odd = await update('native', id, { a_id: 'nope', a_description: 'x' });
    expect(odd.res.json()).toEqual(errorBody(adMessages.adMobFormat));
    expect((await update('native', id, { a_id: 'nope', a_description: 'forced', force: true })).status).toBe(
      200,
    );
    expect((await list('native')).find((a) => a._id === id)).toMatchObject({
      a_name: 'Detail',
      a_id: 'nope',
      a_description: 'forced',
    });
  });

  it('answers 404 for an unknown id or one of another kind, 400 for an unknown kind', async () => {
    const { body } = await add('banner', { a_name: 'Bottom', a_id: ADMOB, a_description: 'x' });
    const wrongKind = await update('reward', body.data._id, { a_id: ADMOB, a_description: 'x' });
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.res.json()).toEqual(errorBody(adMessages.notFound));
    expect(
      (await update('banner', '0123456789abcdef01234567', { a_id: ADMOB, a_description: 'x' })).status,
    ).toBe(404);
    const unknown = await client().call(client().routes.list, { params: { kind: 'popup' } });
    expect(unknown.status).toBe(400);
    expect(unknown.res.json()).toEqual(errorBody(`params kind: ${adMessages.unknownKind}`));
  });
});
