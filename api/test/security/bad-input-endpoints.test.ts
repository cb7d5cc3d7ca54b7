import { simpleModelNames } from '@lifeboard/shared/models';
import { MAX_DB_ID } from '@lifeboard/shared/models/fields';
import { responses } from '@lifeboard/shared/models/mission';
import { userUpdateFields } from '@lifeboard/shared/models/user';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/client';
import { subscriptions, users } from '../../src/db/schema';
import { createTestApp, publishProgram, signUp, testDatabase, type TestUser } from '../helpers';
import { badObjectBodies, type BadBody } from './bad-input-arbitraries';
import { ownedRowsFingerprint } from './records';

/**
 * The JSON endpoints outside the model engine — account, boards, guided pages, program subscribe — get
 * generated bad bodies (wrong values, unknown keys, missing fields, other JSON types, broken text): never a
 * 500, every refusal says why, and nothing of the caller or of the user whose ids are borrowed changes.
 * The body schemas are restated here from the contract, so a route that accepts more than it says fails.
 */

let app: FastifyInstance;
let db: Db;
let user: TestUser;
let other: TestUser;
let spareBoard: number;
let programId: number;

const id = z.number().int().positive().max(MAX_DB_ID);
const boardName = z.string().trim().min(1).max(100);

beforeAll(async () => {
  app = await createTestApp();
  db = (await testDatabase()).db;
  [user, other] = await Promise.all([signUp(app), signUp(app, { as_creator: true })]);
  spareBoard = (await user.post('/api/board/create', { name: 'Spare' })).json().board.id;
  await user.post('/api/simple_model/update', { board: user.boardId, model: 'purpose', responses: { why: 'kept' } });
  programId = (await publishProgram(app, other, { title: 'Fuzz program', template: { goals: [{ title: 'G' }] } })).id;
  await user.post('/api/program/subscribe', {
    program_id: programId,
    isSubscribing: true,
    current_board_id: user.boardId,
  });
});
afterAll(() => app.close());

/** Everything these endpoints could change for both users: records, boards, answers, account, subscriptions. */
async function fingerprint(): Promise<unknown> {
  const ids = [user.id, other.id];
  const accounts = await db.select().from(users).where(inArray(users.id, ids)).orderBy(users.id);
  const subs = await db
    .select({ row: sql<string>`${subscriptions}::text` })
    .from(subscriptions)
    .where(inArray(subscriptions.userId, ids))
    .orderBy(subscriptions.id);
  return { rows: await ownedRowsFingerprint(db, ids), accounts, subs };
}

function send(path: string, body: BadBody): Promise<LightMyRequestResponse> {
  const headers = { authorization: `Bearer ${user.token}`, 'x-requested-with': 'XMLHttpRequest' };
  if (body.kind === 'raw')
    return app.inject({
      method: 'POST',
      url: path,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.text,
    });
  return app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body.value),
  });
}

