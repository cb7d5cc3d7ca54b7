import type { FastifyInstance } from 'fastify';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, relaxedLimits, signUp } from '../../test/helpers';

/**
 * Two API instances on one database (PGlite here, PostgreSQL when DATABASE_URL is set), as two processes behind
 * a proxy: what one counts or revokes, the other sees.
 */
describe('state shared across API instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const limits = {
    ...relaxedLimits,
    anonymousPerIpPerMinute: 7,
    loginPerIpPerMinute: 5,
    loginFailuresBeforeDelay: 2,
  };
  beforeAll(async () => {
    a = await createTestApp({ limits });
    b = await createTestApp({ limits });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  // A fresh address per test, so counts left by another test (or run, on a shared PostgreSQL) do not meet it.
  const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  it('the anonymous limit counts requests to both instances together', async () => {
    const ip = address();
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/no-such-model/list', payload: {}, remoteAddress: ip });
    const codes: number[] = [];
    for (let n = 0; n < 7; n += 1) codes.push((await send(n % 2 ? b : a)).statusCode);
    expect(codes).toEqual(Array(7).fill(404));
    const refused = await send(a);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('wrong passwords reach the growing delay after the same number of attempts, whichever instance answers', async () => {
    const user = await signUp(a);
    const ip = address();
    const wrong = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'not the password at all' },
        remoteAddress: ip,
      });
    // Two free failures and the third (it starts the wait), spread over both.
    const answers = [await wrong(a), await wrong(b), await wrong(a)].map((r) => r.statusCode);
    expect(answers).toEqual([422, 422, 422]);
    const held = await wrong(b);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
    // Even the right password waits its turn, on the other instance too.
    const right = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: ip,
    });
    expect(right.statusCode).toBe(429);
  });

  it("a route's own limit (sign-ins a minute from one address) holds across both", async () => {
    const ip = address();
    const attempt = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        // A different account each time, so the per-account delay stays out of it.
        payload: { email: `nobody-${n}-${ip}@example.org`, password: 'not the password at all' },
        remoteAddress: ip,
      });
    const codes: number[] = [];
    for (let n = 0; n < 6; n += 1) codes.push((await attempt(n % 2 ? b : a, n)).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('a token revoked on one instance stops working on the other within a second', async () => {
    const user = await signUp(a);
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${user.token}` } });
    const first = await me(b);
    expect(first.statusCode, first.body).toBe(200); // b now holds the token in its cache
    const out = await a.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await me(b)).statusCode).toBe(401);
  });
});
