import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, PASSWORD, signUp, testDatabase, uniqueEmail } from '../../../test/helpers';
import { tokens, users } from '../../db/schema';
import { hashPassword, needsRehash } from './password';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, ...extra },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
  });

describe('register', () => {
  it('creates the account with a Default Board set as default and answers 201 { success, token, user }', async () => {
    const email = uniqueEmail();
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Ann', email: email.toUpperCase(), password: PASSWORD, program_guid: 'couch-to-5k' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email, name: 'Ann', role: 'user', boards: [{ name: 'Default Board' }] });
    expect(body.user.default_board_id).toBe(body.user.boards[0].id);
    expect(body.user).not.toHaveProperty('password_hash');
    const { db } = await testDatabase();
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row.programGuid).toBe('couch-to-5k');
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await db.select().from(tokens).where(eq(tokens.userId, row.id));
    expect(stored[0].tokenHash).not.toContain(body.token);
  });

  it('makes a creator with as_creator', async () => {
    const user = await signUp(app, { as_creator: true });
    const body = (await user.get('/api/user')).json();
    expect(body.user.role).toBe('creator');
    expect(body.user.using_as_user).toBe(false);
  });

  it('refuses a taken e-mail, a short password and unknown fields with 422', async () => {
    const user = await signUp(app);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'X', email: user.email, password: PASSWORD },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['is already registered']);
    const short = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'X', email: uniqueEmail(), password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toMatch(/at least 10/);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'X', email: uniqueEmail(), password: PASSWORD, role: 'admin' },
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors.role).toEqual(['is not a known field']);
  });

  it('lets one of several concurrent sign-ups with one e-mail through; the others are 422, never 500', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { name: `Racer ${i}`, email, password: PASSWORD },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes, responses.map((response) => response.body).join('\n')).toEqual([201, 422, 422, 422]);
    for (const response of responses.filter((r) => r.statusCode === 422))
      expect(response.json().errors.email).toEqual(['is already registered']);
    const { db } = await testDatabase();
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('login and logout', () => {
  it('signs in, names the device from the User-Agent, and replaces the token of the same device', async () => {
    const user = await signUp(app);
    const deviceId = '6f1c7d2e-8a9b-4c3d-9e8f-1a2b3c4d5e6f';
    const first = await login(user.email, PASSWORD, { device_id: deviceId });
    expect(first.statusCode).toBe(200);
    const second = await login(user.email, PASSWORD, { device_id: deviceId });
    const firstToken = first.json().token;
    expect((await asUser(app, firstToken).get('/api/user')).statusCode).toBe(401);
    const devices = (await asUser(app, second.json().token).get('/api/devices')).json().devices;
    const mine = devices.filter((device: { device_id: string }) => device.device_id === deviceId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Firefox on Linux', current: true });
  });

  it('answers 422 for a wrong password or an unknown e-mail', async () => {
    const user = await signUp(app);
    const wrong = await login(user.email, 'not the password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect((await login(uniqueEmail(), PASSWORD)).statusCode).toBe(422);
  });

  it('logout revokes the token: the next call is 401', async () => {
    const user = await signUp(app);
    expect((await user.post('/logout')).json()).toEqual({ success: true });
    expect((await user.get('/api/user')).statusCode).toBe(401);
  });

  it('logout revokes whatever the body: empty with a JSON type, malformed, or another type', async () => {
    for (const [contentType, payload] of [
      ['application/json', ''],
      ['application/json', '{not json'],
      ['text/plain', 'bye'],
      ['application/json', '{"a":1}'],
      // A shape every other route refuses before parsing: logout reads no body, so it is not refused here either.
      ['application/json', '['.repeat(100) + ']'.repeat(100)],
    ]) {
      const user = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/logout',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${JSON.stringify(payload)}: ${response.body}`).toBe(200);
      expect((await user.get('/api/user')).statusCode).toBe(401);
    }
  });

  it('rehashes a weaker argon2 hash at sign-in', async () => {
    const user = await signUp(app);
    const { db } = await testDatabase();
    const weak = await hashPassword(PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(needsRehash(weak)).toBe(true);
    await db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id));
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).not.toBe(weak);
    expect(needsRehash(row.passwordHash)).toBe(false);
  });

  it('expires a token unused for 30 days', async () => {
    const user = await signUp(app);
    const { db } = await testDatabase();
    await db
      .update(tokens)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(tokens.userId, user.id));
    const response = await user.get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('LB-AUTH-EXPIRED');
    expect((await user.get('/api/user')).statusCode).toBe(401);
  });

  it('touches last_used_at at most once a minute', async () => {
    const user = await signUp(app);
    const { db } = await testDatabase();
    const old = new Date(Date.now() - 5 * 60_000);
    await db.update(tokens).set({ lastUsedAt: old }).where(eq(tokens.userId, user.id));
    await user.get('/api/user');
    const [touched] = await db.select().from(tokens).where(eq(tokens.userId, user.id));
    expect(touched.lastUsedAt.getTime()).toBeGreaterThan(old.getTime());
    await user.get('/api/user');
    const [again] = await db.select().from(tokens).where(eq(tokens.userId, user.id));
    expect(again.lastUsedAt.getTime()).toBe(touched.lastUsedAt.getTime());
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const response = await asUser(app, 'x'.repeat(43)).get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'Unauthenticated.' });
  });
});

describe('rate limits (default limits)', () => {
  it('after 5 wrong passwords from one address that address waits, and the owner still signs in from another', async () => {
    const limited = await createTestApp({ limits: {} });
    try {
      const user = await signUp(app);
      const attempt = (password: string, remoteAddress: string) =>
        limited.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password }, remoteAddress });
      for (let index = 0; index < 5; index += 1)
        expect((await attempt('wrong password', '10.0.0.1')).statusCode).toBe(422);
      // The sixth failure starts the delays; the attacker's address is now held back, even with the right password.
      expect((await attempt('wrong password', '10.0.0.1')).statusCode).toBe(422);
      const blocked = await attempt(PASSWORD, '10.0.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error).toBe('Too Many Requests!');
      // The owner, from another address, is not locked out.
      expect((await attempt(PASSWORD, '10.0.1.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('allows 20 sign-in attempts per address a minute', async () => {
    const limited = await createTestApp({ limits: {} });
    try {
      const codes: number[] = [];
      for (let attempt = 0; attempt < 21; attempt += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: uniqueEmail(), password: 'x' },
          remoteAddress: '10.9.9.9',
        });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, 20).every((code) => code === 422)).toBe(true);
      expect(codes[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ups and password e-mails per address', async () => {
    const limited = await createTestApp({ limits: { signupPerIpPerMinute: 2, passwordEmailPerIpPerMinute: 1 } });
    try {
      const signup = () =>
        limited.inject({
          method: 'POST',
          url: '/api/register',
          payload: { name: 'A', email: uniqueEmail(), password: PASSWORD },
          remoteAddress: '10.8.8.8',
        });
      expect((await signup()).statusCode).toBe(201);
      expect((await signup()).statusCode).toBe(201);
      const third = await signup();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      const mail = () =>
        limited.inject({
          method: 'POST',
          url: '/api/password/email',
          payload: { email: uniqueEmail() },
          remoteAddress: '10.7.7.7',
        });
      expect((await mail()).statusCode).toBe(200);
      expect((await mail()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