function describeBody(body: BadBody): string {
  const text = body.kind === 'raw' ? `${body.contentType}: ${body.text}` : JSON.stringify(body.value);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

async function refusesAll(path: string, bodies: fc.Arbitrary<BadBody>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => {
      const response = await send(path, body);
      const what = `${path} ${describeBody(body)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
      const answer = response.json<{ message?: unknown; error?: unknown }>();
      const message = typeof answer.message === 'string' ? answer.message : answer.error;
      expect(typeof message === 'string' && message.trim().length > 0, `no message: ${what}`).toBe(true);
    }),
    { numRuns },
  );
}

const RUNS = 60;

describe('bad bodies for the JSON endpoints outside the model engine', () => {
  it('/api/user/update: one field, of the right kind, or nothing changes', async () => {
    const before = await fingerprint();
    const schema = z
      .object(userUpdateFields)
      .partial()
      .strict()
      .refine((body) => Object.keys(body).length === 1);
    const single = badObjectBodies(userUpdateFields, schema, { name: 'Fuzz' }, []);
    const several = fc
      .subarray(['name', 'tagline', 'show_tagline', 'timezone'], { minLength: 2 })
      .map((keys): BadBody => ({
        kind: 'json',
        value: Object.fromEntries(
          keys.map((key) => [key, { name: 'N', tagline: 'T', show_tagline: true, timezone: 'UTC' }[key]]),
        ),
      }));
    await refusesAll(
      '/api/user/update',
      fc.oneof(
        { weight: 5, arbitrary: single },
        { weight: 1, arbitrary: several },
        { weight: 1, arbitrary: fc.constant<BadBody>({ kind: 'json', value: {} }) },
      ),
      RUNS * 2,
    );
    // Ids the database cannot hold, and boards that are not the caller's.
    for (const value of [2 ** 31, Number.MAX_SAFE_INTEGER, other.boardId]) {
      await refusesAll(
        '/api/user/update',
        fc.constant<BadBody>({ kind: 'json', value: { default_board_id: value } }),
        1,
      );
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('/api/board/create|update|delete: no board made, renamed or deleted', async () => {
    const before = await fingerprint();
    await refusesAll(
      '/api/board/create',
      badObjectBodies({ name: boardName }, z.object({ name: boardName }).strict(), { name: 'Fuzz' }, ['name']),
      RUNS,
    );
    const update = { id, name: boardName };
    await refusesAll(
      '/api/board/update',
      badObjectBodies(update, z.object(update).strict(), { id: spareBoard, name: 'Renamed' }, ['id', 'name']),
      RUNS,
    );
    const remove = { id, name: z.string().optional() };
    await refusesAll(
      '/api/board/delete',
      badObjectBodies(remove, z.object(remove).strict(), { id: spareBoard }, ['id']),
      RUNS,
    );
    // Well-formed, but another user's board.
    await refusesAll(
      '/api/board/update',
      fc.constant<BadBody>({ kind: 'json', value: { id: other.boardId, name: 'Mine now' } }),
      1,
    );
    await refusesAll('/api/board/delete', fc.constant<BadBody>({ kind: 'json', value: { id: other.boardId } }), 1);
    expect(await fingerprint()).toEqual(before);
  });

  it('/api/simple_model/get|update: no answers written', async () => {
    const before = await fingerprint();
    const shape = { board: id, model: z.enum(simpleModelNames), responses };
    await refusesAll(
      '/api/simple_model/update',
      badObjectBodies(
        shape,
        z.object(shape).strict(),
        { board: user.boardId, model: 'purpose', responses: { why: 'changed' } },
        ['board', 'model', 'responses'],
      ),
      RUNS,
    );
    const read = { board: id, model: z.enum(simpleModelNames) };
    await refusesAll(
      '/api/simple_model/get',
      badObjectBodies(read, z.object(read).strict(), { board: user.boardId, model: 'purpose' }, ['board', 'model']),
      RUNS / 2,
    );
    await refusesAll(
      '/api/simple_model/update',
      fc.constant<BadBody>({ kind: 'json', value: { board: other.boardId, model: 'vision', responses: { why: 'x' } } }),
      1,
    );
    expect(await fingerprint()).toEqual(before);
  });

  it('/api/program/subscribe: no board, record or subscription made or cancelled', async () => {
    const before = await fingerprint();
    const shape = {
      program_id: id,
      isSubscribing: z.boolean(),
      current_board_id: z.number().int().min(0).max(MAX_DB_ID),
    };
    const schema = z.object(shape).strict();
    await refusesAll(
      '/api/program/subscribe',
      badObjectBodies(
        shape,
        schema,
        { program_id: programId, isSubscribing: false, current_board_id: user.boardId },
        Object.keys(shape),
      ),
      RUNS,
    );
    await refusesAll(
      '/api/program/subscribe',
      badObjectBodies(
        shape,
        schema,
        { program_id: programId, isSubscribing: true, current_board_id: user.boardId },
        Object.keys(shape),
      ),
      RUNS,
    );
    // Well-formed, but a program that is nobody's and a board that is not the caller's.
    await refusesAll(
      '/api/program/subscribe',
      fc.constant<BadBody>({
        kind: 'json',
        value: { program_id: MAX_DB_ID, isSubscribing: true, current_board_id: user.boardId },
      }),
      1,
    );
    await refusesAll(
      '/api/program/subscribe',
      fc.constant<BadBody>({
        kind: 'json',
        value: { program_id: programId, isSubscribing: false, current_board_id: other.boardId },
      }),
      1,
    );
    expect(await fingerprint()).toEqual(before);
  });
});
