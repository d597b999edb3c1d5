import { settleWithin, WRITE_DEADLINE_MS } from '@/lib/deadlines';
import type { RuntimeConfig } from '@/lib/runtime-config';

/**
 * The two app routes this module calls. Written out rather than imported from the contract, which
 * would pull zod into the public site's bundle; subscribe-to-push.test.ts checks they match it.
 */
export const pushPaths = {
  vapidKey: '/api/App/push/vapidPublicKey',
  subscribe: '/api/App/push/subscribe',
} as const;

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

/**
 * The api-key from /runtime-config.js, loading that script if the page has not. (Importing lib's
 * runtimeConfig() would drag the admin app's shared chunk into the public site.)
 */
async function apiKey(): Promise<string> {
  const loaded = () => (window.__STREAMDESK__ as Partial<RuntimeConfig> | undefined)?.apiKey;
  if (loaded() === undefined) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/runtime-config.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('runtime-config.js did not load'));
      document.head.append(script);
    });
  }
  return loaded() ?? '';
}

const headersWith = (key: string) => ({ 'api-key': key, accept: 'application/json' });

/**
 * Subscribes this browser to the notifications the admin sends: asks for permission if not yet
 * answered (so call it from a click, or when permission is already granted), registers the service
 * worker, subscribes with the server's VAPID key and stores the subscription on the server.
 * Once permission is given, the rest must be done within 30 s (0010-bad-network.md): a push service
 * the network blocks can leave the browser's subscribe() pending for ever, and the visitor's button
 * with it. Past that it says 'failed'.
 */
export async function subscribeToPush(): Promise<PushSubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  try {
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') return 'denied';
    return await settleWithin(WRITE_DEADLINE_MS, subscribeGranted(), 'failed');
  } catch (error) {
    console.error('Push subscription failed', error);
    return 'failed';
  }
}

async function subscribeGranted(): Promise<PushSubscribeResult> {
  const headers = headersWith(await apiKey());
  const keyReply = (await (await fetch(pushPaths.vapidKey, { headers })).json()) as {
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

  const res = await fetch(pushPaths.subscribe, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
  return res.ok ? 'subscribed' : 'failed';
}

/** For the site entry: renews the subscription of a visitor who already allowed notifications. */
export function resumePushSubscription(): void {
  if (pushSupported() && Notification.permission === 'granted') void subscribeToPush();
}
