import { models } from '@lifeboard/shared/models';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, signUp } from '../test/helpers';
import { modelResponses } from './models/responses';
import { currentUser, devices, registered } from './modules/users/responses';
import { documented, documentingSerializerCompiler, errorResponses } from './openapi';

interface Operation {
  security?: unknown[];
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let app: FastifyInstance;
let doc: Document;
beforeAll(async () => {
  app = await createTestApp();
  doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json<Document>();
});
afterAll(() => app.close());

const operation = (path: string, method = 'post') => doc.paths[path][method];
const jsonOf = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('every operation documents a success and at least one error, 500 included', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(200);
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses.some((status) => status.startsWith('2')), `${method} ${path}`).toBe(true);
      expect(statuses.some((status) => !status.startsWith('2')), `${method} ${path}`).toBe(true);
      expect(op.responses, `${method} ${path}`).toHaveProperty('500');
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
    const created = await user.post('/api/note/create', { board: user.boardId, params: { title: 'Hello', body: '<p>Hi</p>' } });
    expect(created.statusCode).toBe(201);
    expectDescribed(note.create[201], created.json());
    const { id, updated_at: updatedAt } = created.json<{ note: { id: number; updated_at: string } }>().note;
    expectDescribed(note.all[200], (await user.post('/api/note/all', { board: user.boardId, params: { limit: 1 } })).json());
    expectDescribed(note.get[200], (await user.post('/api/note/get', { board: user.boardId, params: { id } })).json());
    const stale = await user.post('/api/note/update', { board: user.boardId, params: { id, title: 'x', expected_updated_at: '2000-01-01T00:00:00.000Z' } });
    expect(stale.statusCode).toBe(409);
    expectDescribed(note.update[409], stale.json());
    expectDescribed(note.update[200], (await user.post('/api/note/update', { board: user.boardId, params: { id, title: 'y', expected_updated_at: updatedAt } })).json());
    expectDescribed(note.delete[200], (await user.post('/api/note/delete', { board: user.boardId, params: { id } })).json());
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
    const again = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'Someone', email: `again-${user.email}`, password: 'correct horse battery' } });
    expectDescribed(registered, again.json());
  });

  it('a documented schema never changes an answer; a plain zod schema still filters one', async () => {
    const small = Fastify();
    small.setValidatorCompiler(validatorCompiler);
    small.setSerializerCompiler(documentingSerializerCompiler);
    const api = small.withTypeProvider<ZodTypeProvider>();
    const described = documented(z.object({ a: z.number() }));
    const unknownShape = { a: 'not a number', extra: true } as unknown as { a: number };
    api.get('/documented', { schema: { response: { 200: described } } }, async () => unknownShape);
    api.get('/filtered', { schema: { response: { 200: z.object({ a: z.number() }) } } }, async () => ({ a: 1, extra: true }));
    try {
      expect((await small.inject({ method: 'GET', url: '/documented' })).json()).toEqual({ a: 'not a number', extra: true });
      expect((await small.inject({ method: 'GET', url: '/filtered' })).json()).toEqual({ a: 1 });
    } finally {
      await small.close();
    }
  });
});
