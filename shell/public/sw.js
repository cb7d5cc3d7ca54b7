/*
 * Lifeboard's service worker, served by the shell at /sw.js. It
 * - shows the web pushes the API sends (api/src/modules/push/service.ts, `PushMessage`) with their "Done" and
 *   "Snooze 10 min" buttons;
 * - keeps the site's files for offline use (issue 31): the shell's and the remotes' (content-hashed ones
 *   cache-first, entries, settings and HTML network-first). The API's answers are the page's to keep
 *   (shared/src/api/offline-copies.ts), and writes made offline its to queue (shared/src/api/offline-queue.ts).
 * Plain JavaScript on purpose: the browser fetches it as is, outside the build.
 */
/* global clients */

/** Bumped when what is kept changes shape: `activate` deletes every other `lifeboard-` cache. */
const SHELL_CACHE = 'lifeboard-shell-v1';
const ASSET_CACHE = 'lifeboard-assets-v1';
/** The page's copies of the API's answers (`offlineDataCache` of shared/src/api/offline-copies.ts): left alone. */
const DATA_CACHE = 'lifeboard-data-v1';
const KEPT = [SHELL_CACHE, ASSET_CACHE, DATA_CACHE];
/** A content-hashed file of a build: the same pattern as `hashedAsset` of scripts/serve-static.mjs. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/;
/** The app's HTML for any app path, kept at install: what an address never opened before answers offline. */
const APP_HTML = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([APP_HTML, '/remotes.json', '/settings.json', '/manifest.webmanifest']))
      // Offline support is a bonus: a failed first fill must not keep push from working.
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('lifeboard-') && !KEPT.includes(name)).map((n) => caches.delete(n)),
        ),
      )
      // The page's navigation is asked for while this worker starts, not after (a reload waits for neither).
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => clients.claim()),
  ),
);

/** The origins of the remotes (remotes.json), read from the kept copy: their files are kept like the shell's. */
let remoteOrigins = null;
async function remoteOriginSet() {
  if (remoteOrigins) return remoteOrigins;
  const origins = new Set();
  try {
    const kept = await (await caches.open(SHELL_CACHE)).match('/remotes.json');
    const remotes = kept ? await kept.json() : {};
    for (const url of Object.values(remotes)) {
      try {
        origins.add(new URL(String(url)).origin);
      } catch {
        // not an address: nothing to keep from it
      }
    }
  } catch {
    // no copy yet: asked again on the next request
    return origins;
  }
  remoteOrigins = origins;
  return origins;
}

/** Whether a GET is one of the app's files to keep: the shell's own (not the API's), or a remote's. */
async function isAppFile(url) {
  if (url.origin === self.location.origin) return !url.pathname.startsWith('/api/') && url.pathname !== '/sw.js';
  return (await remoteOriginSet()).has(url.origin);
}

function keepable(response) {
  // A remote's script asked without CORS comes back opaque: kept too, it is the same file.
  // A redirected answer cannot answer a navigation later: not kept.
  return response && !response.redirected && (response.ok || response.type === 'opaque');
}

/** Kept beside the answer, not before it: the page reads the answer while the copy is written. */
function keepCopy(event, cacheName, request, response) {
  if (!keepable(response)) return;
  const copy = response.clone();
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.put(request, copy))
      .catch(() => undefined),
  );
}

/** Content-hashed files never change: the kept copy, else the network (and kept). */
async function cacheFirst(event) {
  const { request } = event;
  const kept = await (await caches.open(ASSET_CACHE)).match(request);
  if (kept) return kept;
  const response = await fetch(request);
  keepCopy(event, ASSET_CACHE, request, response);
  return response;
}

/** Entries, settings, remotes.json, HTML: the network (a navigation's preload), and the kept copy when there is none. */
async function networkFirst(event, fallbackUrl) {
  const { request } = event;
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    keepCopy(event, SHELL_CACHE, request, response);
    if (request.url.endsWith('/remotes.json')) remoteOrigins = null;
    return response;
  } catch (error) {
    const cache = await caches.open(SHELL_CACHE);
    const kept =
      (await cache.match(request, { ignoreVary: true })) || (fallbackUrl && (await cache.match(fallbackUrl)));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  // The API's calls (signed in, they carry the session) go to the network without this worker: the page keeps
  // their answers for offline use itself (shared/src/api/offline-copies.ts).
  if (request.method !== 'GET' || request.headers.has('authorization')) return;
  const url = new URL(request.url);
  // Another site's file (the API's pictures, a video): the browser fetches it without this worker.
  if (url.origin !== self.location.origin && remoteOrigins && !remoteOrigins.has(url.origin)) return;
  if (request.mode === 'navigate') {
    if (url.origin === self.location.origin) event.respondWith(networkFirst(event, APP_HTML));
    return;
  }
  if (HASHED.test(url.pathname) && navigator.onLine) {
    // Online, a content-hashed file comes from the browser's own cache or the network, faster than through this
    // worker; a copy is only made, beside it, when none is kept yet.
    event.waitUntil(keepIfMissing(request, url));
    return;
  }
  event.respondWith(
    isAppFile(url).then((kept) => {
      if (!kept) return fetch(request);
      return HASHED.test(url.pathname) ? cacheFirst(event) : networkFirst(event, null);
    }),
  );
});

/** Keeps an app file that is not kept yet (fetched again, most often from the browser's cache). */
async function keepIfMissing(request, url) {
  if (!(await isAppFile(url))) return;
  const cache = await caches.open(HASHED.test(url.pathname) ? ASSET_CACHE : SHELL_CACHE);
  if (await cache.match(request)) return;
  try {
    const response = await fetch(request);
    if (keepable(response)) await cache.put(request, response);
  } catch {
    // offline again: kept on the next visit
  }
}

/*
 * The app's first visit loaded its files before this worker took control: the page lists them once this worker
 * is active (shell/src/app/offline-start.ts), and the ones that are the app's are kept now.
 */
async function keepLoaded(urls) {
  for (const href of urls.slice(0, 400)) {
    let url;
    try {
      url = new URL(href);
    } catch {
      continue;
    }
    await keepIfMissing(
      new Request(url.href, { mode: url.origin === self.location.origin ? 'same-origin' : 'cors' }),
      url,
    );
  }
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'lifeboard:keep-loaded' && Array.isArray(message.urls))
    event.waitUntil(keepLoaded(message.urls));
});

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
