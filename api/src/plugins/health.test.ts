import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { defaultEnv } from '../env';

describe('health probes', () => {
  it('answers ready when the database and the queue answer, and 503 naming the one that does not', async () => {
    const app = await createTestApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        ok: true,
        checks: { database: 'ok', queue: 'ok' },
        instance: { name: hostname(), pid: process.pid },
      });
      // A queue whose tables do not answer.
      const health = app.queue.health.bind(app.queue);
      app.queue.health = async () => ({
        ok: false,
        working: false,
        error: 'relation "pgboss.job" does not exist',
        kinds: {},
      });
      const queueDown = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(queueDown.statusCode).toBe(503);
      expect(queueDown.json()).toMatchObject({ ok: false, checks: { database: 'ok', queue: 'failing' } });
      app.queue.health = health;
      // A database that fails every statement (as a closed pool does).
      const broken = new Proxy(app.db, {
        get: (target, key) =>
          key === 'execute' ? () => Promise.reject(new Error('connection refused')) : Reflect.get(target, key),
      });
      Object.defineProperty(app, 'db', { value: broken, configurable: true });
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ ok: false, checks: { database: 'failing', queue: 'ok' } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('TRUST_PROXY', () => {
  const twoClients = async (trust: string | undefined) => {
    const app = await createTestApp({
      env: defaultEnv(trust === undefined ? {} : { TRUST_PROXY: trust }),
      limits: { anonymousPerIpPerMinute: 1 },
    });
    try {
      const from = (client: string) =>
        app.inject({
          method: 'POST',
          url: '/api/no-such-model/list',
          payload: {},
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      return [(await from('198.51.100.1')).statusCode, (await from('198.51.100.2')).statusCode];
    } finally {
      await app.close();
    }
  };

  it("is off by default: the proxy's address is the client, so two clients behind it share one limit", async () => {
    expect(await twoClients(undefined)).toEqual([404, 429]);
  }, 120_000);

  it('with one hop trusted, per-address limits see the real clients', async () => {
    expect(await twoClients('1')).toEqual([404, 404]);
  }, 120_000);
});
