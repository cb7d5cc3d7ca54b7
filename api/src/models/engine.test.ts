import { modelNames, models, type AnyModelDefinition, type ModelName } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../test/helpers';

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
let aliceNoteId: number;

const instantFields = new Set(['at', 'start_at', 'started_at']);
const today = new Date().toISOString().slice(0, 10);
const dayOffset = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The Monday of a date's week: a weekly review is dated by the Monday its week starts on. */
const mondayOf = (date: string) => {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
};

/** A valid create body for any model: required fields filled, a searchable word, the date field set. */
let reviewWeeks = 0;
function sample(def: AnyModelDefinition, word: string, date?: string): Record<string, unknown> {
  // Weekly reviews are one a week and board: each sample without a date takes a week of its own.
  if (date === undefined) date = def.name === 'weekly_review' ? dayOffset(-70 * 7 - 7 * reviewWeeks++) : today;
  const body: Record<string, unknown> = {};
  if (def.searchable[0]) body[def.searchable[0]] = `${word} entry`;
  if (def.dateField) body[def.dateField] = instantFields.has(def.dateField) ? `${date}T12:00:00.000Z` : date;
  switch (def.name) {
    case 'weekly_review':
      return { ...body, week: mondayOf(date) };
    case 'mood':
      return { ...body, score: 3 };
    case 'shared_page':
      return { source_model: 'note', source_id: aliceNoteId };
    case 'user_data_type':
      return { ...body, fields: [{ name: 'Weight', kind: 'number', unit: 'kg' }] };
    case 'user_data_record':
      return { ...body, type_id: 1, values: { weight: 71.5 } };
    default:
      return body;
  }
}

/** The exercise list adds the built-in library unless asked for your own only, which these generic tests are about. */
const own = (name: string, params: Record<string, unknown> = {}) =>
  name === 'exercise' ? { ...params, source: 'mine' } : params;

/** A field change that any model accepts, to prove update writes. */
function change(def: AnyModelDefinition): Record<string, unknown> {
  if (def.searchable[0]) return { [def.searchable[0]]: 'changed words' };
  if (def.name === 'shared_page') return { revoked_at: '2026-01-02T03:04:05.000Z' };
  return { values: { weight: 70 } };
}

beforeAll(async () => {
  app = await createTestApp();
  // Creators, so every model (programs too: only creators make them) can be created.
  [alice, bob] = await Promise.all([signUp(app, { as_creator: true }), signUp(app, { as_creator: true })]);
  aliceNoteId = (await alice.post('/api/note/create', { board: alice.boardId, params: { title: 'source' } })).json()
    .note.id;
});
afterAll(() => app.close());

async function freshBoard(user: TestUser): Promise<number> {
  return (await user.post('/api/board/create', { name: 'contract' })).json().board.id;
}

