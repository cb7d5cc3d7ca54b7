import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { startFakeApi } from '../lib/test-api-server';
import { withFakeApi } from '../lib/test-fake-api';
import { QuotaStorage } from '../lib/test-storage';
import { setConfig } from '../stores/config';
import { $session } from '../stores/session';
import { $notifications, dismissAll } from '../stores/notifications';
import { http, reportUnauthorized, send, setUnauthorizedHandler } from './client';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  api.requests.length = 0;
  dismissAll();
});
afterEach(() => cleanStores($notifications));

describe('request setup (spec §7)', () => {
  it('sends to the configured base URL with the XHR marker, credentials and the stored bearer token', async () => {
    api.on('GET /api/ping', { body: { pong: true } });
    localStorage.setItem('auth_token', 'tok-123');
    const response = await http.get('/api/ping');
    expect(response.data).toEqual({ pong: true });
    const [request] = api.requests;
    expect(request.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(request.headers.authorization).toBe('Bearer tok-123');
    expect(http.defaults.withCredentials).toBe(true);
  });

  it('sends no Authorization header without a stored token', async () => {
    api.on('GET /api/ping', { body: {} });
    await http.get('/api/ping');
    expect(api.requests[0].headers.authorization).toBeUndefined();
  });

  it('follows a base URL changed after start-up', async () => {
    const other = await startFakeApi({ 'GET /api/ping': { body: { from: 'other' } } });
    try {
      setConfig({ apiUrl: `${other.url}/` });
      expect((await http.get('/api/ping')).data).toEqual({ from: 'other' });
    } finally {
      setConfig({ apiUrl: api.url });
      await other.close();
    }
  });
});

describe('response handling (spec §8)', () => {
  it('419: logs and returns the error message as the result', async () => {
    api.on('POST /api/stale', { status: 419, body: { message: 'CSRF token mismatch.' } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await http.post('/api/stale');
    expect(response.status).toBe(419);
    expect(response.data).toBe('CSRF token mismatch.');
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it.each([401, 403, 422])('%i resolves normally with the body for the caller to read', async (status) => {
    const body = { message: 'no', errors: { email: ['is taken'] } };
    api.on('POST /api/x', { status, body });
    const response = await http.post('/api/x');
    expect(response.status).toBe(status);
    expect(response.data).toEqual(body);
    expect($notifications.get()).toEqual([]);
  });

  it("429 notifies 'Too Many Requests!' and gives an empty result", async () => {
    api.on('POST /api/x', { status: 429, body: { message: 'slow down' }, headers: { 'Retry-After': '1' } });
    const response = await http.post('/api/x');
    expect(response.data).toBeNull();
    expect($notifications.get().map((n) => [n.kind, n.message])).toEqual([['error', 'Too Many Requests!']]);
  });

  it("500 notifies the body's error and gives an empty result", async () => {
    api.on('POST /api/x', { status: 500, body: { error: 'Database unavailable' } });
    const response = await http.post('/api/x');
    expect(response.status).toBe(500);
    expect(response.data).toBeNull();
    expect($notifications.get().map((n) => n.message)).toEqual(['Database unavailable']);
  });

  it('500 without an error field notifies nothing', async () => {
    api.on('POST /api/x', { status: 500, body: {} });
    expect((await http.post('/api/x')).data).toBeNull();
    expect($notifications.get()).toEqual([]);
  });

  it('other statuses give an empty result without a notification', async () => {
    api.on('POST /api/x', { status: 404, body: { message: 'missing' } });
    const response = await http.post('/api/x');
    expect([response.status, response.data]).toEqual([404, null]);
    expect($notifications.get()).toEqual([]);
  });

  it('a network failure gives an empty result with status 0', async () => {
    api.on('POST /api/x', { hangUp: true });
    const answer = await send({ method: 'POST', url: '/api/x' });
    expect(answer).toEqual({ status: 0, body: null });
  });
});

describe('unauthorized handler', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('runs the registered handler once, ignoring reports made while it runs', async () => {
    let calls = 0;
    setUnauthorizedHandler(async () => {
      calls++;
      await reportUnauthorized();
    });
    await reportUnauthorized();
    expect(calls).toBe(1);
    await reportUnauthorized();
    expect(calls).toBe(2);
  });

  it('does nothing when no handler is registered', async () => {
    await expect(reportUnauthorized()).resolves.toBeUndefined();
  });
});

describe('send', () => {
  it('keeps the body of answers that plain http users get empty, for typed calls to read', async () => {
    api.on('POST /api/unicorn/all', { status: 404, body: { success: false, error: 'Unable to find model: unicorn' } });
    expect(await send({ method: 'POST', url: '/api/unicorn/all' })).toEqual({
      status: 404,
      body: { success: false, error: 'Unable to find model: unicorn' },
    });
    expect((await http.post('/api/unicorn/all')).data).toBeNull();
  });
});

describe('token source', () => {
  it('uses the in-memory session token when the browser refused to store it', async () => {
    const storage = new QuotaStorage();
    storage.full = true;
    vi.stubGlobal('localStorage', storage);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      $session.set({ token: 'memory-only', user: null });
      expect(storage.getItem('auth_token')).toBeNull();
      api.on('GET /api/ping', { body: {} });
      await http.get('/api/ping');
      expect(api.requests[0].headers.authorization).toBe('Bearer memory-only');
    } finally {
      vi.unstubAllGlobals();
      logged.mockRestore();
      $session.set({ token: null, user: null });
    }
  });
});

describe('the runtime settings (no API address is compiled in)', () => {
  it('a call made before the settings are read waits for them, and goes to their address', async () => {
    vi.resetModules();
    const config = await import('../stores/config');
    const client = await import('./client');
    api.on('GET /api/early', { body: { early: true } });
    let settled = false;
    const call = client.send({ method: 'GET', url: '/api/early' }).then((answer) => {
      settled = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(api.requests).toHaveLength(0);
    await config.loadRuntimeSettings(Promise.resolve(Response.json({ apiUrl: api.url, analytics: null })));
    expect(await call).toEqual({ status: 200, body: { early: true } });
  });

  it('a call whose settings could not be read has no answer (status 0), never a rejection', async () => {
    vi.resetModules();
    const config = await import('../stores/config');
    const client = await import('./client');
    const call = client.send({ method: 'GET', url: '/api/early' });
    await expect(config.loadRuntimeSettings(Promise.resolve(new Response('', { status: 404 })))).rejects.toThrow();
    expect(await call).toEqual({ status: 0, body: null });
    expect(api.requests).toHaveLength(0);
  });
});
