import { models } from '@lifeboard/shared/models';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, publishProgram, signUp, startCheckout, testDatabase } from '../test/helpers';
import { makeAdmin } from './modules/admin/local-admin';
import { calendarConnections } from './db/schema';
import { modelResponses } from './models/responses';
import { userList, roleSet } from './modules/admin';
import { aiModels, aiTested } from './modules/ai';
import {
  adminProgramList,
  authorPage,
  followed,
  implemented,
  oneAdminProgram,
  subscriptionList,
} from './modules/authors/responses';
import { calendarEvents } from './modules/calendar';
import { ledger, transaction } from './modules/creator-ledger/responses';
import { checkedIn, entryList, historyAnswer, overviewAnswer, statsAnswer } from './modules/habits';
import { muscleList } from './modules/muscles';
import { catalogue, reviewList, subscribed } from './modules/programs';
import { checkoutCreated, checkoutView, paid, refunded } from './modules/payments';
import { sharedPage } from './modules/shared-pages';
import { answersRead, answersSaved } from './modules/simple-models';
import type { BlobStore } from './modules/uploads/blob-store';
import { uploadDeleted } from './modules/uploads';
import { tinyPng } from './modules/uploads/test-images';
import { currentUser, devices, registered } from './modules/users/responses';
import { documentErrorResponses, documented, documentingSerializerCompiler, errorResponses } from './openapi';

interface Operation {
  security?: unknown[];
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }
  >;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** Uploaded bytes kept in memory: these tests only need them stored and deleted. */
const blobs = new Map<string, Buffer>();
const memoryStore: BlobStore = {
  put: async (key, bytes) => {
    blobs.set(key, Buffer.from(bytes));
  },
  get: async (key) => {
    const bytes = blobs.get(key);
    return bytes ? { body: Readable.from(bytes), size: bytes.length } : null;
  },
  delete: async (key) => {
    blobs.delete(key);
  },
};

