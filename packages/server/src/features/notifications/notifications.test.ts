import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '@streamdesk/contract/media';
import {
  notificationMessages as msg,
  notificationRoutes as routes,
} from '@streamdesk/contract/notifications';
import { form, GIF, JPEG, ofSize, PNG } from '../../test/media-fixtures.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { isAllowedEndpoint } from './notifications.service.js';

/** The calls with no push channel configured (the default): every row says "not configured". */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const ICON_URL = /^\/media\/notifications\/[0-9a-f]{24}\.png$/;
const iconBytes = (url: string) => readFileSync(path.join(t.config.dataDir, url));
const iconFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'media', 'notifications'));
  } catch {
    return [];
  }
};
const send = (fields: Record<string, string>, icon?: { data: Buffer; name: string }) =>
  t.request({
    method: 'POST',
    url: routes.send.path,
    payload: form(fields, icon ? [{ field: 'image', ...icon }] : []),
  });
const history = async (query = '') =>
  (await t.request({ method: 'GET', url: `${routes.history.path}${query}` })).json();

describe('POST /api/App/notification/send', () => {
  it('stores the notification, answers at once and says each channel is not configured', async () => {
    const res = await send(
      { title: ' Match tonight ', message: 'Kick-off at 8', url: 'https://example.com/m/1' },
      {
        data: PNG,
        name: 'icon.png',
      },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      message: 'Notification sent successfully!',
      data: {
        n_title: 'Match tonight',
        n_message: 'Kick-off at 8',
        n_url: 'https://example.com/m/1',
        n_icon: expect.stringMatching(/^\/media\/notifications\/[0-9a-f]{24}\.png$/),
        delivery: {
          fcm: { status: 'not configured', detail: expect.stringContaining('FCM_SERVICE_ACCOUNT_FILE') },
          webPush: { status: 'not configured', detail: expect.stringContaining('VAPID_PUBLIC_KEY') },
        },
      },
    });
    expect(body.data.deliveredAt).not.toBeNull();
    const icon = await t.request({ method: 'GET', url: body.data.n_icon, admin: false });
    expect(icon.statusCode).toBe(200);
    expect(icon.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts no URL and no icon, and a JPEG icon', async () => {
    const plain = await send({ title: 'Plain', message: 'No link' });
    expect(plain.json().data).toMatchObject({ n_url: null, n_icon: null });
    const empty = await send({ title: 'Empty url', message: 'x', url: '  ' });
    expect(empty.json().data.n_url).toBeNull();
    const jpeg = await send({ title: 'Jpeg', message: 'x' }, { data: JPEG, name: 'icon.jpg' });
    expect(jpeg.json().data.n_icon).toMatch(/\.jpg$/);
  });

  it.each([
    [{ message: 'm' }, 'title: Title is required'],
    [{ title: '   ', message: 'm' }, 'title: Title is required'],
    [{ title: 't' }, 'message: Message is required'],
    [{ title: 't', message: '' }, 'message: Message is required'],
    [{ title: 't', message: 'm', url: 'not a url' }, `url: ${msg.urlInvalid}`],
    [{ title: 't', message: 'm', url: 'javascript:alert(1)' }, `url: ${msg.urlInvalid}`],
    [{ title: 't', message: 'm', url: 'ftp://example.com/x' }, `url: ${msg.urlInvalid}`],
    [{ title: 'x'.repeat(101), message: 'm' }, 'title: Title must be at most 100 characters'],
    [{ title: 't', message: 'x'.repeat(501) }, 'message: Message must be at most 500 characters'],
  ])('refuses %o with 400 and stores nothing', async (fields, message) => {
    const before = (await history()).total;
    const files = iconFiles().length;
    const res = await send(fields, { data: PNG, name: 'icon.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(message));
    expect((await history()).total).toBe(before);
    expect(iconFiles()).toHaveLength(files);
  });

  it.each([
    ['a GIF', GIF, 'icon.gif', 400, mediaMessages.image],
    [
      'a PNG named .jpg that is text',
      Buffer.from('hello, not an image at all'),
      'icon.png',
      400,
      mediaMessages.image,
    ],
    ['an empty file', Buffer.alloc(0), 'icon.png', 400, mediaMessages.image],
    ['a PNG one byte over 1 MB', ofSize(PNG, MB + 1), 'icon.png', 413, mediaMessages.imageSize],
  ])('refuses an icon that is %s', async (_what, data, name, status, message) => {
    const before = (await history()).total;
    const files = iconFiles().length;
    const res = await send({ title: 't', message: 'm' }, { data, name });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(errorBody(message));
    expect((await history()).total).toBe(before);
    expect(iconFiles()).toHaveLength(files);
  });

  it('accepts an icon of exactly 1 MB', async () => {
    const res = await send({ title: 'Big', message: 'm' }, { data: ofSize(PNG, MB), name: 'big.png' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/App/notification/history', () => {
  it('lists newest first with paging', async () => {
    const titles = ['first', 'second', 'third'];
    for (const title of titles) await send({ title, message: 'm' });
    const page1 = await history('?page=1&limit=2');
    expect(page1).toMatchObject({ status: true, totalPage: Math.ceil(page1.total / 2) });
    expect(page1.data.map((n: { n_title: string }) => n.n_title)).toEqual(['third', 'second']);
    const page2 = await history('?page=2&limit=2');
    expect(page2.data[0].n_title).toBe('first');
    const all = await history('?limit=1000');
    const times = all.data.map((n: { createdAt: string }) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a bad page', async () => {
    const res = await t.request({ method: 'GET', url: `${routes.history.path}?page=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('querystring page: page must be 1 or more'));
  });
});

describe('POST /api/App/notification/resend', () => {
  it('sends again as a new history row, with its own copy of the icon', async () => {
    const first = (
      await send({ title: 'Again', message: 'm', url: 'https://example.com' }, { data: PNG, name: 'a.png' })
    ).json().data;
    const res = await t.request({
      method: 'POST',
      url: routes.resend.path,
      payload: { title: first.n_title, message: first.n_message, url: first.n_url, fileName: first.n_icon },
    });
    expect(res.statusCode).toBe(200);
    const again = res.json();
    expect(again).toMatchObject({
      status: true,
      message: 'Notification sent successfully!',
      data: { n_title: 'Again', n_url: 'https://example.com', n_icon: expect.stringMatching(ICON_URL) },
    });
    expect(again.data._id).not.toBe(first._id);
    expect(again.data.n_icon).not.toBe(first.n_icon);
    expect(iconBytes(again.data.n_icon)).toEqual(PNG);
    expect((await history()).data[0]._id).toBe(again.data._id);

    // The bare file name works too, and no file name means no icon.
    const byName = await t.request({
      method: 'POST',
      url: routes.resend.path,
      payload: { title: 'x', message: 'y', url: '', fileName: first.n_icon.split('/').pop() },
    });
    expect(iconBytes(byName.json().data.n_icon)).toEqual(PNG);
    const noIcon = await t.request({
      method: 'POST',
      url: routes.resend.path,
      payload: { title: 'x', message: 'y' },
    });
    expect(noIcon.json().data).toMatchObject({ n_icon: null, n_url: null });
    const nulls = await t.request({
      method: 'POST',
      url: routes.resend.path,
      payload: { title: 'x', message: 'y', url: null, fileName: null },
    });
    expect(nulls.json().data).toMatchObject({ n_icon: null, n_url: null });
  });

  it.each([
    [{ message: 'm' }, 'title: Title is required'],
    [{ title: 't', message: ' ' }, 'message: Message is required'],
    [{ title: 't', message: 'm', url: 'nope' }, `url: ${msg.urlInvalid}`],
    [{ title: 't', message: 'm', fileName: '0123456789abcdef01234567.png' }, msg.iconMissing],
    [{ title: 't', message: 'm', fileName: '../../secrets.json' }, msg.iconMissing],
  ])('refuses %o', async (payload, message) => {
    const before = (await history()).total;
    const res = await t.request({ method: 'POST', url: routes.resend.path, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(message));
    expect((await history()).total).toBe(before);
  });
});

describe('DELETE /api/App/notification/delete', () => {
  const trashCall = (method: 'POST' | 'DELETE', id: string[]) =>
    t.request({ method, url: `/api/admin/trash${method === 'POST' ? '/restore' : ''}`, payload: { id } });
  const remove = (id: string | string[]) =>
    t.request({ method: 'DELETE', url: routes.delete.path, payload: { id } });
  const historyIds = async () => (await history('?limit=1000')).data.map((n: { _id: string }) => n._id);

  it('moves the listed rows to the trash with their icons; Undo gives them back; deleting forever removes the icon', async () => {
    const a = (await send({ title: 'del a', message: 'm' }, { data: PNG, name: 'a.png' })).json().data;
    const b = (
      await t.request({
        method: 'POST',
        url: routes.resend.path,
        payload: { title: 'del b', message: 'm', fileName: a.n_icon },
      })
    ).json().data;
    const [nameA, nameB] = [a.n_icon.split('/').pop(), b.n_icon.split('/').pop()];
    const before = (await history('?limit=1000')).data.find((n: { _id: string }) => n._id === a._id);

    let res = await remove([a._id]);
    expect(res.json()).toEqual({ status: true, message: msg.deleted, deleted: 1 });
    expect(await historyIds()).not.toContain(a._id);
    expect(iconFiles()).toContain(nameA);
    const trash = (await t.request({ method: 'GET', url: '/api/admin/trash?feature=notifications' })).json();
    expect(trash.data.find((e: { _id: string }) => e._id === a._id)).toMatchObject({
      label: 'notification "del a"',
      thumbnail: a.n_icon,
    });
    expect((await trashCall('POST', [a._id])).statusCode).toBe(200);
    expect((await history('?limit=1000')).data.find((n: { _id: string }) => n._id === a._id)).toEqual(before);

    await remove([a._id]);
    expect((await trashCall('DELETE', [a._id])).statusCode).toBe(200);
    expect(iconFiles()).not.toContain(nameA);
    expect(iconFiles()).toContain(nameB);

    res = await remove(b._id);
    expect(res.json()).toMatchObject({ status: true, deleted: 1 });
    expect(await historyIds()).not.toContain(b._id);
    expect((await trashCall('DELETE', [b._id])).statusCode).toBe(200);
    expect(iconFiles()).not.toContain(nameB);
  });

  it('keeps an icon two rows share (resends before icons were copied) until neither names it', async () => {
    const a = (await send({ title: 'shared a', message: 'm' }, { data: PNG, name: 'a.png' })).json().data;
    const b = (await send({ title: 'shared b', message: 'm' })).json().data;
    await t.app.streamdesk.context.db
      .updateTable('notifications')
      .set({ icon: a.n_icon })
      .where('id', '=', b._id)
      .execute();
    const name = a.n_icon.split('/').pop();
    await remove([a._id]);
    await trashCall('DELETE', [a._id]);
    expect(iconFiles()).toContain(name);
    await remove([b._id]);
    await trashCall('DELETE', [b._id]);
    expect(iconFiles()).not.toContain(name);
  });

  it('deletes several at once, saying how many', async () => {
    const x = (await send({ title: 'x', message: 'm' })).json().data._id;
    const y = (await send({ title: 'y', message: 'm' })).json().data._id;
    const res = await t.request({ method: 'DELETE', url: routes.delete.path, payload: { id: [x, y, x] } });
    // The count, not the one-item words (which a single delete keeps: msg.deleted above).
    expect(res.json()).toEqual({ status: true, message: '2 notifications deleted successfully', deleted: 2 });
  });

  it('refuses unknown ids with 404 and deletes none of the list', async () => {
    const keep = (await send({ title: 'keep', message: 'm' })).json().data._id;
    const res = await t.request({
      method: 'DELETE',
      url: routes.delete.path,
      payload: { id: [keep, '0123456789abcdef01234567'] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(msg.notFound));
    expect((await history('?limit=1000')).data.map((n: { _id: string }) => n._id)).toContain(keep);
  });

  it.each([
    [{ id: [] }, 'id: id must list at least one id'],
    [{ id: '' }, /^id: /],
    [{}, /^id: /],
  ])('refuses %o with 400', async (payload, message) => {
    const res = await t.request({ method: 'DELETE', url: routes.delete.path, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(message));
  });
});

describe('push subscriptions without web push configured', () => {
  it('gives no VAPID key', async () => {
    const res = await t.request({ method: 'GET', url: routes.vapidKey.path, admin: false });
    expect(res.json()).toEqual({ status: true, message: msg.vapidKey, publicKey: null });
  });

  const keys = {
    p256dh: Buffer.alloc(65, 4).toString('base64url'),
    auth: Buffer.alloc(16, 1).toString('base64url'),
  };
  it('stores a subscription with the api-key only, once per endpoint', async () => {
    const payload = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys };
    for (let i = 0; i < 2; i++) {
      const res = await t.request({ method: 'POST', url: routes.subscribe.path, payload, admin: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: msg.subscribed });
    }
  });

  it('takes an allowed host or its subdomains, on port 443 unless the entry names a port', () => {
    const allowed = (endpoint: string, hosts: string[]) => isAllowedEndpoint(new URL(endpoint), hosts);
    expect(allowed('https://fcm.googleapis.com/x', ['fcm.googleapis.com'])).toBe(true);
    expect(allowed('https://fcm.googleapis.com:443/x', ['fcm.googleapis.com:443'])).toBe(true);
    expect(allowed('https://a.push.apple.com/x', ['push.apple.com'])).toBe(true);
    expect(allowed('https://evilpush.apple.com/x', ['push.apple.com'])).toBe(false);
    expect(allowed('https://127.0.0.1:8443/x', ['127.0.0.1:8443'])).toBe(true);
    expect(allowed('https://127.0.0.1:8444/x', ['127.0.0.1:8443'])).toBe(false);
    expect(allowed('https://127.0.0.1/x', ['127.0.0.1:8443'])).toBe(false);
  });

  it.each([
    [{ endpoint: 'http://fcm.googleapis.com/x', keys }, `endpoint: ${msg.endpointInvalid}`],
    [{ endpoint: 'https://intranet.local/x', keys }, `endpoint: ${msg.endpointNotAllowed}`],
    [{ endpoint: 'https://fcm.googleapis.com:8443/x', keys }, `endpoint: ${msg.endpointNotAllowed}`],
    [{ endpoint: 'https://user:pw@fcm.googleapis.com/x', keys }, `endpoint: ${msg.endpointNotAllowed}`],
    [
      { endpoint: 'https://fcm.googleapis.com/x', keys: { ...keys, auth: 'short' } },
      `keys.auth: ${msg.keysInvalid}`,
    ],
    [
      { endpoint: 'https://fcm.googleapis.com/x', keys: { ...keys, p256dh: '!!' } },
      `keys.p256dh: ${msg.keysInvalid}`,
    ],
    [{ endpoint: 'https://fcm.googleapis.com/x' }, `keys: ${msg.keysInvalid}`],
  ])('refuses %o', async (payload, message) => {
    const res = await t.request({ method: 'POST', url: routes.subscribe.path, payload, admin: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(message));
  });
});
