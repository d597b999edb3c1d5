/* The public site's service worker: shows the notifications the admin sends (Web Push). */
/* global self */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    sw.registration.showNotification(data.title || 'Streamdesk', {
      body: data.body || '',
      icon: data.icon || undefined,
      tag: data.id || undefined,
      data: { url: data.url || '/site/' },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/site/';
  event.waitUntil(sw.clients.openWindow(url));
});
