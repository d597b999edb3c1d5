import { launchLists } from '@streamdesk/contract/launch-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controllerDefaults,
  controllerMessages,
  controllerRoutes as r,
} from '@streamdesk/contract/controller';
import { createTestApp, errorBody, TEST_API_KEY, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Data = {
  data: Record<string, unknown>;
  installNew: { status: boolean; btn_url: string };
  appOpens: number;
  versions: { facebook: string; phonePay: string };
};
const settings = async () => t.json<Data>(await t.request({ method: 'GET', url: r.get.path }));
const put = (path: string, payload: object) => t.request({ method: 'PUT', url: path, payload });
const ok = { status: true, message: 'Updated successfully' };

/** Expects a 400 with exactly `message` and no setting changed. */
async function refused(path: string, payload: object, message: string | RegExp) {
  const before = await settings();
  const res = await put(path, payload);
  expect([JSON.stringify(payload), res.statusCode, res.json()]).toEqual([
    JSON.stringify(payload),
    400,
    errorBody(message),
  ]);
  expect((await settings()).data).toEqual(before.data);
}

describe('GET /api/App/admin/ControlerData', () => {
  it('returns every setting with its default, installNew and the open count', async () => {
    const res = await t.request({ method: 'GET', url: r.get.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Controller settings',
      data: controllerDefaults,
      installNew: { status: false, btn_url: '' },
      appOpens: 0,
      versions: {
        facebook: expect.stringMatching(/^[0-9a-f]{16}$/),
        phonePay: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });
  });
});

describe('PUT /api/App/Controler/Edit/storyVideo', () => {
  it('sets each flag and keeps it', async () => {
    for (const name of ['reels', 'storyBrand', 'liveMatch', 'inHouseAds', 'storyVideo'] as const) {
      expect((await put(r.flag.path, { name, status: false })).json()).toEqual(ok);
      expect((await settings()).data[name]).toBe(false);
      await put(r.flag.path, { name, status: true });
      expect((await settings()).data[name]).toBe(true);
    }
    for (const name of ['hidden_module', 'exclusive_module', 'installNew', 'maintenance'] as const) {
      await put(r.flag.path, { name, status: true });
      expect((await settings()).data[name]).toBe(true);
      await put(r.flag.path, { name, status: false });
    }
  });

  it('refuses an unknown name or a non-boolean status', async () => {
    await refused(r.flag.path, { name: 'nope', status: true }, /^name: name must be one of reels/);
    await refused(r.flag.path, { name: 'reels', status: 'yes' }, 'status: status must be true or false');
    await refused(r.flag.path, { name: 'reels' }, 'status: status must be true or false');
  });
});

describe('PUT /api/App/Controler/Edit/storyAdsPosition', () => {
  const position = async (name: string, value: unknown, sealed = true) =>
    t.request({
      method: 'PUT',
      url: r.position.path,
      payload: sealed ? await t.seal({ name, value }) : { name, value },
    });

  it('accepts the edges of each range, sealed or plain, and replies sealed', async () => {
    const cases: [string, number | string][] = [
      ['storyAdsPosition', 1],
      ['storyAdsPosition', 9],
      ['ntvTiming', 0],
      ['ntvTiming', 19],
      ['webPosition', 1],
      ['webPosition', 100],
      ['storyAdsPosition', '4'],
    ];
    for (const [name, value] of cases) {
      const res = await position(name, value);
      expect([name, value, res.statusCode]).toEqual([name, value, 200]);
      expect(res.json()).toEqual({ encrypted: expect.any(String), iv: expect.any(String) });
      expect(await t.json(res)).toEqual(ok);
      expect((await settings()).data[name]).toBe(Number(value));
    }
    expect((await t.json(await position('ntvTiming', 7, false))).status).toBe(true);
    expect((await settings()).data.ntvTiming).toBe(7);
  });

  it('refuses values outside each range with the spec message and changes nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['storyAdsPosition', 0, 'Starting position must be 1 or more'],
      ['storyAdsPosition', -3, 'Starting position must be 1 or more'],
      ['storyAdsPosition', 10, 'Ending position max 10'],
      ['storyAdsPosition', '', 'Starting position must be 1 or more'],
      ['storyAdsPosition', undefined, 'Starting position must be 1 or more'],
      ['storyAdsPosition', 'abc', 'Enter a whole number'],
      ['storyAdsPosition', 2.5, 'Enter a whole number'],
      ['ntvTiming', -1, 'Starting NTV Intend Timer must be 0 or more'],
      ['ntvTiming', '', 'Starting NTV Intend Timer must be 0 or more'],
      ['ntvTiming', 20, 'Ending NTV Intend Timer max 20'],
      ['ntvTiming', '1e3', 'Enter a whole number'],
      ['webPosition', 0, 'Web position must be 1 or more'],
      ['webPosition', 101, 'Web position max 100'],
      ['webPosition', '', 'Web position must be 1 or more'],
      ['webPosition', 'x1', 'Enter a whole number'],
    ];
    for (const [name, value, message] of cases) {
      const payload = await t.seal({ name, value });
      await refused(r.position.path, payload, message);
    }
    await refused(r.position.path, { name: 'reels', value: 3 }, /^name: name must be one of/);
  });

  it('names the value and what it must be when it is neither a number nor text', async () => {
    const message = `value: ${controllerMessages.positionValue}`;
    for (const value of [{ a: 1 }, [3], true, '1'.repeat(21)])
      await refused(r.position.path, await t.seal({ name: 'storyAdsPosition', value }), message);
  });
});

