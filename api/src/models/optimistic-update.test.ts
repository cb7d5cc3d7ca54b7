import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../test/helpers';
import { CONFLICT_MESSAGE } from './engine';

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([signUp(app), signUp(app)]);
});
afterAll(() => app.close());

async function newNote(title = 'Draft') {
  return (
    await alice.post('/api/note/create', { board: alice.boardId, params: { title, body: '<p>first</p>' } })
  ).json().note;
}

const getNote = async (id: number) =>
  (await alice.post('/api/note/get', { board: alice.boardId, params: { id } })).json().note;

describe('POST /api/{M}/update with expected_updated_at', () => {
  it('writes when the stored record still has the updated_at the client read, and moves updated_at forward', async () => {
    const note = await newNote();
    const response = await alice.post('/api/note/update', {
      board: alice.boardId,
      params: { id: note.id, title: 'Second', expected_updated_at: note.updated_at },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().note;
    expect(updated).toMatchObject({ id: note.id, title: 'Second', body: '<p>first</p>', created_at: note.created_at });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(note.updated_at));
    expect(updated).not.toHaveProperty('expected_updated_at');
    expect(await getNote(note.id)).toEqual(updated);
  });

  it('answers 409 with the stored record, and changes nothing, when another tab wrote first', async () => {
    const note = await newNote();
    const first = await alice.post('/api/note/update', {
      board: alice.boardId,
      params: { id: note.id, title: 'From tab A', expected_updated_at: note.updated_at },
    });
    expect(first.statusCode).toBe(200);
    const stale = await alice.post('/api/note/update', {
      board: alice.boardId,
      params: { id: note.id, title: 'From tab B', expected_updated_at: note.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, error: CONFLICT_MESSAGE, current: first.json().note });
    expect(CONFLICT_MESSAGE).toBe('This item was changed elsewhere. Reload it to see the newest version.');
    expect(await getNote(note.id)).toEqual(first.json().note);
  });

  it('accepts the same instant written with another offset', async () => {
    const note = await newNote();
    const shifted = new Date(note.updated_at).toISOString().replace('Z', '+00:00');
    const response = await alice.post('/api/note/update', {
      board: alice.boardId,
      params: { id: note.id, title: 'Offset', expected_updated_at: shifted },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets exactly one of two writers with the same expected_updated_at win', async () => {
    const note = await newNote();
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((tab) =>
        alice.post('/api/note/update', {
          board: alice.boardId,
          params: { id: note.id, title: `Tab ${tab}`, expected_updated_at: note.updated_at },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().note;
    expect(await getNote(note.id)).toEqual(winner);
  });

  it('gives every write a later updated_at, even several within one millisecond', async () => {
    const note = await newNote();
    let last = note.updated_at as string;
    for (let i = 0; i < 5; i += 1) {
      const updated = (
        await alice.post('/api/note/update', {
          board: alice.boardId,
          params: { id: note.id, title: `v${i}`, expected_updated_at: last },
        })
      ).json().note;
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(last));
      last = updated.updated_at;
    }
  });

  it('keeps the last-writer-wins behaviour without the field, also for concurrent writers', async () => {
    const note = await newNote();
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        alice.post('/api/note/update', {
          board: alice.boardId,
          params: { id: note.id, pinned: n === 2, title: `w${n}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const stored = await getNote(note.id);
    expect(['w1', 'w2', 'w3']).toContain(stored.title);
    expect(stored.body).toBe('<p>first</p>');
  });

  it('refuses a malformed expected_updated_at with 422 and writes nothing', async () => {
    const note = await newNote();
    for (const bad of ['yesterday', '2026-13-01T00:00:00Z', 12, null]) {
      const response = await alice.post('/api/note/update', {
        board: alice.boardId,
        params: { id: note.id, title: 'Bad', expected_updated_at: bad },
      });
      expect(response.statusCode, String(bad)).toBe(422);
      expect(response.json().errors).toHaveProperty('expected_updated_at');
    }
    expect((await getNote(note.id)).title).toBe('Draft');
  });

  it("answers 403 on another user's board and 404 for another user's record, before any conflict", async () => {
    const note = await newNote();
    const stale = '2000-01-01T00:00:00.000Z';
    expect(
      (
        await bob.post('/api/note/update', {
          board: alice.boardId,
          params: { id: note.id, title: 'x', expected_updated_at: stale },
        })
      ).statusCode,
    ).toBe(403);
    const foreign = await bob.post('/api/note/update', {
      board: bob.boardId,
      params: { id: note.id, title: 'x', expected_updated_at: stale },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).not.toHaveProperty('current');
    expect(await getNote(note.id)).toEqual(note);
  });

  it('works for every kind of model the engine serves (ordered, single)', async () => {
    const habit = (await alice.post('/api/habit/create', { board: alice.boardId, params: { title: 'Read' } })).json()
      .habit;
    const stale = await alice.post('/api/habit/update', {
      board: alice.boardId,
      params: { id: habit.id, title: 'Run', expected_updated_at: '2001-01-01T00:00:00Z' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(habit);
    const mission = (await alice.post('/api/mission/create', { board: alice.boardId, params: {} })).json().mission;
    expect(
      (
        await alice.post('/api/mission/update', {
          board: alice.boardId,
          params: { id: mission.id, expected_updated_at: mission.updated_at },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('is documented in the OpenAPI schema of every update', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const body = doc.paths['/api/note/update'].post.requestBody.content['application/json'].schema;
    const field = body.properties.params.properties.expected_updated_at;
    expect(field.description).toMatch(/409/);
    expect(field.format).toBe('date-time');
  });
});
