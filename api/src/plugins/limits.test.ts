import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../test/helpers';
import { GrowingDelay } from './limits';

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
  it('lets the free failures through, then doubles the wait, caps it, and forgets on success', () => {
    const delay = new GrowingDelay(5, 1_000, 8_000);
    const start = 1_000_000;
    for (let index = 0; index < 5; index += 1) {
      expect(delay.retryAfter('k', start)).toBe(0);
      delay.record('k', start);
    }
    expect(delay.retryAfter('k', start)).toBe(0);
    const waits: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      delay.record('k', start);
      waits.push(delay.retryAfter('k', start));
    }
    expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
    expect(delay.retryAfter('k', start + 8_000)).toBe(0);
    expect(delay.retryAfter('other', start)).toBe(0);
    delay.clear('k');
    expect(delay.retryAfter('k', start)).toBe(0);
  });
});