describe('PUT /api/App/Controler/Edit/weburl', () => {
  it('saves the web redirect URL, the search text and the maintenance message', async () => {
    const cases = [
      ['webRedirectUrl', 'https://example.com/landing?x=1'],
      ['searchText', 'Search cricket'],
      ['maintenanceMessage', 'Back at 10'],
    ] as const;
    for (const [field, url] of cases) {
      const res = await put(r.text.path, await t.seal({ field, url: `  ${url} ` }));
      expect(await t.json(res)).toEqual(ok);
      expect((await settings()).data[field]).toBe(url);
    }
  });

  it('refuses an empty or invalid value', async () => {
    await refused(r.text.path, { field: 'webRedirectUrl', url: '' }, 'Web redirect URL is required');
    await refused(
      r.text.path,
      { field: 'webRedirectUrl', url: 'not a url' },
      'Web redirect URL must be a valid http(s) URL',
    );
    await refused(
      r.text.path,
      { field: 'webRedirectUrl', url: 'javascript:alert(1)' },
      'Web redirect URL must be a valid http(s) URL',
    );
    await refused(r.text.path, { field: 'searchText', url: '   ' }, 'Search text is required');
    await refused(r.text.path, { field: 'searchText' }, 'Search text is required');
    await refused(
      r.text.path,
      { field: 'searchText', url: 'x'.repeat(201) },
      'Search text must be at most 200 characters',
    );
    await refused(r.text.path, { field: 'maintenanceMessage', url: '' }, 'Maintenance message is required');
    await refused(r.text.path, { field: 'facebook_app_id', url: 'x' }, /^field: field must be one of/);
  });
});

