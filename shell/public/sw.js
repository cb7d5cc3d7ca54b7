/*
 * Lifeboard's service worker, served by the shell at /sw.js. It
 * - shows the web pushes the API sends (api/src/modules/push/service.ts, `PushMessage`) with their "Done" and
 *   "Snooze 10 min" buttons;
 * - keeps the site's files for offline use (issue 31) on a device whose owner turned it on (/devices): the shell's
 *   and the remotes'. Online, only navigations pass through it (network first, a kept copy of the HTML without a
 *   network); every other file comes from the browser's own cache or the network without it, and the page tells it
 *   afterwards which files it loaded, to keep (`lifeboard:keep-loaded`, shell/src/app/offline-start.ts). Offline, it
 *   answers them from what it kept. With offline use off (a worker registered for push only) nothing is kept: the
 *   page never sends the files, and a navigation's HTML is kept only beside files kept before.
 *   The API's answers are the page's to keep (shared/src/api/offline-copies.ts), and writes made offline its to
 *   queue (shared/src/api/offline-queue.ts).
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
/**
 * The app's HTML for any app path, handed over by the page with its files: what an address never opened before
 * answers offline.
 */
const APP_HTML = '/index.html';

// What is kept comes from the page (`lifeboard:keep-loaded`), and only while offline use is on: nothing at install.
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
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

/**
 * A navigation's HTML, kept beside the answer, not before it: the page reads the answer while the copy is written.
 * Kept only where the app's files are (offline use on; the page deletes them when it is turned off).
 */
function keepPage(event, request, response) {
  if (!keepable(response)) return;
  const copy = response.clone();
  event.waitUntil(
    caches
      .has(SHELL_CACHE)
      .then((kept) => kept && caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy)))
      .catch(() => undefined),
  );
}

/** Offline: the kept copy of an app file (content-hashed or not), else the network's failure. */
async function keptCopy(request) {
  return (await caches.match(request, { ignoreVary: true })) || fetch(request);
}

/** A navigation: the network (the navigation's preload), and the kept HTML when there is none. */
async function navigation(event) {
  const { request } = event;
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    keepPage(event, request, response);
    return response;
  } catch (error) {
    // Looked up, not opened: an opened cache would exist from then on, and say offline use is on (keepPage).
    const kept =
      (await caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true })) ||
      (await caches.match(APP_HTML, { cacheName: SHELL_CACHE }));
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
  if (request.mode === 'navigate') {
    if (url.origin === self.location.origin) event.respondWith(navigation(event));
    return;
  }
  // Online, the browser's own cache and the network are faster than this worker; the page says which files it
  // loaded, and they are kept then, beside the page rather than in front of it.
  if (navigator.onLine) return;
  event.respondWith(isAppFile(url).then((kept) => (kept ? keptCopy(request) : fetch(request))));
});

/**
 * Keeps an app file: a content-hashed one when not kept yet (it never changes), any other (remotes.json, settings,
 * a remote's manifest and entry) afresh, so that offline the entries match the chunks kept with them.
 * Fetched again, most often from the browser's cache (a 304 for the others).
 */
async function keep(request, url, handOver) {
  if (!(await isAppFile(url)) || handOver !== handOvers) return;
  const hashed = HASHED.test(url.pathname);
  const cache = await caches.open(hashed ? ASSET_CACHE : SHELL_CACHE);
  if (hashed && (await cache.match(request))) return;
  try {
    const response = await fetch(request);
    // Offline use turned off meanwhile: its caches are gone, and stay gone.
    if (handOver !== handOvers) return;
    if (keepable(response)) await cache.put(request, response);
    if (url.pathname.endsWith('/remotes.json') && url.origin === self.location.origin) remoteOrigins = null;
  } catch {
    // offline again: kept on the next visit
  }
}

/** Counts the times offline use was turned off: a hand-over still being kept when it is stops there. */
let handOvers = 0;

/*
 * The files a page loaded (shell/src/app/offline-start.ts sends them once this worker is active, and then as
 * the page loads more): the ones that are the app's are kept now. remotes.json first: it says which origins are
 * the remotes'.
 */
async function keepLoaded(urls, handOver) {
  const parsed = [];
  for (const href of urls.slice(0, 400)) {
    try {
      parsed.push(new URL(href));
    } catch {
      // not an address: nothing to keep
    }
  }
  parsed.sort((a, b) => Number(b.pathname.endsWith('/remotes.json')) - Number(a.pathname.endsWith('/remotes.json')));
  for (const url of parsed) {
    if (handOver !== handOvers) return;
    await keep(
      new Request(url.href, { mode: url.origin === self.location.origin ? 'same-origin' : 'cors' }),
      url,
      handOver,
    );
  }
}

/** Offline use turned off (the page's /devices): every kept file and answer goes, and nothing more is kept. */
async function forgetKept() {
  handOvers += 1;
  remoteOrigins = null;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('lifeboard-')).map((name) => caches.delete(name)));
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (message.type === 'lifeboard:keep-loaded' && Array.isArray(message.urls))
    event.waitUntil(keepLoaded(message.urls, handOvers));
  if (message.type === 'lifeboard:forget-kept') {
    const done = forgetKept();
    event.waitUntil(done);
    // The page waits for the answer before it says the files are gone.
    const [port] = event.ports || [];
    if (port)
      void done.then(
        () => port.postMessage('forgotten'),
        () => port.postMessage('failed'),
      );
  }
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
