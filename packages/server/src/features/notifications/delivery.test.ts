import https from 'node:https';
import { rmSync } from 'node:fs';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationRoutes as routes, type Notification } from '@streamdesk/contract/notifications';
import { form, PNG } from '../../test/media-fixtures.js';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startFakeFcm, type FakeFcm } from './fakes/fake-fcm.js';
import { startFakePushService, type FakePushService } from './fakes/fake-push-service.js';
import { STOPPED_REASON } from './push-sender.js';

/**
 * Real delivery against local fakes on loopback: an HTTP FCM v1 endpoint with its OAuth2 token endpoint,
 * and an HTTPS push service with a self-signed certificate that checks VAPID and decrypts the payload.
 */
let t: TestApp;
let fcm: FakeFcm;
let push: FakePushService;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };
const previousCa = https.globalAgent.options.ca;

beforeAll(async () => {
  fcm = await startFakeFcm();
  push = await startFakePushService(vapid);
  // Trust the fake's certificate for this test file only (web-push uses the global https agent).
  https.globalAgent.options.ca = push.cert;
  t = await createTestApp({
    FCM_BASE_URL: fcm.baseUrl,
    FCM_SERVICE_ACCOUNT_FILE: fcm.serviceAccountFile,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    WEB_PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
    PUBLIC_LIVE_HOST: 'https://streamdesk.example',
  });
});
afterAll(async () => {
  await t?.close();
  https.globalAgent.options.ca = previousCa;
  await fcm?.close();
  await push?.close();
  rmSync(fcm.serviceAccountFile, { force: true });
});
beforeEach(async () => {
  fcm.mode = 'ok';
  fcm.resetOnce();
  await t.app.streamdesk.context.db.deleteFrom('push_subscriptions').execute();
});

const subscribe = async (kind: Parameters<FakePushService['browser']>[0]) => {
  const browser = push.browser(kind);
  const res = await t.request({
    method: 'POST',
    url: routes.subscribe.path,
    payload: { ...browser.subscription, expirationTime: null },
    admin: false,
  });
  expect(res.json()).toMatchObject({ status: true });
  return browser;
};

async function sendAndWait(fields: Record<string, string>, icon = false): Promise<Notification> {
  const res = await t.request({
    method: 'POST',
    url: routes.send.path,
    payload: form(fields, icon ? [{ field: 'image', name: 'i.png', data: PNG }] : []),
  });
  expect(res.statusCode).toBe(200);
  const sent = res.json().data as Notification;
  expect(sent.delivery).toEqual({
    fcm: { status: 'pending', detail: null },
    webPush: { status: 'pending', detail: null },
  });
  await t.app.notifications.idle();
  return row(sent._id);
}

async function row(id: string): Promise<Notification> {
  const list = (await t.request({ method: 'GET', url: `${routes.history.path}?limit=1000` })).json()
    .data as Notification[];
  return list.find((n) => n._id === id)!;
}