describe('PUT facebook, phone/pay, payAmount, install/new', () => {
  it('saves the Facebook ids and refuses missing ones', async () => {
    const body = { facebook_app_id: '1234567890', facebook_client_token: 'abc123' };
    expect((await put(r.facebook.path, body)).json()).toEqual({
      ...ok,
      version: (await settings()).versions.facebook,
    });
    expect((await settings()).data).toMatchObject(body);
    await refused(
      r.facebook.path,
      { facebook_app_id: ' ', facebook_client_token: 'x' },
      'facebook_app_id: Facebook app id is required',
    );
    await refused(
      r.facebook.path,
      { facebook_app_id: '1' },
      'facebook_client_token: Facebook client token is required',
    );
  });

  it('saves the payee and refuses a bad UPI id or phone', async () => {
    const body = { upi_id: 'shop.owner@okbank', payee_name: 'Shop Owner', phone: '+919876543210' };
    expect((await put(r.phonePay.path, body)).json()).toEqual({
      ...ok,
      version: (await settings()).versions.phonePay,
    });
    expect((await settings()).data).toMatchObject(body);
    await refused(r.phonePay.path, { ...body, upi_id: 'nope' }, 'upi_id: UPI id must look like name@bank');
    await refused(r.phonePay.path, { ...body, upi_id: '' }, 'upi_id: UPI id is required');
    await refused(r.phonePay.path, { ...body, payee_name: '' }, 'payee_name: Payee name is required');
    await refused(
      r.phonePay.path,
      { ...body, phone: '12ab' },
      'phone: Phone number must be 10 to 15 digits, optionally starting with +',
    );
  });

  it('saves the pay amount (sealed) and refuses bad amounts', async () => {
    const res = await put(r.payAmount.path, await t.seal({ payAmount: '49.99' }));
    expect(await t.json(res)).toEqual(ok);
    expect((await settings()).data.payAmount).toBe(49.99);
    await refused(
      r.payAmount.path,
      { payAmount: 0 },
      'payAmount: Pay amount must be a number greater than 0',
    );
    await refused(
      r.payAmount.path,
      { payAmount: 'ten' },
      'payAmount: Pay amount must be a number greater than 0',
    );
    // true, [] and null would coerce to 1 and 0, and Number() reads hex, exponent and Infinity text: they are
    // not amounts a person types.
    for (const payAmount of [true, [], null, '0x10', '1e2', 'Infinity', ' '])
      await refused(r.payAmount.path, { payAmount }, 'payAmount: Pay amount must be a number greater than 0');
    await refused(r.payAmount.path, { payAmount: 100001 }, 'payAmount: Pay amount must be at most 100000');
    for (const payAmount of [1.234, 0.3000000001, '12.3400000009', 99999.999999999])
      await refused(r.payAmount.path, { payAmount }, 'payAmount: Pay amount can have at most 2 decimals');
    for (const payAmount of [0.29, 99999.99, '1.1']) {
      expect(await t.json(await put(r.payAmount.path, { payAmount }))).toEqual(ok);
      expect((await settings()).data.payAmount).toBe(Number(payAmount));
    }
  });

  it('saves the install CTA URL and shows it in installNew', async () => {
    expect(
      (await put(r.installNew.path, { btn_url: 'https://play.google.com/store/apps/details?id=x' })).json(),
    ).toEqual(ok);
    await put(r.flag.path, { name: 'installNew', status: true });
    expect((await settings()).installNew).toEqual({
      status: true,
      btn_url: 'https://play.google.com/store/apps/details?id=x',
    });
    await refused(r.installNew.path, { btn_url: '' }, 'btn_url: Install CTA URL is required');
    await refused(
      r.installNew.path,
      { btn_url: 'ftp://x.y' },
      'btn_url: Install CTA URL must be a valid http(s) URL',
    );
    await put(r.flag.path, { name: 'installNew', status: false });
  });
});

