import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../test/helpers';
import { delayAfter, GrowingDelay } from './limits';

describe('anonymous request limit', () => {
  it('answers 429 to an address past its anonymous requests, counts refused tokens, and spares signed-in users and probes', async () => {
    const app = await createTestApp({ limits: { anonymousPerIpPerMinute: 5 } });
    try {
      const user = await signUp(app);
      const anonymous = () =>
        app.inject({ method: 'POST', url: '/api/no-such-model/list', payload: {}, remoteAddress: '203.0.113.7' });
      for (let index = 0; index < 3; index += 1) expect((await anonymous()).statusCode).toBe(404);
      // A made-up token is refused (401) and counted like an anonymous request.
      for (let index = 0; index < 2; index += 1) {
        const forged = await app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: `Bearer ${'x'.repeat(43)}` },
          remoteAddress: '203.0.113.7',
        });
        expect(forged.statusCode).toBe(401);
      }
      const refused = await anonymous();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address, a signed-in user at the same address, and the health probe are not held back.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/no-such-model/list',
            payload: {},
            remoteAddress: '203.0.113.8',
          })
        ).statusCode,
      ).toBe(404);
      const signedIn = await app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${user.token}` },
        remoteAddress: '203.0.113.7',
      });
      expect(signedIn.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('GrowingDelay', () => {
  it('lets the free failures through, then doubles the wait and caps it', () => {
    expect([5, 6, 7, 8, 9, 10, 11].map((failures) => delayAfter(failures, 5, 1_000, 8_000))).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });

  it('counts in the database: a wait after the free failures, none after a success', async () => {
    const app = await createTestApp();
    try {
      const delay = new GrowingDelay(app.counters, 2, 60_000);
      const key = `test:${randomUUID()}`;
      expect(await delay.retryAfter(key)).toBe(0);
      await delay.record(key);
      await delay.record(key);
      expect(await delay.retryAfter(key)).toBe(0);
      await delay.record(key);
      expect(await delay.retryAfter(key)).toBeGreaterThan(55);
      await delay.clear(key);
      expect(await delay.retryAfter(key)).toBe(0);
    } finally {
      await app.close();
    }
  }, 120_000);
});
