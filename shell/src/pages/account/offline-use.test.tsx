import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCaches } from '@lifeboard/shared/lib/test-caches';
import { offlineUseKey, offlineUseOn } from '@lifeboard/shared/stores/offline';
import { startServiceWorker } from '../../app/offline-start';
import { cleanup, renderAt } from '../auth/test-helpers';
import { OfflineUse } from './offline-use';

let storage: ReturnType<typeof memoryCaches>;

/** The browser's service worker machinery (outside our walls): one registration at '/', with or without push. */
function stubServiceWorker({ registered, pushSubscribed }: { registered: boolean; pushSubscribed: boolean }) {
  const posted: unknown[] = [];
  const registration = {
    active: {
      postMessage: vi.fn((message: unknown, ports?: MessagePort[]) => {
        posted.push(message);
        // As shell/public/sw.js answers when asked to forget what it kept.
        ports?.[0]?.postMessage('forgotten');
      }),
    },
    pushManager: { getSubscription: vi.fn(() => Promise.resolve(pushSubscribed ? { endpoint: 'e' } : null)) },
    unregister: vi.fn(() => Promise.resolve(true)),
  };
  let current = registered ? registration : undefined;
  const serviceWorker = {
    controller: null,
    register: vi.fn(() => {
      current = registration;
      return Promise.resolve(registration);
    }),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(() => Promise.resolve(current)),
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker }));
  return { serviceWorker, registration, posted };
}

beforeEach(() => {
  storage = memoryCaches();
  vi.stubGlobal('caches', storage);
  storage.stores.set('lifeboard-assets-v1', new Map());
  storage.stores.set('lifeboard-data-v1', new Map());
  storage.stores.set('other-app', new Map());
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('offline use, this browser owner’s choice (issue 31, issue 35)', () => {
  it('is off until turned on: the start registers no worker, and one left from before goes with what it kept', async () => {
    const { serviceWorker, registration } = stubServiceWorker({ registered: true, pushSubscribed: false });
    startServiceWorker();
    await waitFor(() => expect(registration.unregister).toHaveBeenCalled());
    await waitFor(() => expect([...storage.stores.keys()]).toEqual(['other-app']));
    expect(serviceWorker.register).not.toHaveBeenCalled();
    expect([...storage.stores.keys()]).toEqual(['other-app']);
  });

  it('leaves the worker of a browser with push notifications on, and still deletes what was kept', async () => {
    const { registration } = stubServiceWorker({ registered: true, pushSubscribed: true });
    startServiceWorker();
    await waitFor(() => expect([...storage.stores.keys()]).toEqual(['other-app']));
    await waitFor(() => expect(registration.pushManager.getSubscription).toHaveBeenCalled());
    expect(registration.unregister).not.toHaveBeenCalled();
  });

  it('turned on at /devices: the worker is registered and handed the app’s start files to keep; off again, they go', async () => {
    const { serviceWorker, registration, posted } = stubServiceWorker({ registered: false, pushSubscribed: false });
    renderAt(<OfflineUse />, '*', '/devices');
    const box = screen.getByRole('checkbox', { name: 'Open Lifeboard in this browser without a network' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/^Off: nothing you open is kept in this browser/)).toBeTruthy();

    fireEvent.click(box);
    await screen.findByText(/^On: this browser keeps Lifeboard/);
    expect(offlineUseOn()).toBe(true);
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    await waitFor(() => expect(posted).toHaveLength(1));
    const { type, urls } = posted[0] as { type: string; urls: string[] };
    expect(type).toBe('lifeboard:keep-loaded');
    expect(urls).toEqual(
      expect.arrayContaining([
        `${location.origin}/index.html`,
        `${location.origin}/remotes.json`,
        `${location.origin}/settings.json`,
        `${location.origin}/manifest.webmanifest`,
      ]),
    );

    fireEvent.click(box);
    await screen.findByText(/^Off: nothing you open is kept in this browser/);
    expect(localStorage.getItem(offlineUseKey)).toBeNull();
    expect([...storage.stores.keys()]).toEqual(['other-app']);
    expect(registration.unregister).toHaveBeenCalled();
    expect(posted.at(-1)).toEqual({ type: 'lifeboard:forget-kept' });
  });
});
