import { modelNames, models, type AnyModelDefinition, type ModelName } from '@lifeboard/shared/models';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createTestApp, signUp, testDatabase, type TestUser } from '../helpers';
import { ownedRowsFingerprint, validChange, validCreateBody } from './records';

/**
 * Two users, every model × every verb, each using the other's board and the other's record ids.
 * Each attempt must be refused (403 for a foreign board, 404 for a foreign id on one's own board), must not
 * carry a single word of the other's data, and must leave both users' rows exactly as they were.
 * Lists on one's own board hold exactly one's own records: no foreign item, no foreign count.
 */

interface Party {
  user: TestUser;
  /** A word written into every searchable and rich-text field of this user's records. */
  secret: string;
  /** The id of this user's record of each model, on the default board. */
  ids: Record<ModelName, number>;
  habitEntryDate: string;
}

let app: FastifyInstance;
let db: Db;
let alice: Party;
let bob: Party;

async function seed(user: TestUser): Promise<Party> {
  const secret = `secret${randomBytes(6).toString('hex')}`;
  const ids = {} as Record<ModelName, number>;
  // The note first: a shared page must point at a note of its owner.
  const order = ['note', ...modelNames.filter((name) => name !== 'note')] as ModelName[];
  for (const name of order) {
    const def: AnyModelDefinition = models[name];
    const response = await user.post(`/api/${name}/create`, {
      board: user.boardId,
      params: validCreateBody(def, secret, { noteId: ids.note }),
    });
    if (response.statusCode !== 201) throw new Error(`seeding ${name}: ${response.statusCode} ${response.body}`);
    ids[name] = response.json()[name].id;
  }
  const habitEntryDate = '2026-03-04';
  const checkin = await user.post('/api/habit/checkin', {
    board: user.boardId,
    params: { habit_id: ids.habit, date: habitEntryDate, value: 'yes', note: secret },
  });
  if (checkin.statusCode !== 200) throw new Error(`seeding a check-in: ${checkin.statusCode} ${checkin.body}`);
  await user.post('/api/simple_model/update', { board: user.boardId, model: 'vision', responses: { q1: secret } });
  return { user, secret, ids, habitEntryDate };
}

beforeAll(async () => {
  app = await createTestApp();
  db = (await testDatabase()).db;
  // Creators: programs are among the models, and only creators make them.
  const [a, b] = await Promise.all([signUp(app, { as_creator: true }), signUp(app, { as_creator: true })]);
  alice = await seed(a);
  bob = await seed(b);
});
afterAll(() => app.close());

/** Refused with the expected status, `success: false`, and no word of the victim's data in the answer. */
function expectRefused(response: LightMyRequestResponse, status: 403 | 404, victim: Party, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
  expect(response.json().success, what).toBe(false);
  expect(response.body, what).not.toContain(victim.secret);
}

const directions = [
  ['bob → alice', () => bob, () => alice],
  ['alice → bob', () => alice, () => bob],
] as const;

