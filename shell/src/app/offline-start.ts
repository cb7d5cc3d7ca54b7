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

/** Registers the worker and hands it the files this visit loaded before it took control, to keep them too. */
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
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      registration.active?.postMessage({ type: 'lifeboard:keep-loaded', urls: [location.href, ...urls] });
    })
    .catch((error: unknown) => console.info('Offline use is not available in this browser', error));
  sendOfflineWrites();
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
