import { modelNames, models, type AnyModelDefinition, type ModelName } from '@lifeboard/shared/models';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createTestApp, signUp, testDatabase, type TestUser } from '../helpers';
import { ownedRowsFingerprint, validCreateBody } from './records';

/**
 * Bad input at the edges of what JavaScript, JSON and PostgreSQL can hold: keys named like Object.prototype
 * members, ids and cursor keys beyond 32 bits, dates past year 9999's last day, text PostgreSQL cannot store
 * (U+0000, lone surrogates). Each is refused with a 4xx that says why; none is a 500; nothing is written.
 * The one exception: rich-text fields, whose sanitizer turns unstorable characters into U+FFFD.
 */

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

function expectExplainedRefusal(response: LightMyRequestResponse, what: string): void {
  const detail = `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, detail).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, detail).toBeLessThan(500);
  const body = response.json<{ message?: unknown; error?: unknown }>();
  expect(String(body.message ?? body.error ?? '').trim(), detail).not.toBe('');
}

function expectNoServerError(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
}

const prototypeKeys = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupGetter__',
];
const unstorableText = ['a\u0000b', '\u0000', 'a\ud800b', '\udfff', 'x\ud83d'];
const beyond32Bits = [2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER];

/** Instants PostgreSQL cannot hold as JavaScript writes them: the year 0000, and offsets that carry past 0001 or 9999. */
const instantsOutOfRange = [
  '0000-06-01T00:00:00Z',
  '0001-01-01T00:30:00+01:00',
  '9999-12-31T23:59:59-01:00',
  '9999-12-31T22:00:00-02:30',
];
const INSTANT_RANGE_MESSAGE = 'must be between the years 0001 and 9999 (UTC)';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(modelNames)('edge input for %s', (name: ModelName) => {
  const def: AnyModelDefinition = models[name];
  const base = () => validCreateBody(def, 'edge', { noteId: ids.note });
  const stringFields = Object.entries(
    def.fields.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>,
  )
    .filter(([, schema]) => schema.safeParse('plain words').success)
    .map(([field]) => field);
  // Rich text is sanitized instead (U+0000 and lone surrogates become U+FFFD): checked after the no-write proof.
  const plainFields = stringFields.filter((field) => !def.richText.includes(field));
  const richFields = stringFields.filter((field) => def.richText.includes(field));

  const instantFields = Object.entries(
    def.fields.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>,
  )
    .filter(
      ([, schema]) => schema.safeParse('2026-01-31T08:00:00.000Z').success && !schema.safeParse('plain words').success,
    )
    .map(([field]) => field);

  it.runIf(instantFields.length > 0)(
    'refuses instants outside the years 0001–9999 with a 422 that names the field',
    async () => {
      const before = await ownedRowsFingerprint(db, [user.id]);
      for (const field of instantFields) {
        for (const value of instantsOutOfRange) {
          for (const verb of ['create', 'update']) {
            const params = verb === 'create' ? { ...base(), [field]: value } : { id: ids[name], [field]: value };
            const response = await user.post(`/api/${name}/${verb}`, { board: user.boardId, params });
            expect(response.statusCode, `${verb} ${field}=${value} → ${response.body.slice(0, 200)}`).toBe(422);
            expect(response.json().errors[field], `${verb} ${field}=${value}`).toEqual([INSTANT_RANGE_MESSAGE]);
          }
        }
      }
      expect(await ownedRowsFingerprint(db, [user.id])).toEqual(before);
    },
  );

  it('refuses prototype-named keys, unstorable text and out-of-range ids; lists survive far edges', async () => {
    const before = await ownedRowsFingerprint(db, [user.id]);
    for (const key of prototypeKeys) {
      const payload = `{"board":${user.boardId},"params":{${JSON.stringify(key)}:{},${JSON.stringify(base()).slice(1)}}`;
      const response = await app.inject({
        method: 'POST',
        url: `/api/${name}/create`,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        payload,
      });
      expectExplainedRefusal(response, `create with key ${key}`);
    }
    for (const field of plainFields) {
      for (const text of unstorableText) {
        expectExplainedRefusal(
          await user.post(`/api/${name}/create`, { board: user.boardId, params: { ...base(), [field]: text } }),
          `create ${field}=${JSON.stringify(text)}`,
        );
        expectExplainedRefusal(
          await user.post(`/api/${name}/update`, { board: user.boardId, params: { id: ids[name], [field]: text } }),
          `update ${field}=${JSON.stringify(text)}`,
        );
      }
    }
    for (const big of beyond32Bits) {
      for (const verb of ['all', 'get', 'create', 'update', 'delete']) {
        const params = verb === 'create' ? base() : verb === 'all' ? {} : { id: ids[name] };
        expectExplainedRefusal(
          await user.post(`/api/${name}/${verb}`, { board: big, params }),
          `${verb} on board ${big}`,
        );
      }
    }
    const listEdges: Record<string, unknown>[] = [
      { cursor: cursorOf([2 ** 31, 1]) },
      { cursor: cursorOf([-(2 ** 31) - 1, 1]) },
      { cursor: cursorOf([Number.MAX_SAFE_INTEGER, 1]) },
      { cursor: cursorOf(['+275760-09-13T00:00:00.000Z', 1]) },
      { cursor: cursorOf(['-271821-04-20T00:00:00.000Z', 1]) },
      { cursor: cursorOf(['2026-01-01T00:00:00.000Z', Number.MAX_SAFE_INTEGER]) },
      { to: '9999-12-31' },
      { from: '9999-12-31', to: '9999-12-31' },
      { from: '0001-01-01' },
      ...unstorableText.map((search) => ({ search })),
    ];
    for (const params of listEdges) {
      expectNoServerError(
        await user.post(`/api/${name}/all`, { board: user.boardId, params }),
        `all ${JSON.stringify(params)}`,
      );
    }
    expect(await ownedRowsFingerprint(db, [user.id])).toEqual(before);
    for (const field of richFields) {
      for (const text of unstorableText) {
        const response = await user.post(`/api/${name}/update`, {
          board: user.boardId,
          params: { id: ids[name], [field]: text },
        });
        expect(
          response.statusCode,
          `update rich ${field}=${JSON.stringify(text)} → ${response.body.slice(0, 200)}`,
        ).toBe(200);
        const stored = String(response.json()[name][field]);
        expect(stored).not.toContain('\u0000');
        expect(stored).not.toMatch(/[\ud800-\udfff]/);
      }
    }
  });
});

describe('edge input for the account', () => {
  it('refuses an onboarding instant outside the years 0001–9999 with a 422, and keeps the stored one', async () => {
    const before = (await user.get('/api/user')).json();
    for (const value of instantsOutOfRange) {
      const response = await user.post('/api/user/update', { completed_onboarding_at: value });
      expect(response.statusCode, `completed_onboarding_at=${value} → ${response.body.slice(0, 200)}`).toBe(422);
      expect(response.json().errors.completed_onboarding_at).toEqual([INSTANT_RANGE_MESSAGE]);
    }
    expect((await user.get('/api/user')).json()).toEqual(before);
    const edge = await user.post('/api/user/update', { completed_onboarding_at: '0001-01-01T00:00:00Z' });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('refuses ids beyond 32 bits for the AI model and the default board with a 422, and keeps the stored ones', async () => {
    const before = (await user.get('/api/user')).json();
    for (const big of beyond32Bits) {
      for (const field of ['ai_model', 'default_board_id']) {
        const response = await user.post('/api/user/update', { [field]: big });
        expect(response.statusCode, `${field}=${big} → ${response.body.slice(0, 200)}`).toBe(422);
        expect(response.json().errors[field]).toEqual(['must be at most 2147483647']);
      }
    }
    expect((await user.get('/api/user')).json()).toEqual(before);
  });
});