describe.each(modelNames)('model %s', (name: ModelName) => {
  const def: AnyModelDefinition = models[name];

  it.each(directions)(
    '%s: every verb with the other board or ids is refused, reads nothing, writes nothing',
    async (_label, attackerOf, victimOf) => {
      const attacker = attackerOf();
      const victim = victimOf();
      const { user } = attacker;
      const victimBoard = victim.user.boardId;
      const victimId = victim.ids[name];
      const ownId = attacker.ids[name];
      const before = await ownedRowsFingerprint(db, [alice.user.id, bob.user.id]);

      const attempts: [string, number, Record<string, unknown>, 403 | 404][] = [
        ['all', victimBoard, {}, 403],
        ['all', victimBoard, { search: victim.secret, limit: 200 }, 403],
        ['get', victimBoard, { id: victimId }, 403],
        ['get', victimBoard, { id: ownId }, 403],
        ['get', user.boardId, { id: victimId }, 404],
        ['create', victimBoard, validCreateBody(def, 'intruder', { noteId: attacker.ids.note }), 403],
        ['update', victimBoard, { id: victimId, ...validChange(def, 'intruder') }, 403],
        ['update', victimBoard, { id: ownId, ...validChange(def, 'intruder') }, 403],
        ['update', user.boardId, { id: victimId, ...validChange(def, 'intruder') }, 404],
        ['delete', victimBoard, { id: victimId }, 403],
        ['delete', victimBoard, { id: ownId }, 403],
        ['delete', user.boardId, { id: victimId }, 404],
      ];
      if (name === 'shared_page') {
        // Sharing the other's note from one's own board: the source must be one's own.
        attempts.push(['create', user.boardId, { source_model: 'note', source_id: victim.ids.note }, 404]);
      }
      for (const [verb, board, params, status] of attempts) {
        const response = await user.post(`/api/${name}/${verb}`, { board, params });
        expectRefused(
          response,
          status,
          victim,
          `${verb} board=${board === victimBoard ? 'victim' : 'own'} ${JSON.stringify(params)}`,
        );
      }

      // One's own list: exactly one's own record, nothing of the other's, not even in a count.
      // Exercises: your own only (`source: 'mine'`); the built-in library every user shares is not anyone's record.
      const mine = name === 'exercise' ? { source: 'mine' } : {};
      const own = await user.post(`/api/${name}/all`, {
        board: user.boardId,
        params: def.single ? undefined : { limit: 200, ...mine },
      });
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain(victim.secret);
      const listed = own.json()[def.state];
      if (def.single) expect(listed.id).toBe(ownId);
      else expect(listed.map((record: { id: number }) => record.id)).toEqual([ownId]);
      expect(own.json()).not.toHaveProperty('next_cursor');
      if (!def.single && def.searchable.length > 0) {
        const searched = await user.post(`/api/${name}/all`, {
          board: user.boardId,
          params: { search: victim.secret, ...mine },
        });
        expect(searched.statusCode).toBe(200);
        expect(searched.json()[def.state]).toEqual([]);
      }

      expect(await ownedRowsFingerprint(db, [alice.user.id, bob.user.id])).toEqual(before);
    },
  );
});

describe('board-scoped calls beyond the model engine', () => {
  it.each(directions)(
    '%s: boards, check-ins and guided pages of the other are refused and unchanged',
    async (_label, attackerOf, victimOf) => {
      const { user } = attackerOf();
      const victim = victimOf();
      const before = await ownedRowsFingerprint(db, [alice.user.id, bob.user.id]);
      const board = victim.user.boardId;

      const verify = await user.post('/api/board/verify', { id: board });
      expect(verify.json().success).toBe(false);
      expect(verify.body).not.toContain(victim.secret);
      for (const [path, body] of [
        ['/api/board/update', { id: board, name: 'taken over' }],
        ['/api/board/delete', { id: board }],
      ] as const) {
        const response = await user.post(path, body);
        expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, path).toBeLessThan(500);
        expect(response.json().success, path).toBe(false);
      }
      const boards = (await user.get('/api/board/all')).json().boards as { id: number }[];
      expect(boards.map((b) => b.id)).not.toContain(board);

      const habitCalls: [string, number, Record<string, unknown>, 403 | 404][] = [
        ['/api/habit/checkin', board, { habit_id: victim.ids.habit, date: '2026-03-05', value: 'skip' }, 403],
        [
          '/api/habit/checkin',
          user.boardId,
          { habit_id: victim.ids.habit, date: victim.habitEntryDate, value: 'skip' },
          404,
        ],
        ['/api/habit/entries', board, { habit_id: victim.ids.habit }, 403],
        ['/api/habit/entries', user.boardId, { habit_id: victim.ids.habit }, 404],
      ];
      for (const [path, boardId, params, status] of habitCalls) {
        expectRefused(
          await user.post(path, { board: boardId, params }),
          status,
          victim,
          `${path} ${JSON.stringify(params)}`,
        );
      }
      expectRefused(
        await user.post('/api/simple_model/get', { board, model: 'vision' }),
        403,
        victim,
        'simple_model/get',
      );
      expectRefused(
        await user.post('/api/simple_model/update', { board, model: 'vision', responses: { q1: 'mine now' } }),
        403,
        victim,
        'simple_model/update',
      );

      expect(await ownedRowsFingerprint(db, [alice.user.id, bob.user.id])).toEqual(before);
    },
  );
});