/** A stand-in for an OpenAI-compatible provider (outside our walls): answers "echo", refuses "fail" with 401. */
let provider: Server;
let app: FastifyInstance;
let doc: Document;
beforeAll(async () => {
  provider = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      response.setHeader('content-type', 'application/json');
      if (body.messages[0].content === 'fail') {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: { message: 'Bad key' } }));
        return;
      }
      response.end(
        JSON.stringify({ model: body.model, choices: [{ message: { content: 'echo' } }], usage: { prompt_tokens: 3 } }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const aiEnv = { AI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`, AI_MODELS: 'echo-1' };
  app = await createTestApp({ blobStore: memoryStore, aiEnv });
  doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json<Document>();
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const operation = (path: string, method = 'post') => doc.paths[path][method];
const jsonOf = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('every operation documents a success and at least one error, 500 included', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(200);
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      expect(
        statuses.some((status) => !status.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      expect(op.responses, `${method} ${path}`).toHaveProperty('500');
    }
  });

  it('every operation describes its success: a real schema, never "any JSON"', () => {
    const described = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'];
    const undescribed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) => {
        const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        const real =
          successes.length > 0 &&
          successes.every(
            ([, response]) =>
              Object.values(response.content ?? {}).length > 0 &&
              Object.values(response.content ?? {}).every(({ schema }) => described.some((key) => key in schema)),
          );
        return real ? [] : [`${method.toUpperCase()} ${path}`];
      }),
    );
    expect(undescribed).toEqual([]);
  });

  it('a route that declares no success answer stops the app from starting; a hidden one is left alone', async () => {
    const small = Fastify();
    documentErrorResponses(small);
    await small.register(async (api) => {
      api.get('/hidden', { schema: { hide: true } }, async () => ({}));
      api.post('/described', { schema: { response: { 201: documented(z.object({ id: z.number() })) } } }, async () => ({
        id: 1,
      }));
    });
    small.register(async (api) => {
      api.get('/undescribed', { schema: { summary: 'Answers something' } }, async () => ({}));
    });
    try {
      await expect(small.ready()).rejects.toThrow('GET /undescribed declares no success answer');
    } finally {
      await small.close().catch(() => undefined);
    }
  });

  it('a model documents its five verbs from the wire schema', () => {
    const list = operation('/api/note/all');
    const notes = jsonOf(list, '200')?.properties?.notes;
    expect(notes?.items?.properties).toHaveProperty('body');
    expect(notes?.items?.properties).toHaveProperty('updated_at');
    expect(notes?.items?.properties).not.toHaveProperty('user_id');
    expect(jsonOf(list, '200')?.properties).toHaveProperty('next_cursor');
    expect(jsonOf(list, '422')?.properties).toHaveProperty('errors');
    expect(jsonOf(list, '500')?.required).toEqual(['error']);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['401', '403', '422', '500']));
    expect(list.responses).not.toHaveProperty('404');

    expect(jsonOf(operation('/api/note/create'), '201')?.properties?.note?.properties).toHaveProperty('title');
    expect(jsonOf(operation('/api/note/get'), '404')?.required).toEqual(['success', 'error']);
    expect(jsonOf(operation('/api/note/update'), '409')?.properties).toHaveProperty('current');
    expect(jsonOf(operation('/api/note/delete'), '200')?.properties).toHaveProperty('id');
    expect(jsonOf(operation('/api/mission/all'), '200')?.properties).toHaveProperty('mission');
    expect(operation('/api/shared_page/create').responses).toHaveProperty('404');
  });

  it('sign-in documents 422 for wrong credentials and 429 with Retry-After; sign-up 201 with the token', () => {
    const login = operation('/api/login');
    expect(jsonOf(login, '422')?.required).toEqual(['message', 'errors']);
    expect(login.responses['429'].headers).toHaveProperty('Retry-After');
    expect(jsonOf(login, '200')?.properties).toHaveProperty('token');
    expect(login.responses).not.toHaveProperty('401');
    expect(jsonOf(operation('/api/register'), '201')?.properties?.user?.properties).toHaveProperty('default_board_id');
    expect(jsonOf(operation('/api/board/all', 'get'), '200')?.properties).toHaveProperty('boards');
  });

  it('statuses follow the route: 401 when signed in, 403 for admins and boards, 415 for uploads', () => {
    expect(operation('/api/user', 'get').responses).toHaveProperty('401');
    expect(operation('/api/user', 'get').responses).not.toHaveProperty('403');
    expect(operation('/api/admin/users', 'get').responses).toHaveProperty('403');
    expect(operation('/api/habit/checkin').responses).toHaveProperty('403');
    expect(operation('/api/public/shared/{slug}', 'get').responses).not.toHaveProperty('401');
    expect(operation('/api/uploads/image').responses).toHaveProperty('415');
    expect(operation('/api/uploads/{id}', 'get').responses['200'].content).toHaveProperty(['image/*']);
  });
});

describe('the documented schemas are the answers', () => {
  /** The answer parses and nothing in it is left out of the schema (parsing strips unknown keys). */
  const expectDescribed = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);

  it('model and account answers, errors included', async () => {
    const user = await signUp(app);
    const note = modelResponses(models.note);
    const created = await user.post('/api/note/create', {
      board: user.boardId,
      params: { title: 'Hello', body: '<p>Hi</p>' },
    });
    expect(created.statusCode).toBe(201);
    expectDescribed(note.create[201], created.json());
    const { id, updated_at: updatedAt } = created.json<{ note: { id: number; updated_at: string } }>().note;
    expectDescribed(
      note.all[200],
      (await user.post('/api/note/all', { board: user.boardId, params: { limit: 1 } })).json(),
    );
    expectDescribed(note.get[200], (await user.post('/api/note/get', { board: user.boardId, params: { id } })).json());
    const stale = await user.post('/api/note/update', {
      board: user.boardId,
      params: { id, title: 'x', expected_updated_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(stale.statusCode).toBe(409);
    expectDescribed(note.update[409], stale.json());
    expectDescribed(
      note.update[200],
      (
        await user.post('/api/note/update', {
          board: user.boardId,
          params: { id, title: 'y', expected_updated_at: updatedAt },
        })
      ).json(),
    );
    expectDescribed(
      note.delete[200],
      (await user.post('/api/note/delete', { board: user.boardId, params: { id } })).json(),
    );
    const missing = await user.post('/api/note/get', { board: user.boardId, params: { id } });
    expect(missing.statusCode).toBe(404);
    expectDescribed(errorResponses[404], missing.json());
    const invalid = await user.post('/api/note/create', { board: user.boardId, params: { nope: 1 } });
    expect(invalid.statusCode).toBe(422);
    expectDescribed(errorResponses[422], invalid.json());
    const signedOut = await app.inject({ method: 'POST', url: '/api/note/all', payload: { board: user.boardId } });
    expect(signedOut.statusCode).toBe(401);
    expectDescribed(errorResponses[401], signedOut.json());
    const other = await signUp(app);
    const foreign = await other.post('/api/note/all', { board: user.boardId });
    expect(foreign.statusCode).toBe(403);
    expectDescribed(errorResponses[403], foreign.json());

    expectDescribed(currentUser, (await user.get('/api/user')).json());
    expectDescribed(devices, (await user.get('/api/devices')).json());
    const again = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Someone', email: `again-${user.email}`, password: 'correct horse battery' },
    });
    expectDescribed(registered, again.json());
  });

  /** The answer has the status and parses unchanged; its body, for the next request. */
  const expectAnswer = <T = Record<string, never>>(
    schema: z.ZodType,
    response: LightMyRequestResponse,
    status = 200,
  ): T & Record<string, unknown> => {
    expect(response.statusCode, response.body).toBe(status);
    expectDescribed(schema, response.json());
    return response.json();
  };

  it('program, author, check-in, creator-ledger and admin answers', async () => {
    const template = {
      goals: [{ title: 'Run 5 km' }],
      habits: [{ title: 'Run three times a week' }],
      routines: [{ title: 'Warm-up' }],
    };
    const [creator, buyer, admin] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Ada Lovelace' }),
      signUp(app),
      signUp(app),
    ]);
    await makeAdmin((await testDatabase()).db, admin.email);
    const program = await publishProgram(app, creator, {
      title: 'Couch to 5k',
      template,
      price_cents: 1200,
      currency: 'EUR',
      description: '<p>Go slow</p>',
    });
    await creator.post('/api/chapter/create', {
      board: creator.boardId,
      params: { program_id: program.id, position: 1, title: 'Week one', body: '<p>Walk</p>' },
    });
    expectAnswer(authorPage, await app.inject({ method: 'GET', url: `/api/author/${creator.id}` }));
    await creator.post('/api/user/update', { tagline: 'Engines of habit' });
    await creator.post('/api/user/update', { show_tagline: true });
    expectAnswer(authorPage, await app.inject({ method: 'GET', url: `/api/author/ada-lovelace-${creator.id}` }));
    expectAnswer(implemented, await creator.get(`/api/program-implement/${program.guid}`));
    expectAnswer(implemented, await buyer.get(`/api/program-implement/${program.guid}`));
    expectAnswer(catalogue, await buyer.post('/api/program/published', { guid: program.guid }));

    const { checkout_id: checkoutId } = expectAnswer<{ checkout_id: string }>(
      checkoutCreated,
      await startCheckout(app, buyer, program.guid),
    );
    expectAnswer(
      paid,
      await buyer.post('/api/payments/test/pay', { checkout_id: checkoutId, card_number: '4242424242424242' }),
    );
    const board = expectAnswer<{ checkout: { board: { id: number } } }>(
      checkoutView,
      await buyer.get(`/api/checkout/${checkoutId}`),
    ).checkout.board.id;
    expectAnswer(
      subscribed,
      await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: true, current_board_id: 0 }),
    );
    const [habit] = (await buyer.post('/api/habit/all', { board })).json<{ habits: { id: number }[] }>().habits;
    expectAnswer(
      checkedIn,
      await buyer.post('/api/habit/checkin', {
        board,
        params: { habit_id: habit.id, date: '2026-11-01', value: 'yes' },
      }),
    );
    expectAnswer(
      checkedIn,
      await buyer.post('/api/habit/checkin', {
        board,
        params: { habit_id: habit.id, date: '2026-11-02', value: 'skip', note: 'Slow' },
      }),
    );
    expectAnswer(
      entryList,
      await buyer.post('/api/habit/entries', { board, params: { habit_id: habit.id, from: '2026-11-01' } }),
    );
    expectAnswer(
      statsAnswer,
      await buyer.post('/api/habit/stats', { board, params: { habit_id: habit.id, date: '2026-11-02' } }),
    );
    expectAnswer(overviewAnswer, await buyer.post('/api/habit/overview', { board }));
    expectAnswer(historyAnswer, await buyer.post('/api/habit/history', { board, params: { habit_id: habit.id } }));
    expectAnswer(implemented, await buyer.get(`/api/program-implement/${program.guid}`));
    expectAnswer(followed, await buyer.get('/api/authors/followed'));
    expectAnswer(subscriptionList, await buyer.get('/api/program-implement'));

    const [sale] = expectAnswer<{ entries: { id: number }[] }>(
      ledger,
      await creator.get('/api/creator/ledger'),
    ).entries;
    expectAnswer(transaction, await creator.get(`/api/transaction/${sale.id}`));
    expectAnswer(transaction, await buyer.get(`/api/transaction/${sale.id}`));
    expectAnswer(
      subscribed,
      await buyer.post('/api/program/subscribe', { program_id: program.id, isSubscribing: false, current_board_id: 0 }),
    );
    expectAnswer(ledger, await creator.get('/api/creator/ledger'));
    expectAnswer(refunded, await creator.post('/api/transaction/refund', { id: sale.id }));
    expectAnswer(reviewList, await creator.get('/api/program/reviews'));

    expectAnswer(adminProgramList, await admin.get(`/api/admin/programs?after=${program.id - 1}`));
    expectAnswer(oneAdminProgram, await admin.get(`/api/admin/programs/${program.id}`));
    expectAnswer(userList, await admin.get(`/api/admin/users?after=${creator.id - 1}`));
    expectAnswer(roleSet, await admin.post('/api/admin/users/role', { id: buyer.id, role: 'creator' }));
  });

  it('shared-page, guided-page, upload, calendar, muscle and AI answers', async () => {
    const [user, admin] = await Promise.all([signUp(app), signUp(app)]);
    await makeAdmin((await testDatabase()).db, admin.email);
    const note = (
      await user.post('/api/note/create', { board: user.boardId, params: { title: 'Recipe', body: '<p>Bake</p>' } })
    ).json<{ note: { id: number } }>().note;
    const { slug } = (
      await user.post('/api/shared_page/create', {
        board: user.boardId,
        params: { source_model: 'note', source_id: note.id },
      })
    ).json<{ shared_page: { slug: string } }>().shared_page;
    expectAnswer(sharedPage, await app.inject({ method: 'GET', url: `/api/public/shared/${slug}` }));

    expectAnswer(answersRead, await user.post('/api/simple_model/get', { board: user.boardId, model: 'purpose' }));
    for (const model of ['purpose', 'mission']) {
      expectAnswer(
        answersSaved,
        await user.post('/api/simple_model/update', { board: user.boardId, model, responses: { why: 'To help' } }),
      );
      expectAnswer(answersRead, await user.post('/api/simple_model/get', { board: user.boardId, model }));
    }

    const boundary = 'openapi-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      tinyPng(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      payload,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expectAnswer(uploadDeleted, await user.post('/api/uploads/delete', { id: uploaded.json<{ id: string }>().id }));

    const range = { start_date: '2026-11-01', end_date: '2026-11-30' };
    expectAnswer(calendarEvents, await user.post('/api/google/events', range));
    await (await testDatabase()).db.insert(calendarConnections).values({
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
      ],
    });
    expect(
      expectAnswer<{ events: unknown[] }>(calendarEvents, await user.post('/api/google/events', range)).events,
    ).toHaveLength(1);
    expectAnswer(muscleList, await user.post('/api/muscle/all'));

    expectAnswer(aiModels, await admin.get('/api/admin/ai/models'));
    expect(
      expectAnswer(aiTested, await admin.post('/api/admin/ai/test', { model: 'echo-1', prompt: 'hi' })).success,
    ).toBe(true);
    expect(
      expectAnswer(aiTested, await admin.post('/api/admin/ai/test', { model: 'echo-1', prompt: 'fail' })).success,
    ).toBe(false);
  });

  it('a documented schema never changes an answer; a plain zod schema still filters one', async () => {
    const small = Fastify();
    small.setValidatorCompiler(validatorCompiler);
    small.setSerializerCompiler(documentingSerializerCompiler);
    const api = small.withTypeProvider<ZodTypeProvider>();
    const described = documented(z.object({ a: z.number() }));
    const unknownShape = { a: 'not a number', extra: true } as unknown as { a: number };
    api.get('/documented', { schema: { response: { 200: described } } }, async () => unknownShape);
    api.get('/filtered', { schema: { response: { 200: z.object({ a: z.number() }) } } }, async () => ({
      a: 1,
      extra: true,
    }));
    try {
      expect((await small.inject({ method: 'GET', url: '/documented' })).json()).toEqual({
        a: 'not a number',
        extra: true,
      });
      expect((await small.inject({ method: 'GET', url: '/filtered' })).json()).toEqual({ a: 1 });
    } finally {
      await small.close();
    }
  });
});
