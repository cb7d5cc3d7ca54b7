import { whenIdle } from '@lifeboard/shared/lib/after-paint';
import { offlineUseKey, offlineUseOn, offlineWritesFlag, patchOffline } from '@lifeboard/shared/stores/offline';
import { $session } from '@lifeboard/shared/stores/session';
import { SERVICE_WORKER_URL } from '../pages/account/push-endpoint';

/**
 * Offline use (issue 31), kept small because it is on the shell's first load: the browser's online/offline events
 * feed the banner's store (as do answers given from the page's copies, shared/src/api/offline-copies.ts); where the
 * person turned offline use on, the service worker (the one of web push, shell/public/sw.js, which keeps the site's
 * files) is registered once the page is idle; the queue of offline writes (shared/api/offline-queue.ts) is fetched
 * then, and started when this browser holds some.
 */
export function watchOffline(): void {
  window.addEventListener('offline', () => patchOffline({ online: false }));
  window.addEventListener('online', () => {
    patchOffline({ online: true, showsKept: false, keptAt: null });
    sendOfflineWrites();
  });
  // Signed in again: that person's writes kept from an earlier session go now.
  $session.listen((session, previous) => {
    if (session.token && session.token !== previous?.token) sendOfflineWrites();
  });
}

/**
 * At the start, once the first screen is in: with offline use on (the person's choice, /devices), the worker is
 * registered and handed the files this page loads. With it off, a worker left from before (offline use turned off
 * elsewhere, or an older version that kept files for everyone) goes, with what it kept, unless it carries this
 * browser's push subscription. Either way the queue's code is fetched for a signed-in person, so a write made when
 * the network drops later is kept.
 */
export function startServiceWorker(): void {
  if ($session.get().token)
    void import(/* webpackChunkName: "offline-queue" */ '@lifeboard/shared/api/offline-queue').catch(() => undefined);
  sendOfflineWrites();
  if (!('serviceWorker' in navigator)) return;
  void inTurn(() => followChoice(false)).catch((error: unknown) =>
    console.info('Offline use could not be set up in this browser', error),
  );
}

/** Turns offline use on or off in this browser (/devices). Off, what was kept for it is deleted from the device. */
export async function setOfflineUse(on: boolean): Promise<void> {
  if (on) localStorage.setItem(offlineUseKey, 'on');
  else localStorage.removeItem(offlineUseKey);
  await inTurn(() => followChoice(true));
}

/**
 * One step at a time: a start's step still under way (it may be deleting what was kept) finishes before a turn on
 * or off begins, and each step reads the choice when it runs, not when it was asked for.
 */
let lastStep: Promise<void> = Promise.resolve();
function inTurn(step: () => Promise<void>): Promise<void> {
  const next = lastStep.then(step, step);
  lastStep = next.catch(() => undefined);
  return next;
}

function followChoice(turnedOnHere: boolean): Promise<void> {
  return offlineUseOn() ? keepForOffline(turnedOnHere) : forgetOfflineUse();
}

/**
 * Registers the worker and hands it the files this page has loaded and goes on loading, to keep. Just turned on,
 * or not yet served by the worker (a first visit), the app's HTML for this and any other address and its settings
 * go too; the worker keeps the navigations it serves.
 */
async function keepForOffline(turnedOnHere: boolean): Promise<void> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const start = turnedOnHere || !navigator.serviceWorker.controller ? [...appStartFiles, location.href] : [];
  handLoadedFiles(
    registration,
    start.map((url) => new URL(url, location.href).href),
  );
}

/** What any address needs to start offline, whichever screen was loaded: kept with the first files handed over. */
const appStartFiles = ['/index.html', '/remotes.json', '/settings.json', '/manifest.webmanifest'];

/** Deletes every file and answer kept for offline use, and the worker unless push notifications need it. */
async function forgetOfflineUse(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (registration?.active) await askToForget(registration.active);
    if (registration && !(await registration.pushManager?.getSubscription())) await registration.unregister();
  }
  // The page's own copies, and what a worker that did not answer kept.
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('lifeboard-')).map((name) => caches.delete(name)));
  }
}

/** The worker stops keeping (a hand-over may be under way) and deletes what it kept; answered, or 5 s at most. */
function askToForget(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 5000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    worker.postMessage({ type: 'lifeboard:forget-kept' }, [channel.port2]);
  });
}

/** The files loaded since the last hand-over, and where they go; the observer is made once a page. */
let batch: string[] = [];
let keeper: ServiceWorkerRegistration | null = null;
let observer: PerformanceObserver | null = null;
let scheduled = false;

function sendBatch(): void {
  scheduled = false;
  // Turned off meanwhile: nothing more is kept.
  if (!keeper || batch.length === 0 || !offlineUseOn()) return;
  const urls = [...new Set(batch)];
  batch = [];
  keeper.active?.postMessage({ type: 'lifeboard:keep-loaded', urls });
}

/**
 * Every file the page has loaded (all of them again when offline use is turned on anew) and goes on loading, to
 * the worker, a batch per idle moment.
 */
function handLoadedFiles(registration: ServiceWorkerRegistration, first: string[]): void {
  keeper = registration;
  batch.push(...first, ...performance.getEntriesByType('resource').map((entry) => entry.name));
  sendBatch();
  if (observer) return;
  // A page left before its idle moment still hands over what it loaded.
  window.addEventListener('pagehide', sendBatch);
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) batch.push(entry.name);
    if (!scheduled && batch.length > 0) {
      scheduled = true;
      whenIdle(sendBatch, 2000);
    }
  });
  observer.observe({ type: 'resource' });
}

/** Sends the writes made offline, if this browser holds any, for the signed-in person. */
export function sendOfflineWrites(): void {
  let held: string | null;
  try {
    held = localStorage.getItem(offlineWritesFlag);
  } catch {
    return;
  }
  if (!held || !$session.get().token) return;
  import(/* webpackChunkName: "offline-queue" */ '@lifeboard/shared/api/offline-queue')
    .then(({ startQueue }) => startQueue())
    .catch((error: unknown) => console.error('The changes made offline could not be sent', error));
}
