import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { whenIdle } from '../lib/after-paint';
import { $offline, offlineUseOn, patchOffline } from '../stores/offline';

/**
 * The last answer of every read call, kept on this device for offline use (issue 31 §4) while the person has it on
 * (`offlineUseOn`): per signed-in session and call, in Cache Storage, written when the page is idle. With no
 * network, a read seen before is answered from its copy and the shell's banner says the screen shows what was kept.
 * Kept by the page, not the service worker: the worker never sees the session's token or the person's data, and
 * reads go straight to the network. Writes are never kept here: the app queues them itself (offline-queue.ts).
 */

/** Deleted on sign-out (`forgetOfflineData`); the service worker's `activate` leaves it alone (shell/public/sw.js). */
export const offlineDataCache = 'lifeboard-data-v1';
/** The header of a kept copy saying when it came from the API. */
const keptAtHeader = 'x-lifeboard-kept-at';

function hasCacheStorage(): boolean {
  return typeof caches !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

function isRead(config: InternalAxiosRequestConfig): boolean {
  return config.read === true || (config.method ?? 'get').toLowerCase() === 'get';
}

function bodyText(data: unknown): string {
  if (data === undefined || data === null) return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/** The key of a call's copy: its method, full address, body and the session that made it. Null signed out. */
async function copyKey(config: InternalAxiosRequestConfig): Promise<string | null> {
  const auth = config.headers.get('Authorization');
  if (typeof auth !== 'string' || !auth) return null;
  const url = new URL(config.url ?? '', config.baseURL ?? location.origin);
  for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>))
    url.searchParams.append(name, String(value));
  const text = [(config.method ?? 'get').toUpperCase(), url.href, auth, bodyText(config.data)].join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${location.origin}/__lifeboard-data/${hex}`;
}

/**
 * Keeps a read's successful answer, once the page is idle. `stillSignedIn` is asked again then: an answer that
 * arrives as the person signs out is not kept for the next one.
 */
export function keepReadAnswer(response: AxiosResponse, stillSignedIn: (auth: string) => boolean): void {
  const { config } = response;
  if (!offlineUseOn() || !hasCacheStorage() || !isRead(config) || response.status < 200 || response.status >= 300)
    return;
  const keep = () => {
    void (async () => {
      const key = await copyKey(config);
      if (!key || !offlineUseOn() || !stillSignedIn(String(config.headers.get('Authorization')))) return;
      const copy = new Response(JSON.stringify(response.data), {
        headers: { 'content-type': 'application/json', [keptAtHeader]: new Date().toISOString() },
      });
      await (await caches.open(offlineDataCache)).put(key, copy);
    })().catch(() => undefined);
  };
  whenIdle(keep, 2_000, (run) => setTimeout(run, 0));
}

/**
 * The kept answer of a read that found no network, as the API's answer (status 200), and the banner told when it
 * was kept; null when none is kept for this call and session.
 */
export async function keptReadAnswer(config: InternalAxiosRequestConfig): Promise<AxiosResponse | null> {
  if (!hasCacheStorage() || !isRead(config)) return null;
  try {
    const key = await copyKey(config);
    const kept = key ? await (await caches.open(offlineDataCache)).match(key) : undefined;
    if (!kept) return null;
    const data: unknown = await kept.json();
    // The banner gives the oldest time of what the screen shows.
    const keptAt = kept.headers.get(keptAtHeader);
    const earlier = $offline.get().keptAt;
    patchOffline({ showsKept: true, keptAt: earlier && keptAt && earlier < keptAt ? earlier : (keptAt ?? earlier) });
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  } catch {
    return null;
  }
}
