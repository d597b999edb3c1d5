import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMatchRoutes as routes } from '@streamdesk/contract/live-matches';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async () =>
  t.json<{ data: Record<string, string> }>(await t.request({ method: 'GET', url: routes.liveAds.path }));
const put = (payload: unknown) =>
  t.request({ method: 'PUT', url: routes.saveLiveAds.path, payload: payload as object });

describe('GET and PUT /api/App/liveMatch/liveAds', () => {
  it('starts empty, then saves the whole map in the order sent', async () => {
    const version = expect.stringMatching(/^[0-9a-f]{16}$/);
    expect(await get()).toEqual({
      status: true,
      message: 'Live ads fetched successfully',
      data: {},
      version,
    });
    const map = { banner_id: 'ca-app-pub-1/2', Interstitial2: 'x', empty_ok: '' };
    const res = await put(map);
    expect(res.statusCode).toBe(200);
    expect(await t.json(res)).toEqual({
      status: true,
      message: 'Ads updated successfully!',
      data: map,
      version,
    });
    expect(Object.keys((await get()).data)).toEqual(['banner_id', 'Interstitial2', 'empty_ok']);
  });

  it('replaces: renamed and removed fields disappear', async () => {
    await put({ a: '1', b: '2' });
    await put({ a_renamed: '1' });
    expect((await get()).data).toEqual({ a_renamed: '1' });
    await put({});
    expect((await get()).data).toEqual({});
  });

  it('refuses bad keys, long values, duplicates after trimming and non-text values, keeping the old map', async () => {
    await put({ kept: 'yes' });
    const cases: [unknown, string][] = [
      [{ 'bad key': 'x' }, 'Field names use 1 to 64 letters, digits or _: bad key'],
      [{ 'dash-key': 'x' }, 'Field names use 1 to 64 letters, digits or _: dash-key'],
      [{ ['k'.repeat(65)]: 'x' }, `Field names use 1 to 64 letters, digits or _: ${'k'.repeat(65)}`],
      [{ '': 'x' }, 'Field name is required'],
      [{ ok: 'v'.repeat(2049) }, 'Field values are at most 2048 characters: ok'],
      [{ dup: '1', ' dup': '2' }, 'Field names must be unique: dup'],
      [{ n: 5 }, 'n: Field values must be text'],
      [{ ' version': 'x' }, 'version is reserved (the version the fields were read with)'],
      [['x'], 'Send the fields as an object of names and text values'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect([body, res.statusCode]).toEqual([body, 400]);
      expect(res.json()).toEqual(errorBody(message));
    }
    expect((await get()).data).toEqual({ kept: 'yes' });
  });

  it('accepts the longest key and value', async () => {
    const map = { ['K'.repeat(64)]: 'v'.repeat(2048) };
    expect((await put(map)).statusCode).toBe(200);
    expect((await get()).data).toEqual(map);
  });

  it('puts the map into the launch reply, fresh after a save', async () => {
    await put({ launch_key: 'v1' });
    expect((await t.app.streamdesk.context.launch.loadAll()).sections.liveAds).toEqual({ launch_key: 'v1' });
  });
});
