import { modelNames, models, type AnyModelDefinition, type ModelName } from '@lifeboard/shared/models';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createTestApp, signUp, testDatabase, type TestUser } from '../helpers';
import { badCreateBodies, badIdBodies, badUpdateBodies, oddListBodies, type BadBody } from './bad-input-arbitraries';
import { ownedRowsFingerprint, validCreateBody } from './records';

/**
 * Thousands of generated bad bodies over every model's schema (wrong types, missing and unknown fields,
 * megabyte strings, prototype keys, odd paging values, dates that do not exist, malformed JSON):
 * never a 500, every 4xx says what is wrong, and not one row changes.
 */

const runs: Record<'create' | 'update' | 'get' | 'delete' | 'all', number> = {
  create: 40,
  update: 25,
  get: 8,
  delete: 8,
  all: 30,
};

let app: FastifyInstance;
let db: Db;
let user: TestUser;
const ids = {} as Record<ModelName, number>;

beforeAll(async () => {
  app = await createTestApp();
  db = (await testDatabase()).db;
  user = await signUp(app, { as_creator: true }); // a creator: programs are among the models (only creators make them)
  for (const name of ['note', ...modelNames.filter((n) => n !== 'note')] as ModelName[]) {
    const response = await user.post(`/api/${name}/create`, {
      board: user.boardId,
      params: validCreateBody(models[name], 'kept', { noteId: ids.note }),
    });
    if (response.statusCode !== 201) throw new Error(`seeding ${name}: ${response.statusCode} ${response.body}`);
    ids[name] = response.json()[name].id;
  }
});
afterAll(() => app.close());

function send(path: string, body: BadBody): Promise<LightMyRequestResponse> {
  const headers = { authorization: `Bearer ${user.token}`, 'x-requested-with': 'XMLHttpRequest' };
  if (body.kind === 'raw') {
    return app.inject({
      method: 'POST',
      url: path,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.text,
    });
  }
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

/** No 5xx; a refusal is a 4xx whose body names the problem. Writing verbs must be refused outright. */
function checkAnswer(response: LightMyRequestResponse, mustRefuse: boolean, body: BadBody): void {
  const what = `${describeBody(body)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  if (mustRefuse) expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  if (response.statusCode >= 400) {
    const answer = response.json<{ message?: unknown; error?: unknown }>();
    const message = typeof answer.message === 'string' ? answer.message : answer.error;
    expect(typeof message === 'string' && message.trim().length > 0, `no message: ${what}`).toBe(true);
  }
}

async function property(
  path: string,
  bodies: fc.Arbitrary<BadBody>,
  numRuns: number,
  mustRefuse: boolean,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => {
      checkAnswer(await send(path, body), mustRefuse, body);
    }),
    { numRuns },
  );
}

describe.each(modelNames)('bad bodies for %s', (name: ModelName) => {
  const def: AnyModelDefinition = models[name];

  it(`${Object.values(runs).reduce((a, b) => a + b)} generated requests: no 500, every 4xx explained, no row changed`, async () => {
    const before = await ownedRowsFingerprint(db, [user.id]);
    const board = user.boardId;
    await property(`/api/${name}/create`, badCreateBodies(def, board, ids.note), runs.create, true);
    await property(`/api/${name}/update`, badUpdateBodies(def, board, ids[name]), runs.update, true);
    await property(`/api/${name}/get`, badIdBodies(board, ids[name]), runs.get, false);
    await property(
      `/api/${name}/delete`,
      badIdBodies(board, ids[name]).filter((body) => !isPlainDeleteOfOwn(body, ids[name])),
      runs.delete,
      true,
    );
    await property(`/api/${name}/all`, oddListBodies(board), runs.all, false);
    expect(await ownedRowsFingerprint(db, [user.id])).toEqual(before);
  });
});

/** `{ board, params: { id: own } }` is a valid delete; the generators can only make it by removing a defect. */
function isPlainDeleteOfOwn(body: BadBody, ownId: number): boolean {
  if (body.kind !== 'json') return false;
  const value = body.value as { board?: unknown; params?: { id?: unknown } } | null;
  return (
    value !== null &&
    typeof value === 'object' &&
    value.board === user.boardId &&
    JSON.stringify(value.params) === JSON.stringify({ id: ownId })
  );
}