describe('PUT /api/App/controler/admin/afterIntro/change', () => {
  it('saves every allowed value, REWARD only where the spec allows it', async () => {
    for (const field of ['afterSplaceAds', 'afterIntroAds', 'categoryToVideoList', 'playButton']) {
      for (const name of ['OPEN', 'FS', 'NTV', 'URL', 'FS_WEB', 'OFF']) {
        expect((await put(r.placement.path, { field, name })).json()).toEqual(ok);
        expect((await settings()).data[field]).toBe(name);
      }
    }
    for (const field of ['categoryToVideoList', 'videoListToVideo', 'videoToVideoPlay', 'playButton']) {
      await put(r.placement.path, { field, name: 'REWARD' });
      expect((await settings()).data[field]).toBe('REWARD');
    }
    for (const name of ['FORWORD', 'BACKWORD', 'BOTH']) {
      await put(r.placement.path, { field: 'intentControl', name });
      expect((await settings()).data.intentControl).toBe(name);
    }
  });

  it('refuses a value outside the set', async () => {
    await refused(
      r.placement.path,
      { field: 'afterSplaceAds', name: 'REWARD' },
      'REWARD is not allowed for afterSplaceAds. Allowed values: OFF, OPEN, FS, NTV, URL, FS_WEB',
    );
    await refused(
      r.placement.path,
      { field: 'intentControl', name: 'OPEN' },
      'OPEN is not allowed for intentControl. Allowed values: BOTH, FORWORD, BACKWORD',
    );
    await refused(
      r.placement.path,
      { field: 'playButton', name: 'open' },
      /^open is not allowed for playButton/,
    );
    await refused(r.placement.path, { field: 'nope', name: 'OFF' }, /^field: field must be one of/);
  });
});

describe('app side: maintenance/status and app/loadCheck', () => {
  const app = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, admin: false, headers });

  it('answers maintenance status with the flag and message, with ETag and 304', async () => {
    await put(r.flag.path, { name: 'maintenance', status: true });
    await put(r.text.path, { field: 'maintenanceMessage', url: 'Down for 5 minutes' });
    const res = await app(r.maintenance.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Maintenance status',
      maintenance: true,
      maintenanceMessage: 'Down for 5 minutes',
    });
    const etag = res.headers.etag as string;
    const again = await app(r.maintenance.path, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await put(r.flag.path, { name: 'maintenance', status: false });
    const after = await app(r.maintenance.path, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ maintenance: false });
  });

  it('serves loadCheck from the cache, 304 on a matching ETag, fresh after any controller write', async () => {
    const first = await app(r.loadCheck.path);
    expect(first.statusCode).toBe(200);
    const body = first.json<{ data: { controller: Record<string, unknown>; installNew: unknown } }>();
    expect(body).toMatchObject({ status: true, message: 'App launch data' });
    expect(body.data.controller).toEqual((await settings()).data);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await app(r.loadCheck.path, { 'if-none-match': etag })).statusCode).toBe(304);

    const writes: [string, object][] = [
      [r.flag.path, { name: 'reels', status: false }],
      [r.position.path, { name: 'storyAdsPosition', value: 6 }],
      [r.text.path, { field: 'searchText', url: 'Find a match' }],
      [r.facebook.path, { facebook_app_id: '42', facebook_client_token: 'tok' }],
      [r.phonePay.path, { upi_id: 'a.b@upi', payee_name: 'A B' }],
      [r.payAmount.path, { payAmount: 10 }],
      [r.installNew.path, { btn_url: 'https://example.org/app' }],
      [r.placement.path, { field: 'playButton', name: 'URL' }],
    ];
    let current = etag;
    for (const [path, payload] of writes) {
      expect((await put(path, payload)).statusCode).toBe(200);
      const res = await app(r.loadCheck.path, { 'if-none-match': current });
      expect([path, res.statusCode]).toEqual([path, 200]);
      expect(res.json<{ data: { controller: unknown } }>().data.controller).toEqual((await settings()).data);
      current = res.headers.etag as string;
    }
    const last = await app(r.loadCheck.path);
    expect(last.json<{ data: { controller: Record<string, unknown> } }>().data.controller).toMatchObject({
      reels: false,
      storyAdsPosition: 6,
      searchText: 'Find a match',
      playButton: 'URL',
    });
  });

  it('includes the sections and names the lists other features register, fresh after their tags change', async () => {
    const t2 = await createTestApp();
    try {
      const { launch, cache } = t2.app.streamdesk.context;
      let section = 1;
      let list = 1;
      launch.add('liveAds', ['sectioned'], async () => ({ section }));
      launch.addList('stories', {
        path: '/app/list',
        tags: ['listed'],
        read: () => cache.get('list', ['listed'], async () => ({ list }), { versioned: true }),
      });
      const read = async () => {
        const { data } = (await t2.request({ method: 'GET', url: r.loadCheck.path, admin: false })).json<{
          data: { liveAds: { section: number }; lists: { stories: { path: string; version: string } } };
        }>();
        return { section: data.liveAds.section, list: data.lists.stories };
      };
      const first = await read();
      expect(first).toEqual({ section: 1, list: { path: '/app/list', version: expect.any(String) } });
      // The version is the list's own: what its read carries.
      const body = JSON.parse((await cache.get('list', ['listed'], async () => ({}))).body.toString());
      expect(body).toEqual({ list: 1, version: first.list.version });

      [section, list] = [2, 2];
      expect(await read()).toEqual(first);
      cache.invalidate('sectioned');
      expect(await read()).toEqual({ ...first, section: 2 });
      cache.invalidate('listed');
      const relisted = await read();
      expect(relisted.list.version).not.toBe(first.list.version);
    } finally {
      await t2.close();
    }
  });

  it('counts app opens, including 304 answers', async () => {
    const before = (await settings()).appOpens;
    const first = await app(r.loadCheck.path);
    await app(r.loadCheck.path, { 'if-none-match': first.headers.etag as string });
    await app(r.loadCheck.path);
    expect((await settings()).appOpens).toBe(before + 3);
    const head = await t.app.inject({
      method: 'HEAD',
      url: r.loadCheck.path,
      headers: { 'api-key': TEST_API_KEY },
    });
    expect(head.statusCode).toBe(200);
    expect((await settings()).appOpens).toBe(before + 3);
  });

  it('needs the api-key but no token', async () => {
    expect((await app(r.loadCheck.path)).statusCode).toBe(200);
    const noKey = await t.app.inject({ method: 'GET', url: r.loadCheck.path });
    expect(noKey.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the controller and policy routes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([r.position.path, r.placement.path, r.loadCheck.path, '/api/App/policy']),
    );
  });
});

