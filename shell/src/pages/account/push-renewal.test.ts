import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { makeUser } from '../auth/test-helpers';
import { renewPushIfChanged } from './push-browser';
import { PUSH_ENDPOINT_KEY } from './push-endpoint';

const api = withFakeApi();

const publicKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const keys = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };
const saved = (endpoint: string) => ({
  success: true,
  subscription: {
    id: 9,
    name: 'Chrome on Linux',
    endpoint,
    created_at: '2026-11-25T09:00:00.000Z',
    last_sent_at: null,
  },
});

function fakeSubscription(endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint, keys }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** The browser's push machinery, holding `current` (or nothing) as this site's subscription. */
function stubBrowser(
  current: ReturnType<typeof fakeSubscription> | null,
  permission: NotificationPermission = 'granted',
) {
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => fakeSubscription('https://push.example/fresh')),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: vi.fn(async () => registration) },
    configurable: true,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission });
  return pushManager;
}

beforeEach(() => {
  signOutLocally();
  api.requests.length = 0;
  setSession('tok', makeUser());
  localStorage.setItem(PUSH_ENDPOINT_KEY, 'https://push.example/old');
  api.on('GET /api/push/config', { body: { success: true, configured: true, public_key: publicKey } });
});
afterEach(() => {
  localStorage.removeItem(PUSH_ENDPOINT_KEY);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the push check at start-up', () => {
  it("saves a changed subscription in the old one's place, without asking anything", async () => {
    stubBrowser(fakeSubscription('https://push.example/new'));
    api.on('POST /api/push/subscribe', { body: saved('https://push.example/new') });
    expect(await renewPushIfChanged()).toBe('renewed');
    expect(api.requests.find((r) => r.path === '/api/push/subscribe')?.body).toMatchObject({
      endpoint: 'https://push.example/new',
      keys,
      replaces: 'https://push.example/old',
    });
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBe('https://push.example/new');
    // The next start finds them equal: nothing is sent.
    api.requests.length = 0;
    expect(await renewPushIfChanged()).toBe('unchanged');
    expect(api.requests).toEqual([]);
  });

  it('subscribes again when the browser dropped the subscription and notifications are still allowed', async () => {
    const pushManager = stubBrowser(null);
    api.on('POST /api/push/subscribe', { body: saved('https://push.example/fresh') });
    expect(await renewPushIfChanged()).toBe('renewed');
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.requests.find((r) => r.path === '/api/push/subscribe')?.body).toMatchObject({
      endpoint: 'https://push.example/fresh',
      replaces: 'https://push.example/old',
    });
  });

  it('does nothing in a browser that never turned push on, or where notifications are no longer allowed', async () => {
    const pushManager = stubBrowser(null, 'denied');
    expect(await renewPushIfChanged()).toBe('skipped');
    localStorage.removeItem(PUSH_ENDPOINT_KEY);
    vi.stubGlobal('Notification', { permission: 'granted' });
    expect(await renewPushIfChanged()).toBe('skipped');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.requests).toEqual([]);
  });
});

describe('the service worker on pushsubscriptionchange', () => {
  it('tells the API the new subscription, proving the old one by its secret', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const calls: { url: string; init?: RequestInit }[] = [];
    const fakeFetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(
        url === '/settings.json' ? JSON.stringify({ apiUrl: 'https://api.example/' }) : '{"success":true}',
      );
    });
    const self = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      registration: {},
    };
    const source = readFileSync(path.resolve(__dirname, '../../../public/sw.js'), 'utf8');
    // The service worker's own file, run with this test's stand-ins for its globals.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('self', 'clients', 'fetch', source)(self, {}, fakeFetch);
    let done: Promise<unknown> = Promise.resolve();
    const oldSubscription = {
      toJSON: () => ({
        endpoint: 'https://push.example/old',
        keys: { p256dh: 'o'.repeat(87), auth: 'secret-of-the-old-one' },
      }),
      options: {},
    };
    listeners.get('pushsubscriptionchange')?.({
      oldSubscription,
      newSubscription: fakeSubscription('https://push.example/new'),
      waitUntil: (promise: Promise<unknown>) => {
        done = promise;
      },
    });
    await done;
    const renew = calls.find((call) => call.url === 'https://api.example/api/push/renew');
    expect(JSON.parse(String(renew?.init?.body))).toEqual({
      old_endpoint: 'https://push.example/old',
      old_auth: 'secret-of-the-old-one',
      endpoint: 'https://push.example/new',
      keys,
    });
    expect(renew?.init?.method).toBe('POST');
  });
});