describe('delivery to FCM and to subscribed browsers', () => {
  it('exposes the VAPID public key to the site', async () => {
    const res = await t.request({ method: 'GET', url: routes.vapidKey.path, admin: false });
    expect(res.json().publicKey).toBe(vapid.publicKey);
  });

  it('delivers to the FCM topic and to every browser, and records both as sent', async () => {
    const a = await subscribe('ok');
    const b = await subscribe('ok');
    const done = await sendAndWait(
      { title: 'Goal!', message: '1-0 in the 90th', url: 'https://example.com/m' },
      true,
    );

    expect(done.delivery.fcm).toEqual({
      status: 'sent',
      detail: expect.stringMatching(/^Sent to topic "all" \(projects\/demo-project\/messages\/\d+\)$/),
    });
    expect(done.delivery.webPush).toEqual({ status: 'sent', detail: 'Delivered to 2 of 2 browsers' });
    expect(done.deliveredAt).not.toBeNull();

    expect(fcm.sends.at(-1)!.body).toEqual({
      message: {
        topic: 'all',
        notification: {
          title: 'Goal!',
          body: '1-0 in the 90th',
          image: `https://streamdesk.example${done.n_icon}`,
        },
        data: {
          notificationId: done._id,
          url: 'https://example.com/m',
          icon: `https://streamdesk.example${done.n_icon}`,
        },
      },
    });
    for (const browser of [a, b]) {
      expect(browser.received).toEqual([
        {
          id: done._id,
          title: 'Goal!',
          body: '1-0 in the 90th',
          url: 'https://example.com/m',
          icon: done.n_icon,
        },
      ]);
    }
    expect(fcm.problems).toEqual([]);
    expect(push.problems).toEqual([]);
  });

  it('reuses the access token until it expires', async () => {
    const before = fcm.tokenRequests;
    await sendAndWait({ title: 'one', message: 'm' });
    await sendAndWait({ title: 'two', message: 'm' });
    expect(fcm.tokenRequests - before).toBe(0);
    expect(fcm.tokenRequests).toBe(1);
  });

  it('records FCM 404 UNREGISTERED as failed with the reason, without retrying', async () => {
    fcm.mode = 'unregistered';
    const count = fcm.sends.length;
    const done = await sendAndWait({ title: 'gone', message: 'm' });
    expect(done.delivery.fcm).toEqual({
      status: 'failed',
      detail: 'HTTP 404 UNREGISTERED: Requested entity was not found.',
    });
    expect(fcm.sends.length - count).toBe(1);
  });

  it('waits for Retry-After on FCM 429 and then delivers', async () => {
    fcm.mode = 'rate-limited-once';
    const count = fcm.sends.length;
    const done = await sendAndWait({ title: 'busy', message: 'm' });
    expect(done.delivery.fcm.status).toBe('sent');
    const [first, second] = fcm.sends.slice(count);
    expect([first!.answered, second!.answered]).toEqual([429, 200]);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries an FCM 5xx with backoff, and gives up after the bounded attempts', async () => {
    fcm.mode = 'error-once';
    let done = await sendAndWait({ title: 'flaky', message: 'm' });
    expect(done.delivery.fcm.status).toBe('sent');

    fcm.mode = 'always-500';
    const count = fcm.sends.length;
    done = await sendAndWait({ title: 'down', message: 'm' });
    expect(done.delivery.fcm).toEqual({ status: 'failed', detail: 'HTTP 500 INTERNAL: Internal error' });
    const tries = fcm.sends.slice(count);
    expect(tries).toHaveLength(4);
    // Exponential: each wait at least half of 250, 500, 1000 ms.
    const gaps = tries.slice(1).map((s, i) => s.at - tries[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(120);
    expect(gaps[1]).toBeGreaterThanOrEqual(245);
    expect(gaps[2]).toBeGreaterThanOrEqual(495);
  });

  it('removes browsers the push service says are gone (404, 410)', async () => {
    const ok = await subscribe('ok');
    const gone = await subscribe('gone');
    const missing = await subscribe('missing');
    const done = await sendAndWait({ title: 'cleanup', message: 'm' });
    expect(done.delivery.webPush).toEqual({
      status: 'sent',
      detail: 'Delivered to 1 of 3 browsers; 2 expired subscriptions removed',
    });
    expect(ok.received).toHaveLength(1);
    const remaining = await t.app.streamdesk.context.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .execute();
    expect(remaining.map((r: { endpoint: string }) => r.endpoint)).toEqual([ok.subscription.endpoint]);

    const hits = push.hits.length;
    await sendAndWait({ title: 'again', message: 'm' });
    expect(push.hits.slice(hits).map((h) => h.path)).toEqual([new URL(ok.subscription.endpoint).pathname]);
    expect([gone.received, missing.received]).toEqual([[], []]);
  });

  it('honours Retry-After from a push service and records a browser that stays down as failed', async () => {
    const busy = await subscribe('busy');
    const down = await subscribe('down');
    const done = await sendAndWait({ title: 'retry', message: 'm' });
    expect(busy.received).toMatchObject([{ title: 'retry' }]);
    const busyHits = push.hits.filter((h) => h.path === new URL(busy.subscription.endpoint).pathname);
    expect(busyHits.map((h) => h.status)).toEqual([429, 201]);
    expect(busyHits[1]!.at - busyHits[0]!.at).toBeGreaterThanOrEqual(950);
    const downHits = push.hits.filter((h) => h.path === new URL(down.subscription.endpoint).pathname);
    expect(downHits).toHaveLength(4);
    expect(done.delivery.webPush).toEqual({
      status: 'sent',
      detail: 'Delivered to 1 of 2 browsers; 1 failed: HTTP 503',
    });

    await t.app.streamdesk.context.db.deleteFrom('push_subscriptions').execute();
    await subscribe('down');
    const failed = await sendAndWait({ title: 'nobody', message: 'm' });
    expect(failed.delivery.webPush).toEqual({
      status: 'failed',
      detail: 'Delivered to 0 of 1 browser; 1 failed: HTTP 503',
    });
  });

  it('says so when no browser has subscribed', async () => {
    const done = await sendAndWait({ title: 'empty', message: 'm' });
    expect(done.delivery.webPush).toEqual({ status: 'sent', detail: 'No browser has subscribed yet' });
  });

  it('marks deliveries a previous run left pending as failed', async () => {
    const id = '0123456789abcdef01234567';
    await t.app.streamdesk.context.db
      .insertInto('notifications')
      .values({
        id,
        title: 'old',
        message: 'm',
        url: null,
        icon: null,
        created_at: '2020-01-01T00:00:00.000Z',
        fcm_status: 'pending',
        fcm_detail: null,
        web_status: 'sent',
        web_detail: 'Delivered to 0 of 0 browsers',
        delivered_at: null,
        status: 'sent',
        scheduled_at: null,
        send_job: null,
      })
      .execute();
    await t.app.notifications.failInterrupted();
    expect((await row(id)).delivery).toEqual({
      fcm: { status: 'failed', detail: 'Interrupted: the server restarted during delivery' },
      webPush: { status: 'sent', detail: 'Delivered to 0 of 0 browsers' },
    });
  });

  // Last: it closes the app.
  it('answers without waiting for a slow channel, and records it as stopped when the app closes', async () => {
    fcm.mode = 'hang';
    const started = performance.now();
    const res = await t.request({
      method: 'POST',
      url: routes.send.path,
      payload: form({ title: 'slow', message: 'm' }, []),
    });
    expect(performance.now() - started).toBeLessThan(1000);
    const id = res.json().data._id as string;
    await new Promise((r) => setTimeout(r, 100));
    expect((await row(id)).delivery.fcm.status).toBe('pending');

    // Closing the app stops the delivery and writes the result before the database closes.
    const closing = performance.now();
    await t.app.close();
    expect(performance.now() - closing).toBeLessThan(2000);
    const reopened = await buildApp(t.config, { logger: false });
    try {
      const res2 = await reopened.inject({
        method: 'GET',
        url: `${routes.history.path}?limit=1000`,
        headers: { 'api-key': t.config.apiKey, authorization: `Bearer ${t.token}` },
      });
      const after = (res2.json().data as Notification[]).find((n) => n._id === id)!;
      expect(after.delivery.fcm).toEqual({ status: 'failed', detail: STOPPED_REASON });
      expect(after.deliveredAt).not.toBeNull();
    } finally {
      await reopened.close();
    }
  });
});
