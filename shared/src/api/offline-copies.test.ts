import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCaches } from '../lib/test-caches';
import { withFakeApi } from '../lib/test-fake-api';
import { $offline, offlineUseKey, patchOffline } from '../stores/offline';
import { forgetOfflineData, http, send } from './client';
import { offlineDataCache } from './offline-copies';

const api = withFakeApi();
let storage: ReturnType<typeof memoryCaches>;
const kept = () => storage.stores.get(offlineDataCache)?.size ?? 0;

function goOffline(): void {
  // The connection is dropped with no answer, as when the network is gone.
  api.on('POST /api/home', { hangUp: true });
}

beforeEach(() => {
  storage = memoryCaches();
  vi.stubGlobal('caches', storage);
  localStorage.setItem('auth_token', 'tok-ada');
  localStorage.setItem(offlineUseKey, 'on');
  patchOffline({ showsKept: false, keptAt: null });
  api.on('POST /api/home', { body: { habits: ['Stretch'] } });
  api.on('POST /api/mood/create', { body: { id: 1 } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the last answer of each read, kept on this device (issue 31 §4)', () => {
  it('answers a read seen before from its copy when the network is gone, and the banner says so', async () => {
    expect((await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true })).body).toEqual({
      habits: ['Stretch'],
    });
    await vi.waitFor(() => expect(kept()).toBe(1));
    goOffline();
    const answer = await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true });
    expect(answer).toEqual({ status: 200, body: { habits: ['Stretch'] } });
    expect($offline.get()).toMatchObject({ showsKept: true, keptAt: expect.any(String) });
  });

  it("never gives one session's answer to another, nor one call's to another body", async () => {
    await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true });
    await vi.waitFor(() => expect(kept()).toBe(1));
    goOffline();
    expect((await send({ method: 'POST', url: '/api/home', data: { board: 2 }, read: true })).status).toBe(0);
    localStorage.setItem('auth_token', 'tok-bob');
    expect((await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true })).status).toBe(0);
    expect($offline.get().showsKept).toBe(false);
  });

  it('keeps nothing while offline use is off on this device (its default), and gives nothing offline', async () => {
    localStorage.removeItem(offlineUseKey);
    await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept()).toBe(0);
    goOffline();
    expect((await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true })).status).toBe(0);
    expect($offline.get().showsKept).toBe(false);
  });

  it('keeps no write, nothing signed out, and nothing once the copies are forgotten at sign-out', async () => {
    await send({ method: 'POST', url: '/api/mood/create', data: { score: 4 } });
    localStorage.removeItem('auth_token');
    await http.post('/api/home', { board: 1 }, { read: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept()).toBe(0);
    localStorage.setItem('auth_token', 'tok-ada');
    await send({ method: 'POST', url: '/api/home', data: { board: 1 }, read: true });
    // Signed out before the page was idle: the answer is not kept for whoever signs in next.
    forgetOfflineData();
    localStorage.removeItem('auth_token');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept()).toBe(0);
  });
});
