import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMessages, type SimpleAd, type WebAd } from '@streamdesk/contract/ad-units';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { addWebAdClicks } from './ad-units.service.js';
import { adClient } from './ad-units.test-helpers.js';

/** Edit conflicts (docs/decisions/0009-edit-conflicts.md) of the ad units' inline edit, both platforms. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conflict = [409, errorBody(editVersionMessages.changed('ad'))];
let names = 0;

describe.each([
  ['android', 'native', 'webAd'],
  ['ios', 'banner', 'iosWebAd'],
  ['android', 'web', 'webAd'],
  ['ios', 'web', 'iosWebAd'],
] as const)('%s %s ads: an edit saved after another admin changed the ad', (platform, kind, entity) => {
  const client = () => adClient(t, platform);
  const web = kind === 'web';
  const ids = { old: 1, mine: 2, last: 3 };
  /** An id its kind takes without a warning (a URL for web ads, an AdMob unit id otherwise). */
  const goodId = (n: keyof typeof ids) => (web ? `https://example.com/${n}` : `ca-app-pub-1/${ids[n]}`);

  const add = async () => {
    names += 1;
    const body = { a_name: `Conflict${names}`, a_id: goodId('old'), a_description: 'old' };
    const res = web
      ? await client().call<{ data: SimpleAd }>(client().routes.webAdd, { body })
      : await client().call<{ data: SimpleAd }>(client().routes.add, { params: { kind }, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** The row as the list shows it now (the screen's read). */
  const listed = async (id: string) => {
    const res = web
      ? await client().call<{ data: WebAd[] }>(client().routes.webList)
      : await client().call<{ data: SimpleAd[] }>(client().routes.list, { params: { kind } });
    return res.body.data.find((a) => a._id === id)!;
  };
  /** The inline edit's save: the row as it was read with `change` on top, and its version when given. */
  const save = (ad: SimpleAd, change: Partial<SimpleAd> & { force?: boolean }, version?: string) => {
    const body = {
      a_id: change.a_id ?? ad.a_id,
      a_description: change.a_description ?? ad.a_description,
      ...(change.force ? { force: true } : {}),
      ...(version === undefined ? {} : { version }),
    };
    return web
      ? client().call<{ data: SimpleAd }>(client().routes.webUpdate, { params: { id: ad._id }, body })
      : client().call<{ data: SimpleAd }>(client().routes.update, { params: { kind, id: ad._id }, body });
  };

  it('is refused with 409 and nothing written; read again, the same change keeps the other', async () => {
    const ad = await add();
    const tabA = await listed(ad._id);
    const tabB = await listed(ad._id);
    // Tab B changes the description; tab A changes only the id, from its old read.
    expect((await save(tabB, { a_description: 'B changed' }, tabB.version)).status).toBe(200);
    const before = await listed(ad._id);
    const a = await save(tabA, { a_id: goodId('mine') }, tabA.version);
    expect([a.status, a.res.json()]).toEqual(conflict);
    expect(await listed(ad._id)).toEqual(before);
    expect(before.a_description).toBe('B changed');

    // Refused before the id's format is looked at: a stale save is not offered 'save anyway'.
    const odd = await save(tabA, { a_id: 'not-a-unit-id' }, tabA.version);
    expect([odd.status, odd.res.json()]).toEqual(conflict);

    const again = await listed(ad._id);
    const ok = await save(again, { a_id: goodId('mine') }, again.version);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ a_id: goodId('mine'), a_description: 'B changed' });
    expect(ok.body.data.version).toBe((await listed(ad._id)).version);
  });

  it('is made as before without a version (deployed clients): the last save wins', async () => {
    const ad = await add();
    expect((await save(ad, { a_description: 'First' }, ad.version)).status).toBe(200);
    const res = await save(ad, { a_id: goodId('last') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await listed(ad._id)).toMatchObject({ a_id: goodId('last'), a_description: 'old' });
  });

  it('keeps the version of a forced save: the warning, then save anyway, from one read', async () => {
    const ad = await add();
    const warned = await save(ad, { a_id: 'odd-id' }, ad.version);
    expect(warned.res.json()).toEqual(errorBody(web ? adMessages.urlFormat : adMessages.adMobFormat));
    const forced = await save(ad, { a_id: 'odd-id', force: true }, ad.version);
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect((await listed(ad._id)).a_id).toBe('odd-id');
  });

  it('is not refused when only the clicks changed', async () => {
    const ad = await add();
    await addWebAdClicks({ db: t.app.streamdesk.context.db }, { entity, id: ad._id, day: '2026-03-01' });
    await t.app.streamdesk.context.db
      .updateTable('ad_units')
      .set({ a_click: 99 })
      .where('id', '=', ad._id)
      .execute();
    expect((await listed(ad._id)).version).toBe(ad.version);
    const res = await save(ad, { a_description: 'Counted, edited' }, ad.version);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await listed(ad._id)).a_description).toBe('Counted, edited');
  });

  it('of two saves from one read at once, makes one and refuses the other', async () => {
    const ad = await add();
    const answers = await Promise.all([
      save(ad, { a_description: 'One' }, ad.version),
      save(ad, { a_description: 'Two' }, ad.version),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.status === 200)!.body.data;
    expect((await listed(ad._id)).a_description).toBe(won.a_description);
  });

  it('refuses a version that is not one with 400 naming the field, keeping the ad', async () => {
    const ad = await add();
    for (const version of ['not-a-version', 'ABCDEF0123456789', '0123']) {
      const res = await save(ad, { a_description: 'x' }, version);
      expect([res.status, res.res.json()]).toEqual([400, errorBody(editVersionMessages.invalid)]);
    }
    expect(await listed(ad._id)).toEqual(ad);
  });
});
