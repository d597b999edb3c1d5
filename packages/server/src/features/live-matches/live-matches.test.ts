import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { liveMatchRoutes as routes, type LiveMatch } from '@streamdesk/contract/live-matches';
import { GIF, JPEG, PNG, cutShort, form, ofSize, realImage } from '../../test/media-fixtures.js';
import { createTestApp, errorBody, localMedia, type TestApp } from '../../test/test-app.js';
import { readLaunchList } from '../../test/launch-lists.js';
import { liveMatchCounter } from './live-matches.counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Upload = { field: string; name: string; data: Buffer; type?: string };
const png: Upload = { field: 'image', name: 'match.png', data: PNG, type: 'image/png' };
const add = (fields: Record<string, string>, files: Upload[] = [png]) =>
  t.request({ method: 'POST', url: routes.add.path, payload: form(fields, files) });
const edit = (fields: Record<string, string>, files: Upload[] = []) =>
  t.request({ method: 'PUT', url: routes.add.path, payload: form(fields, files) });
const list = async (query = '') =>
  t.json<{ data: LiveMatch[]; totalPage: number; total: number; liveMatch: boolean; status: boolean }>(
    await t.request({ method: 'GET', url: `${routes.list.path}${query}` }),
  );
const count = async () =>
  Number(
    (
      await t.app.streamdesk.context.db
        .selectFrom('live_matches')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fileOf = (url: string) => localMedia(t).pathOf(url.replace(/^\/media\//, ''));
/** How many files the live match image folder holds. */
const imageFileCount = () => {
  const folder = fileOf('/media/live-matches/000000000000000000000000.png').replace(/\/[^/]+$/, '');
  return existsSync(folder) ? readdirSync(folder).length : 0;
};
const addMatch = async (title = 'Final', file = png) =>
  (await t.json<{ data: LiveMatch }>(await add({ title, url: 'https://live.example.com/final' }, [file])))
    .data;

describe('POST /api/App/liveMatch/admin', () => {
  it('adds a match with a PNG and serves its image', async () => {
    const res = await add({ title: ' India v Australia ', url: 'https://live.example.com/1' });
    expect(res.statusCode).toBe(200);
    const body = await t.json<{ data: LiveMatch }>(res);
    expect(body).toEqual({
      status: true,
      message: 'Live match added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        title: 'India v Australia',
        url: 'https://live.example.com/1',
        thumbnail: expect.stringMatching(/^\/media\/live-matches\/[0-9a-f]{24}\.png$/),
        view: 0,
        createdAt: expect.any(String),
        status: true,
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
        plannedStart: null,
        plannedEnd: null,
        plannedNote: '',
      },
    });
    const image = await t.request({ method: 'GET', url: body.data.thumbnail });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts a GIF', async () => {
    const match = await addMatch('Gif match', {
      field: 'image',
      name: 'a.gif',
      data: GIF,
      type: 'image/gif',
    });
    expect(match.thumbnail).toMatch(/\.gif$/);
  });

  it('requires title, url and image with the spec messages, writing nothing', async () => {
    const before = await count();
    const noTitle = await add({ url: 'https://x.example' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual(errorBody('title: Title is required'));
    expect((await add({ title: '   ', url: 'https://x.example' })).json()).toEqual(
      errorBody('title: Title is required'),
    );
    expect((await add({ title: 'T' })).json()).toEqual(errorBody('url: URL is required'));
    const noImage = await add({ title: 'T', url: 'https://x.example' }, []);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toEqual(errorBody('Please select a valid image to upload.'));
    expect(await count()).toBe(before);
  });

  it('takes http and https URLs only, refusing the rest with the field named and writing nothing', async () => {
    for (const url of [
      'http://live.example.com/final',
      'https://cdn.example.com/hls/final/index.m3u8',
      'HTTPS://LIVE.EXAMPLE.COM/DASH/final.mpd',
    ]) {
      const res = await add({ title: 'Scheme ok', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect((await t.json<{ data: LiveMatch }>(res)).data.url).toBe(url);
    }
    const before = await count();
    const files = imageFileCount();
    for (const url of [
      'javascript:alert(document.domain)',
      ' java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'not a url',
      'live.example.com/final',
      'ftp://live.example.com/final',
      'rtmp://live.example.com/app/final',
      'rtsp://live.example.com/final',
      'http://',
    ]) {
      const res = await add({ title: 'Scheme bad', url });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toEqual(errorBody('url: URL must be a valid http(s) URL'));
    }
    expect(await count()).toBe(before);
    expect(imageFileCount()).toBe(files);
  });

  it('refuses a JPEG with the PNG/GIF message and keeps no file', async () => {
    const before = await count();
    const res = await add({ title: 'T', url: 'https://x.example' }, [
      { field: 'image', name: 'photo.png', data: JPEG, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorBody('Only GIF and PNG files are allowed. Please select an image with a valid format.'),
    );
    expect(await count()).toBe(before);
  });

  it('refuses a PNG or GIF cut short, its signature alone too, keeping no file and no row', async () => {
    const before = await count();
    const files = imageFileCount();
    for (const kind of ['png', 'gif'] as const) {
      for (const { cut, data } of cutShort(kind)) {
        const res = await add({ title: 'Cut', url: 'https://x.example' }, [
          { field: 'image', name: `match.${kind}`, data, type: `image/${kind}` },
        ]);
        expect([kind, cut, res.statusCode]).toEqual([kind, cut, 400]);
        expect(res.json()).toEqual(
          errorBody(
            'The image file is cut off: its end is missing. Only GIF and PNG files are allowed. Please select an image with a valid format.',
          ),
        );
      }
    }
    expect(await count()).toBe(before);
    expect(imageFileCount()).toBe(files);
    for (const kind of ['png', 'gif'] as const) {
      const whole = { field: 'image', name: `match.${kind}`, data: realImage(kind), type: `image/${kind}` };
      expect((await add({ title: 'Whole', url: 'https://x.example' }, [whole])).statusCode).toBe(200);
    }
    expect(await count()).toBe(before + 2);
  });

  it('refuses an image over 1 MB with 413', async () => {
    const res = await add({ title: 'T', url: 'https://x.example' }, [
      { field: 'image', name: 'big.png', data: ofSize(PNG, 1024 * 1024 + 1), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody('The image file size should not exceed 1 MB'));
  });

  it('removes the uploaded image when the text fields are invalid', async () => {
    const before = imageFileCount();
    await add({ url: 'https://x.example' });
    expect(imageFileCount()).toBe(before);
  });
});

describe('GET /api/App/liveMatch/admin', () => {
  it('lists newest first with the running flag, pages and the total', async () => {
    const a = await addMatch('Paging A');
    const b = await addMatch('Paging B');
    const all = await list();
    expect(all).toMatchObject({ status: true, liveMatch: true, totalPage: 1 });
    expect(all.data.findIndex((m) => m._id === b._id)).toBeLessThan(
      all.data.findIndex((m) => m._id === a._id),
    );
    const total = all.data.length;
    expect(all.total).toBe(total);
    const page2 = await list('?page=2&limit=1');
    expect(page2.data).toHaveLength(1);
    expect(page2.totalPage).toBe(total);
    expect(page2.total).toBe(total);
    expect(page2.data[0]!._id).toBe(all.data[1]!._id);
  });

  it('searches titles case-insensitively, with _ and % taken literally', async () => {
    await addMatch('Search Cricket_Final');
    await addMatch('Search Football');
    const found = await list('?q=cricket_f');
    expect(found.data.map((m) => m.title)).toEqual(['Search Cricket_Final']);
    expect(found).toMatchObject({ totalPage: 1, total: 1 });
    // Nothing found: no page, as every paged list of the API answers an empty one.
    expect(await list('?q=%25')).toMatchObject({ data: [], totalPage: 0, total: 0 });
  });

  it('rejects a bad page', async () => {
    const res = await t.request({ method: 'GET', url: `${routes.list.path}?page=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('querystring page: page must be 1 or more'));
  });
});

describe('PUT /api/App/liveMatch/admin', () => {
  it('edits the text and keeps the image when none is sent', async () => {
    const match = await addMatch('Before');
    const res = await edit({ _id: match._id, title: 'After', url: 'https://live.example.com/after' });
    expect(res.statusCode).toBe(200);
    expect((await t.json<{ data: LiveMatch }>(res)).data).toEqual({
      ...match,
      title: 'After',
      url: 'https://live.example.com/after',
      version: expect.not.stringMatching(match.version),
    });
  });

  it('swaps the image and removes the old file', async () => {
    const match = await addMatch('Swap');
    const res = await edit({ _id: match._id, title: 'Swap', url: match.url }, [
      { field: 'image', name: 'b.gif', data: GIF, type: 'image/gif' },
    ]);
    const { data } = await t.json<{ data: LiveMatch }>(res);
    expect(data.thumbnail).toMatch(/\.gif$/);
    expect(existsSync(fileOf(data.thumbnail))).toBe(true);
    expect(existsSync(fileOf(match.thumbnail))).toBe(false);
  });

  it('requires _id, title and url, refuses a JPEG and an unknown id', async () => {
    const match = await addMatch('Rules');
    const url = 'https://live.example.com/y';
    expect((await edit({ title: 'x', url })).json()).toEqual(errorBody('_id: _id is required'));
    expect((await edit({ _id: match._id, title: '', url })).json()).toEqual(
      errorBody('title: Title is required'),
    );
    const jpeg = await edit({ _id: match._id, title: 'x', url }, [
      { field: 'image', name: 'x.jpg', data: JPEG, type: 'image/jpeg' },
    ]);
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json()).toEqual(
      errorBody('Only GIF and PNG files are allowed. Please select an image with a valid format.'),
    );
    const unknown = await edit({ _id: '0123456789abcdef01234567', title: 'x', url }, [png]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('Live match not found'));
    const after = (await list()).data.find((m) => m._id === match._id);
    expect(after).toEqual(match);
  });

  it('refuses a replacement image cut short, keeping the match and its image as they were', async () => {
    const match = await addMatch('Edit cut');
    const files = imageFileCount();
    const [, half] = cutShort('gif');
    const res = await edit({ _id: match._id, title: 'Edit cut', url: match.url }, [
      { field: 'image', name: 'b.gif', data: half!.data, type: 'image/gif' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The image file is cut off: its end is missing\. /);
    expect((await list()).data.find((m) => m._id === match._id)).toEqual(match);
    expect(existsSync(fileOf(match.thumbnail))).toBe(true);
    expect(imageFileCount()).toBe(files);
  });

  it('refuses a URL that is not http(s), keeping the match and its image as they were', async () => {
    const match = await addMatch('Edit scheme');
    for (const url of ['not a url', 'javascript:alert(document.domain)', 'rtmp://live.example.com/a']) {
      const res = await edit({ _id: match._id, title: 'Edit scheme', url }, [
        { field: 'image', name: 'b.gif', data: GIF, type: 'image/gif' },
      ]);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toEqual(errorBody('url: URL must be a valid http(s) URL'));
    }
    expect((await list()).data.find((m) => m._id === match._id)).toEqual(match);
    const app = await t.request({ method: 'GET', url: routes.appList.path, admin: false });
    expect(
      app.json<{ data: { _id: string; url: string }[] }>().data.find((m) => m._id === match._id)?.url,
    ).toBe(match.url);
  });
});

describe('PUT /api/App/liveMatch/admin/status/:id', () => {
  it('sets the status and answers 404 for an unknown id', async () => {
    const match = await addMatch('Toggle');
    const off = await t.request({
      method: 'PUT',
      url: `/api/App/liveMatch/admin/status/${match._id}`,
      payload: { status: false },
    });
    expect(await t.json(off)).toMatchObject({ status: true, data: { _id: match._id, status: false } });
    expect((await list()).data.find((m) => m._id === match._id)?.status).toBe(false);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/App/liveMatch/admin/status/${match._id}`,
      payload: { status: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(errorBody('status: status must be true or false'));
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/App/liveMatch/admin/status/0123456789abcdef01234567',
      payload: { status: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/App/liveMatch/admin', () => {
  it('deletes with a sealed id list to the trash; deleting forever removes the image', async () => {
    const match = await addMatch('Doomed');
    const res = await t.request({
      method: 'DELETE',
      url: routes.remove.path,
      payload: await t.seal({ id: [match._id] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ encrypted: expect.any(String), iv: expect.any(String) });
    expect(await t.json(res)).toEqual({
      status: true,
      message: 'Live match deleted successfully',
      deleted: 1,
    });
    expect((await list()).data.some((m) => m._id === match._id)).toBe(false);
    expect(existsSync(fileOf(match.thumbnail))).toBe(true);
    const purged = await t.request({
      method: 'DELETE',
      url: '/api/admin/trash',
      payload: { id: [match._id] },
    });
    expect(purged.statusCode).toBe(200);
    expect(existsSync(fileOf(match.thumbnail))).toBe(false);
  });

  it("deletes the selected matches in one call, saying how many (the list's Delete selected)", async () => {
    const [a, b, kept] = [await addMatch('Bulk A'), await addMatch('Bulk B'), await addMatch('Bulk kept')];
    const res = await t.request({
      method: 'DELETE',
      url: routes.remove.path,
      payload: await t.seal({ id: [a._id, b._id] }),
    });
    expect(await t.json(res)).toEqual({
      status: true,
      message: '2 live matches deleted successfully',
      deleted: 2,
    });
    const left = (await list()).data.map((m) => m._id);
    expect(left).not.toContain(a._id);
    expect(left).not.toContain(b._id);
    expect(left).toContain(kept._id);
  });

  it('deletes nothing when one id is unknown, and requires ids', async () => {
    const match = await addMatch('Kept');
    const res = await t.request({
      method: 'DELETE',
      url: routes.remove.path,
      payload: { id: [match._id, '0123456789abcdef01234567'] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('Live match not found'));
    expect((await list()).data.some((m) => m._id === match._id)).toBe(true);
    const empty = await t.request({ method: 'DELETE', url: routes.remove.path, payload: { id: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(errorBody('id: id must list at least one id'));
  });
});

describe('GET /api/App/liveMatch/active (app)', () => {
  it('lists active matches with the api-key only, with an ETag, and refreshes after writes', async () => {
    const match = await addMatch('App visible');
    const first = await t.request({ method: 'GET', url: routes.appList.path, admin: false });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const body = first.json<{ data: { _id: string }[] }>();
    expect(body.data.find((m) => m._id === match._id)).toEqual({
      _id: match._id,
      title: 'App visible',
      url: match.url,
      thumbnail: match.thumbnail,
      createdAt: match.createdAt,
    });
    const again = await t.request({
      method: 'GET',
      url: routes.appList.path,
      admin: false,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.request({
      method: 'PUT',
      url: `/api/App/liveMatch/admin/status/${match._id}`,
      payload: { status: false },
    });
    const after = await t.request({
      method: 'GET',
      url: routes.appList.path,
      admin: false,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ data: { _id: string }[] }>().data.some((m) => m._id === match._id)).toBe(false);
  });

  it('names the active matches as a launch list and registers the view counter', async () => {
    const { launch } = t.app.streamdesk.context;
    const match = await addMatch('Launched');
    const list = await readLaunchList<{ data: { _id: string }[] }>(t, 'liveMatches', routes.appList.path);
    expect(list.data.map((m) => m._id)).toContain(match._id);
    expect(launch.tags).toContain('liveMatches');
    expect(t.app.streamdesk.analytics.counters.get('liveMatch')).toBe(liveMatchCounter);
  });

  it('counts app view events of a new match into its views', async () => {
    const match = await addMatch('Counted');
    const view = { type: 'view', entity: 'liveMatch', id: match._id, clientId: 'phone-1' };
    const sent = await t.request({
      method: 'POST',
      url: '/api/App/events',
      admin: false,
      payload: { events: [view, view] },
    });
    expect(sent.json()).toMatchObject({ accepted: 2, dropped: 0 });
    await t.app.streamdesk.analytics.counter.flush();
    expect((await list()).data.find((m) => m._id === match._id)?.view).toBe(2);
  });
});
