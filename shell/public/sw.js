/*
 * Lifeboard's service worker, served by the shell at /sw.js: it shows the web pushes the API sends
 * (api/src/modules/push/service.ts, `PushMessage`) with their "Done" and "Snooze 10 min" buttons.
 * Plain JavaScript on purpose: the browser fetches it as is, outside the build.
 */
/* global clients */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(clients.claim()));

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const actions = Array.isArray(message.actions) ? message.actions : [];
  event.waitUntil(self.registration.showNotification(message.title, {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    // A snooze of the same occurrence replaces the earlier notification, and still alerts.
    renotify: typeof message.tag === 'string',
    actions: actions.map((action) => ({ action: action.action, title: action.title })),
    data: { url: message.url, links: Object.fromEntries(actions.map((action) => [action.action, action.url])) },
  }));
});

async function openPage(url) {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  return clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  notification.close();
  const data = notification.data || {};
  const link = event.action && data.links ? data.links[event.action] : undefined;
  if (link) {
    // The signed link acts on a POST (as the button on its page does); offline, the page opens to try again there.
    event.waitUntil(fetch(link, { method: 'POST', mode: 'no-cors', body: new URLSearchParams() }).catch(() => openPage(link)));
    return;
  }
  if (typeof data.url === 'string') event.waitUntil(openPage(data.url));
});
