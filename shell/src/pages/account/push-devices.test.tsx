import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '@lifeboard/shared/api/notifications';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setSession } from '@lifeboard/shared/stores/session';
import { signOutLocally } from '../../auth/session-actions';
import { cleanup, makeUser, renderAt } from '../auth/test-helpers';
import { browserName } from './push-browser';
import { PushDevices } from './push-devices';

const api = withFakeApi();

const publicKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const phone: PushDevice = {
  id: 4,
  name: 'Chrome on Android',
  endpoint: 'https://push.example/abc',
  created_at: '2026-11-20T09:00:00.000Z',
  last_sent_at: null,
};

beforeEach(() => {
  signOutLocally();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setSession('tok', makeUser());
  api.on('GET /api/push/config', { body: { success: true, configured: true, public_key: publicKey } });
  api.on('GET /api/push/subscriptions', { body: { success: true, subscriptions: [phone] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The browser's push machinery (outside our walls), as a browser that grants permission would answer. */
function stubBrowserPush(permission: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example/this-browser',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://push.example/this-browser',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => undefined),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  return { serviceWorker, pushManager };
}

describe('PushDevices', () => {
  it('says plainly when the server has no push set up, and how to set it up', async () => {
    api.on('GET /api/push/config', { body: { success: true, configured: false, public_key: null } });
    api.on('GET /api/push/subscriptions', { body: { success: true, subscriptions: [] } });
    renderAt(<PushDevices />, '*', '/devices');
    expect(
      (await screen.findByText(/Push notifications are not set up on this Lifeboard server/)).textContent,
    ).toContain('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
    expect(screen.queryByRole('button', { name: /Turn on push/ })).toBeNull();
  });

  it('lists the devices and removes one', async () => {
    api.on('POST /api/push/unsubscribe', { body: { success: true, id: 4 } });
    renderAt(<PushDevices />, '*', '/devices');
    const list = await screen.findByRole('list', { name: 'Devices with push notifications' });
    expect(within(list).getByText('Chrome on Android')).toBeTruthy();
    expect(within(list).getByText(/no notification yet/)).toBeTruthy();
    // jsdom has no Push API: the page says this browser cannot, rather than offer a button that fails.
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
    expect(api.requests.find((r) => r.path === '/api/push/unsubscribe')?.body).toEqual({ id: 4 });
  });

  it("turns push on in this browser: permission, the service worker, a subscription with the server key, saved with the browser's name", async () => {
    const { serviceWorker, pushManager } = stubBrowserPush('granted');
    const saved: PushDevice = {
      id: 9,
      name: 'Chrome on Linux',
      endpoint: 'https://push.example/this-browser',
      created_at: '2026-11-25T17:00:00.000Z',
      last_sent_at: null,
    };
    api.on('POST /api/push/subscribe', { body: { success: true, subscription: saved } });
    renderAt(<PushDevices />, '*', '/devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications in this browser' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/push/subscribe')).toBe(true));
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(options[0].applicationServerKey).toHaveLength(65);
    expect(api.requests.find((r) => r.path === '/api/push/subscribe')?.body).toMatchObject({
      endpoint: 'https://push.example/this-browser',
      name: browserName(navigator.userAgent),
    });
  });

  it('explains a refused permission and saves nothing', async () => {
    stubBrowserPush('denied');
    renderAt(<PushDevices />, '*', '/devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications in this browser' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Notifications are blocked for Lifeboard in this browser',
    );
    expect(api.requests.some((r) => r.path === '/api/push/subscribe')).toBe(false);
  });

  it('names browsers as people know them', () => {
    expect(
      browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'),
    ).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(
      browserName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });
});