describe.each(modelNames)('model %s', (name: ModelName) => {
  const def: AnyModelDefinition = models[name];

  it('answers 401 without a token', async () => {
    for (const verb of ['all', 'get', 'create', 'update', 'delete']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${name}/${verb}`,
        payload: { board: alice.boardId, params: {} },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("answers 403 on another user's board, for every verb, and changes nothing there", async () => {
    const created = (
      await alice.post(`/api/${name}/create`, { board: alice.boardId, params: sample(def, 'private') })
    ).json()[name];
    const calls: [string, Record<string, unknown>][] = [
      ['all', {}],
      ['get', { id: created.id }],
      ['create', sample(def, 'intruder')],
      ['update', { id: created.id, ...change(def) }],
      ['delete', { id: created.id }],
    ];
    for (const [verb, params] of calls) {
      const response = await bob.post(`/api/${name}/${verb}`, { board: alice.boardId, params });
      expect(response.statusCode, verb).toBe(403);
      expect(response.json().success).toBe(false);
    }
    const still = (await alice.post(`/api/${name}/get`, { board: alice.boardId, params: { id: created.id } })).json()[
      name
    ];
    expect(still).toEqual(created);
  });

  it("answers 404 for another user's record id on the caller's own board", async () => {
    const created = (
      await alice.post(`/api/${name}/create`, { board: alice.boardId, params: sample(def, 'mine') })
    ).json()[name];
    for (const [verb, params] of [
      ['get', { id: created.id }],
      ['update', { id: created.id, ...change(def) }],
      ['delete', { id: created.id }],
    ] as const) {
      const response = await bob.post(`/api/${name}/${verb}`, { board: bob.boardId, params });
      expect(response.statusCode, verb).toBe(404);
    }
    expect(
      (await alice.post(`/api/${name}/get`, { board: alice.boardId, params: { id: created.id } })).json()[name],
    ).toEqual(created);
  });

  it('round-trips create → get → update → list → delete', async () => {
    const board = await freshBoard(alice);
    const createResponse = await alice.post(`/api/${name}/create`, { board, params: sample(def, 'roundtrip') });
    expect(createResponse.statusCode).toBe(201);
    const created = createResponse.json()[name];
    expect(created).toMatchObject({ board_id: board, id: expect.any(Number) });
    expect(created).not.toHaveProperty('user_id');
    const got = (await alice.post(`/api/${name}/get`, { board, params: { id: created.id } })).json();
    expect(got).toEqual({ success: true, [name]: created });
    const updated = (
      await alice.post(`/api/${name}/update`, { board, params: { id: created.id, ...change(def) } })
    ).json();
    expect(updated.success).toBe(true);
    expect(updated[name]).toMatchObject(change(def));
    const list = (await alice.post(`/api/${name}/all`, { board, params: own(name) })).json();
    expect(list.success).toBe(true);
    if (def.single) expect(list[def.state]).toMatchObject({ id: created.id, ...change(def) });
    else expect(list[def.state]).toEqual([updated[name]]);
    expect((await alice.post(`/api/${name}/delete`, { board, params: { id: created.id } })).json()).toEqual({
      success: true,
      id: created.id,
    });
    expect((await alice.post(`/api/${name}/get`, { board, params: { id: created.id } })).statusCode).toBe(404);
    expect((await alice.post(`/api/${name}/delete`, { board, params: { id: created.id } })).statusCode).toBe(404);
  });

  it('refuses unknown fields, wrong types and bad ids with 422 and writes nothing', async () => {
    const board = await freshBoard(alice);
    const unknown = await alice.post(`/api/${name}/create`, { board, params: { ...sample(def, 'x'), bogus: 1 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.bogus).toEqual(['is not a known field']);
    const proto = await app.inject({
      method: 'POST',
      url: `/api/${name}/create`,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: `{"board":${board},"params":{"__proto__":{"admin":true}}}`,
    });
    expect(proto.statusCode).toBe(422);
    expect((await alice.post(`/api/${name}/get`, { board, params: { id: -1 } })).statusCode).toBe(422);
    expect((await alice.post(`/api/${name}/create`, { board: 'one', params: sample(def, 'x') })).statusCode).toBe(422);
    const list = (await alice.post(`/api/${name}/all`, { board, params: own(name) })).json();
    expect(list[def.state]).toEqual(def.single ? null : []);
  });
});

const listed = modelNames.filter((name) => !models[name].single);

describe.each(listed)('listing %s', (name: ModelName) => {
  const def: AnyModelDefinition = models[name];

  it('lists in natural order, pages by cursor, searches and ranges by date', async () => {
    const board = await freshBoard(alice);
    // Dated models: made out of date order, so the order must come from the date, not from insertion.
    // A weekly review is one a week: its three are a week apart.
    const days = name === 'weekly_review' ? [-7, -21, -14] : [-1, -3, -2];
    const dates = days.map((offset) => (name === 'weekly_review' ? mondayOf(dayOffset(offset)) : dayOffset(offset)));
    const words = ['alpha', 'bravo', 'charlie'];
    const ids: number[] = [];
    const mine = (body: Record<string, { id: number }[]>) => body[def.state].map((record) => record.id);
    for (let i = 0; i < 3; i += 1) {
      const response = await alice.post(`/api/${name}/create`, { board, params: sample(def, words[i], dates[i]) });
      expect(response.statusCode).toBe(201);
      ids.push(response.json()[name].id);
    }
    const expected =
      def.order.kind === 'position' ? ids : def.dateField ? [ids[0], ids[2], ids[1]] : [...ids].reverse();
    const all = (await alice.post(`/api/${name}/all`, { board, params: own(name) })).json();
    expect(mine(all)).toEqual(expected);
    expect(all).not.toHaveProperty('next_cursor');

    const first = (await alice.post(`/api/${name}/all`, { board, params: own(name, { limit: 2 }) })).json();
    expect(mine(first)).toEqual(expected.slice(0, 2));
    expect(typeof first.next_cursor).toBe('string');
    const second = (
      await alice.post(`/api/${name}/all`, { board, params: own(name, { limit: 2, cursor: first.next_cursor }) })
    ).json();
    expect(mine(second)).toEqual(expected.slice(2));
    expect(second).not.toHaveProperty('next_cursor');

    if (def.searchable.length > 0 && name !== 'shared_page') {
      const found = (await alice.post(`/api/${name}/all`, { board, params: own(name, { search: 'bravo' }) })).json();
      expect(mine(found)).toEqual([ids[1]]);
    }
    if (def.dateField) {
      const ranged = (
        await alice.post(`/api/${name}/all`, { board, params: own(name, { from: dates[2], to: dates[2] }) })
      ).json();
      expect(ranged[def.state].map((record: { id: number }) => record.id)).toEqual([ids[2]]);
    } else {
      const none = (await alice.post(`/api/${name}/all`, { board, params: own(name, { from: dayOffset(1) }) })).json();
      expect(mine(none)).toEqual([]);
      const some = (
        await alice.post(`/api/${name}/all`, { board, params: own(name, { from: today, to: today }) })
      ).json();
      expect(mine(some)).toHaveLength(3);
    }
    // Bob sees none of it, even on his own board.
    const bobs = (await bob.post(`/api/${name}/all`, { board: bob.boardId, params: own(name) })).json();
    expect(bobs[def.state].filter((r: { id: number }) => ids.includes(r.id))).toEqual([]);
  });

  it('refuses bad paging values with 422', async () => {
    for (const params of [
      { limit: 0 },
      { limit: -5 },
      { limit: 201 },
      { limit: 1e12 },
      { cursor: 'not-a-cursor' },
      { from: '2025-02-30' },
      { from: '2025-03-02', to: '2025-03-01' },
      { offset: 10 },
    ]) {
      const response = await alice.post(`/api/${name}/all`, { board: alice.boardId, params });
      expect(response.statusCode, JSON.stringify(params)).toBe(422);
      expect(response.json()).toHaveProperty('errors');
    }
  });
});

describe('engine specifics', () => {
  it('answers 404 "Unable to find model: M" for an unknown model', async () => {
    for (const model of ['unicorn', '__proto__', 'constructor', 'toString']) {
      const response = await alice.post(`/api/${model}/all`, { board: alice.boardId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: `Unable to find model: ${model}` });
    }
  });

  it('mission is one object per board: create upserts', async () => {
    const board = await freshBoard(alice);
    expect((await alice.post('/api/mission/all', { board })).json()).toEqual({ success: true, mission: null });
    const first = (await alice.post('/api/mission/create', { board, params: { statement: 'Live well' } })).json()
      .mission;
    const second = (
      await alice.post('/api/mission/create', { board, params: { statement: 'Live well, kindly' } })
    ).json().mission;
    expect(second.id).toBe(first.id);
    expect((await alice.post('/api/mission/all', { board })).json().mission).toMatchObject({
      id: first.id,
      statement: 'Live well, kindly',
    });
  });

  it('a position is kept and reorders the list', async () => {
    const board = await freshBoard(alice);
    const a = (await alice.post('/api/habit/create', { board, params: { title: 'A' } })).json().habit;
    const b = (await alice.post('/api/habit/create', { board, params: { title: 'B' } })).json().habit;
    expect([a.position, b.position]).toEqual([0, 1]);
    await alice.post('/api/habit/update', { board, params: { id: a.id, position: 5 } });
    const list = (await alice.post('/api/habit/all', { board })).json().habits;
    expect(list.map((h: { title: string; position: number }) => [h.title, h.position])).toEqual([
      ['B', 1],
      ['A', 5],
    ]);
  });

  it('deleting a board deletes its records', async () => {
    const board = await freshBoard(alice);
    const note = (await alice.post('/api/note/create', { board, params: { title: 'gone soon' } })).json().note;
    expect((await alice.post('/api/board/delete', { id: board })).json()).toEqual({ success: true });
    expect((await alice.post('/api/note/get', { board, params: { id: note.id } })).statusCode).toBe(403);
  });
});