describe('createControllerService readers', () => {
  it('reads flags and settings, fresh after a write', async () => {
    const { createControllerService } = await import('./controller.service.js');
    const service = createControllerService(t.app.streamdesk.context);
    await put(r.flag.path, { name: 'liveMatch', status: false });
    expect(await service.getFlag('liveMatch')).toBe(false);
    await put(r.position.path, { name: 'webPosition', value: 42 });
    expect(await service.getSetting('webPosition')).toBe(42);
    await put(r.flag.path, { name: 'liveMatch', status: true });
    expect(await service.getFlag('liveMatch')).toBe(true);
  });
});

describe('loadCheck with every feature registered', () => {
  const launch = async (headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: r.loadCheck.path, admin: false, headers });

  it('carries the live ads, names every launch list, and refreshes when another feature writes', async () => {
    const first = await launch();
    const data = first.json<{ data: { lists: Record<string, unknown> } }>().data;
    expect(Object.keys(data).sort()).toEqual(['controller', 'installNew', 'lists', 'liveAds']);
    expect(Object.keys(data.lists)).toEqual(Object.keys(launchLists.shape));
    const saved = await put('/api/App/liveMatch/liveAds', { LIVE_BANNER_ID: 'ca-app-pub-1/2' });
    expect(saved.statusCode).toBe(200);
    const next = await launch({ 'if-none-match': first.headers.etag as string });
    expect(next.statusCode).toBe(200);
    expect(next.json<{ data: { liveAds: unknown } }>().data.liveAds).toMatchObject({
      LIVE_BANNER_ID: 'ca-app-pub-1/2',
    });
  });
});
