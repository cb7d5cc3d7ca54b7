import { whenIdle } from '@lifeboard/shared/lib/after-paint';
import { offlineWritesFlag, patchOffline } from '@lifeboard/shared/stores/offline';
import { $session } from '@lifeboard/shared/stores/session';
import { SERVICE_WORKER_URL } from '../pages/account/push-endpoint';

/**
 * Offline use (issue 31), kept small because it is on the shell's first load: the browser's online/offline events
 * feed the banner's store (as do answers given from the page's copies, shared/src/api/offline-copies.ts); the
 * service worker (the one of web push, shell/public/sw.js, which keeps the site's files) is registered once the
 * page is idle; the queue of offline writes (shared/api/offline-queue.ts) loads only when this browser holds some,
 * or when a write finds no network.
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
 * Registers the worker and hands it the files this page loads, to keep for offline use: those loaded before it
 * took control, and each one loaded later (another area, another screen), in batches when the page is idle. The
 * worker keeps them beside the page, never in front of its requests (shell/public/sw.js).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then(async (registration) => {
      // The queue's code is asked for now, while online, so the worker keeps it for a write made offline. (Whether
      // the journal is encrypted is asked with the journal's list: shared/src/api/resource.ts.)
      if ($session.get().token)
        await import(/* webpackChunkName: "offline-queue" */ '@lifeboard/shared/api/offline-queue').catch(
          () => undefined,
        );
      // This page's HTML too, when it loaded before the worker took control (it keeps the navigations it serves).
      handLoadedFiles(registration, navigator.serviceWorker.controller ? [] : [location.href]);
    })
    .catch((error: unknown) => console.info('Offline use is not available in this browser', error));
  sendOfflineWrites();
}

/** Every file the page has loaded and goes on loading, to the worker, a batch per idle moment. */
function handLoadedFiles(registration: ServiceWorkerRegistration, first: string[]): void {
  let batch = first;
  let scheduled = false;
  const send = () => {
    scheduled = false;
    if (batch.length === 0) return;
    const urls = batch;
    batch = [];
    registration.active?.postMessage({ type: 'lifeboard:keep-loaded', urls });
  };
  // A page left before its idle moment still hands over what it loaded.
  window.addEventListener('pagehide', send);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) batch.push(entry.name);
    if (!scheduled && batch.length > 0) {
      scheduled = true;
      whenIdle(send, 2000);
    }
  }).observe({ type: 'resource', buffered: true });
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
