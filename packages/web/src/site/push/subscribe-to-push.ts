import { notificationRoutes as routes } from '@streamdesk/contract/notifications';
import { runtimeConfig } from '@/lib/runtime-config';

/** Where the service worker is served from (public/site/sw.js, copied into the site build). */
export const SERVICE_WORKER_URL = '/site/sw.js';

export type PushSubscribeResult = 'subscribed' | 'unsupported' | 'denied' | 'not configured' | 'failed';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

const headers = () => ({ 'api-key': runtimeConfig().apiKey, accept: 'application/json' });

/**
 * Subscribes this browser to the notifications the admin sends: asks for permission if not yet
 * answered (so call it from a click, or when permission is already granted), registers the service
 * worker, subscribes with the server's VAPID key and stores the subscription on the server.
 */
export async function subscribeToPush(): Promise<PushSubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  try {
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') return 'denied';

    const keyReply = (await (await fetch(routes.vapidKey.path, { headers: headers() })).json()) as {
      publicKey?: string | null;
    };
    if (!keyReply.publicKey) return 'not configured';
    const key = keyBytes(keyReply.publicKey);

    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/site/' });
    await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      // The server's key changed: a subscription made with the old one can no longer be used.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });

    const res = await fetch(routes.subscribe.path, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(subscription.toJSON()),
    });
    return res.ok ? 'subscribed' : 'failed';
  } catch (error) {
    console.error('Push subscription failed', error);
    return 'failed';
  }
}

/** For the site entry: renews the subscription of a visitor who already allowed notifications. */
export function resumePushSubscription(): void {
  if (pushSupported() && Notification.permission === 'granted') void subscribeToPush();
}
