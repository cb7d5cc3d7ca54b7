import type { PushSubscriptionInput } from '@lifeboard/shared/api/notifications';
import { fetchPushConfig, savePushDevice } from '@lifeboard/shared/api/notifications';
import { PUSH_ENDPOINT_KEY, SERVICE_WORKER_URL } from './push-endpoint';

/** Whether this browser can receive web push at all (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export class PushBlockedError extends Error {
  override name = 'PushBlockedError';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/** This browser's current push endpoint, if it has one (so the list can mark "this device"). */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/**
 * Asks for permission, registers the service worker and subscribes with the server's key; a subscription made
 * with an older key is replaced. Throws PushBlockedError when the person (or the browser) says no.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError('Notifications are blocked for this site.');
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('The browser gave an incomplete push subscription.');
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** What this browser last gave the server (kept beside the session), so a changed subscription can be noticed. */
export function rememberEndpoint(endpoint: string | null): void {
  try {
    if (endpoint) localStorage.setItem(PUSH_ENDPOINT_KEY, endpoint);
    else localStorage.removeItem(PUSH_ENDPOINT_KEY);
  } catch {
    // storage off: the start-up check has nothing to compare, and push still works until the subscription changes
  }
}

/**
 * The check at the app's start: the browser may have replaced this device's push subscription while no page was
 * open (the service worker tells the API when the browser says which one it replaced; not every browser does).
 * When the current endpoint is not the one stored, the new one is saved in the old one's place; when the browser
 * dropped it and notifications are still allowed, it subscribes again without asking. Answers what it did.
 */
export async function renewPushIfChanged(): Promise<'unchanged' | 'renewed' | 'skipped'> {
  let stored: string | null;
  try {
    stored = localStorage.getItem(PUSH_ENDPOINT_KEY);
  } catch {
    return 'skipped';
  }
  if (!stored || !pushSupported() || Notification.permission !== 'granted') return 'skipped';
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return 'skipped';
  let subscription = await registration.pushManager.getSubscription();
  if (subscription?.endpoint === stored) return 'unchanged';
  if (!subscription) {
    const config = await fetchPushConfig();
    if (!config.ok || !config.data.public_key) return 'skipped';
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(config.data.public_key),
    });
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'skipped';
  const saved = await savePushDevice(
    { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
    browserName(navigator.userAgent),
    stored,
  );
  if (!saved.ok) return 'skipped';
  rememberEndpoint(json.endpoint);
  return 'renewed';
}

/** Stops push in this browser (after the server forgot it). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/** "Chrome on Linux": what the devices list calls this browser. */
export function browserName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'an unknown system';
  return `${browser} on ${system}`;
}
