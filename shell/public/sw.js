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
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      // A snooze of the same occurrence replaces the earlier notification, and still alerts.
      renotify: typeof message.tag === 'string',
      actions: actions.map((action) => ({ action: action.action, title: action.title })),
      data: { url: message.url, links: Object.fromEntries(actions.map((action) => [action.action, action.url])) },
    }),
  );
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
    event.waitUntil(
      fetch(link, { method: 'POST', mode: 'no-cors', body: new URLSearchParams() }).catch(() => openPage(link)),
    );
    return;
  }
  if (typeof data.url === 'string') event.waitUntil(openPage(data.url));
});

/*
 * The browser replaced this device's push subscription (it expired or the push service rotated it): subscribe
 * again with the same key if the browser has not, and tell the API, which swaps the stored entry for the new one.
 * The worker holds no session; it proves it had the old subscription by that subscription's auth secret. When the
 * browser gives no old subscription, the app's check at its next start replaces the entry (shell push-browser.ts).
 */
async function renewSubscription(oldSubscription, newSubscription) {
  const old = oldSubscription ? oldSubscription.toJSON() : null;
  if (!old || !old.endpoint || !old.keys || !old.keys.auth) return;
  const next =
    newSubscription ||
    (await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: oldSubscription.options.applicationServerKey,
    }));
  const json = next.toJSON();
  // The API's address is in the same settings file the app reads at start.
  const settings = await (await fetch('/settings.json', { cache: 'no-store' })).json();
  await fetch(`${String(settings.apiUrl).replace(/\/+$/, '')}/api/push/renew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({
      old_endpoint: old.endpoint,
      old_auth: old.keys.auth,
      endpoint: json.endpoint,
      keys: json.keys,
    }),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event.oldSubscription, event.newSubscription).catch(() => undefined));
});
