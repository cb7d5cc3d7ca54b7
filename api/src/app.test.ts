import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimits, signUp, testDatabase } from '../test/helpers';
import { buildApp } from './app';
import { bodyLimits } from './plugins/body-limits';
import { defaultEnv } from './env';
import { calendarConnections } from './db/schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ db: (await testDatabase()).db, env: defaultEnv(), limits: relaxedLimits });
  // A route of this test only: hidden from /api/docs (a route there must describe its success answer).
  app.get('/api/test-crash', { schema: { hide: true } }, async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('errors', () => {
  it('an unknown path is a 404 in the contract shape, for any method, signed in or not', async () => {
    const user = await signUp(app);
    const responses = [
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'GET', url: '/nowhere/at/all?x=1' }),
      await app.inject({ method: 'DELETE', url: '/api/board/all' }),
      await user.post('/api/a/b/c/d', {}),
      await user.get('/api/user/extra'),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Not found', code: 'LB-NOT-FOUND' });
    }
  });

  it('malformed JSON is a 422 with the contract body', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/board/create',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining('not valid JSON'),
      errors: { body: expect.any(Array) },
    });
  });

  it('a body over the limit is a 413 with a message', async () => {
    const user = await signUp(app);
    const response = await user.post('/api/note/create', {
      board: user.boardId,
      params: { body: 'x'.repeat(bodyLimits.richText + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large.');
  });

  it('a string of megabytes within the body limit is a 422 on a bounded field', async () => {
    const user = await signUp(app);
    const response = await user.post('/api/note/create', {
      board: user.boardId,
      params: { title: 'x'.repeat(1_500_000) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.title[0]).toMatch(/at most 200/);
  });

  it('an unexpected failure is a 500 { error } without a stack or internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toMatch(/srv|stack|\.ts/);
  });
});

describe('security', () => {
  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('sends the same security headers on every answer: success, refusal and unknown path', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'none';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const [method, url, status] of [
      ['GET', '/api/health', 200],
      ['POST', '/api/note/all', 401],
      ['GET', '/api/nope', 404],
    ] as const) {
      const response = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers, url).toMatchObject(expected);
    }
  });

  it("allows CORS for the site's origins only", async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'http://localhost:3002', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const denied = await app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs with the model and account paths', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/login',
      '/api/register',
      '/api/note/create',
      '/api/habit/all',
      '/api/board/all',
      '/api/simple_model/update',
      '/api/program/subscribe',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(
      doc.paths['/api/note/create'].post.requestBody.content['application/json'].schema.properties.params.properties,
    ).toHaveProperty('body');
  });
});

describe('calendar and muscles', () => {
  it('no connection: no events; a subscribed calendar answers its events in range', async () => {
    const user = await signUp(app);
    expect(
      (await user.post('/api/google/events', { start_date: '2026-11-01', end_date: '2026-11-30' })).json(),
    ).toEqual({ events: [] });
    const { db } = await testDatabase();
    await db.insert(calendarConnections).values({
      userId: user.id,
      provider: 'ics',
      name: 'Work',
      events: [
        {
          uid: 'a',
          title: 'Dentist',
          start: '2026-11-10T09:00:00Z',
          durationMs: 3_600_000,
          all_day: false,
          rrule: null,
          exdates: [],
          tzid: null,
        },
        {
          uid: 'b',
          title: 'Trip',
          start: '2026-12-10T00:00:00Z',
          durationMs: 2 * 86_400_000,
          all_day: true,
          rrule: null,
          exdates: [],
          tzid: null,
        },
      ],
    });
    const events = (await user.post('/api/google/events', { start_date: '2026-11-01', end_date: '2026-11-30' })).json()
      .events;
    expect(events.map((event: { title: string }) => event.title)).toEqual(['Dentist']);
    expect(
      (await user.post('/api/google/events', { start_date: '2026-11-31', end_date: '2026-11-30' })).statusCode,
    ).toBe(422);
    await db.delete(calendarConnections).where(eq(calendarConnections.userId, user.id));
  });

  it('serves the built-in muscle catalogue', async () => {
    const user = await signUp(app);
    const body = (await user.post('/api/muscle/all')).json();
    expect(body.success).toBe(true);
    // The exercise library's 17 muscles (modules/muscles/catalogue.ts), so built-ins and the body map agree.
    expect(body.muscles.map((m: { name: string }) => m.name).sort()).toEqual([
      'Abdominals',
      'Abductors',
      'Adductors',
      'Biceps',
      'Calves',
      'Chest',
      'Forearms',
      'Glutes',
      'Hamstrings',
      'Lats',
      'Lower back',
      'Middle back',
      'Neck',
      'Quadriceps',
      'Shoulders',
      'Traps',
      'Triceps',
    ]);
    expect(body.muscles[0]).toEqual({ id: expect.any(Number), name: 'Chest', group: 'Chest', side: 'front' });
  });
});
