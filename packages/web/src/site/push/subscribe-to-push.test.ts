import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationRoutes } from '@streamdesk/contract/notifications';
import { pushPaths, subscribeToPush } from './subscribe-to-push';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** A browser with the Push API, permission granted, no subscription yet, whose push service does `subscribe`. */
function browserWithPush(subscribe: () => Promise<unknown>) {
  const register = vi.fn(async () => ({ pushManager: { getSubscription: async () => null, subscribe } }));
  vi.stubGlobal('navigator', { serviceWorker: { register, ready: Promise.resolve() } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  window.__STREAMDESK__ = { apiKey: 'k-123' };
  return register;
}

describe('subscribeToPush', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('calls the contract routes', () => {
    expect(pushPaths).toEqual({
      vapidKey: notificationRoutes.vapidKey.path,
      subscribe: notificationRoutes.subscribe.path,
    });
  });

  it('says "unsupported" where the browser has no Push API', async () => {
    expect(await subscribeToPush()).toBe('unsupported');
  });

  it('registers the worker, subscribes with the server key and stores the subscription', async () => {
    const json = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'p', auth: 'a' } };
    const subscribe = vi.fn(async () => ({ toJSON: () => json }));
    const register = browserWithPush(subscribe);
    const fetchMock = vi.fn(async (url: string) =>
      url === pushPaths.vapidKey
        ? new Response(JSON.stringify({ status: true, publicKey: KEY }))
        : new Response(JSON.stringify({ status: true })),
    );
    vi.stubGlobal('fetch', fetchMock);

    expect(await subscribeToPush()).toBe('subscribed');
    expect(register).toHaveBeenCalledWith('/site/sw.js', { scope: '/site/' });
    const options = (subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0];
    expect(options.applicationServerKey).toHaveLength(65);
    expect(fetchMock).toHaveBeenLastCalledWith(pushPaths.subscribe, {
      method: 'POST',
      headers: { 'api-key': 'k-123', accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  });

  it("says 'failed' when the push service leaves subscribe() pending for 30 s", async () => {
    vi.useFakeTimers();
    browserWithPush(() => new Promise(() => {}));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: true, publicKey: KEY })));

    let result: unknown;
    void subscribeToPush().then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result).toBe('failed');
  });
});
