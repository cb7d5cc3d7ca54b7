import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../test/helpers';
import { KEY_REUSED } from './idempotency';

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([signUp(app), signUp(app)]);
});
afterAll(() => app.close());

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

function post(user: TestUser, url: string, payload: unknown, key: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${user.token}`, 'x-requested-with': 'XMLHttpRequest', 'idempotency-key': key },
    payload: payload as object,
  });
}

async function moods(user: TestUser) {
  return (await user.post('/api/mood/all', { board: user.boardId, params: {} })).json().moods as { note: string }[];
}

describe('Idempotency-Key on writes (an offline change sent again)', () => {
  it('runs a write once: the repeat gets the first answer back, marked as replayed', async () => {
    const key = newKey();
    const write = { board: alice.boardId, params: { score: 4, note: 'Once only' } };
    const first = await post(alice, '/api/mood/create', write, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(alice, '/api/mood/create', write, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await moods(alice)).filter((m) => m.note === 'Once only')).toHaveLength(1);
  });

  it('keeps a refusal too: a repeat of a write the API refused gets the same answer, without running', async () => {
    const key = newKey();
    const write = { board: alice.boardId, params: { id: 2_000_000_000, score: 3 } };
    const first = await post(alice, '/api/mood/update', write, key);
    expect(first.statusCode).toBe(404);
    const again = await post(alice, '/api/mood/update', write, key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses the same key with another write, and changes nothing', async () => {
    const key = newKey();
    await post(alice, '/api/mood/create', { board: alice.boardId, params: { score: 3, note: 'First use' } }, key);
    const other = await post(
      alice,
      '/api/mood/create',
      { board: alice.boardId, params: { score: 2, note: 'Other' } },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ 'idempotency-key': [KEY_REUSED] });
    expect((await moods(alice)).some((m) => m.note === 'Other')).toBe(false);
  });

  it("keeps each person's keys apart: the same key from another user runs their own write", async () => {
    const key = newKey();
    await post(alice, '/api/mood/create', { board: alice.boardId, params: { score: 5, note: 'Alice' } }, key);
    const bobs = await post(bob, '/api/mood/create', { board: bob.boardId, params: { score: 5, note: 'Bob' } }, key);
    expect(bobs.statusCode).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(bobs.json().mood.note).toBe('Bob');
  });

  it('refuses a malformed key with a clear message', async () => {
    const answer = await post(alice, '/api/mood/create', { board: alice.boardId, params: { score: 3 } }, 'short');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors['idempotency-key'][0]).toMatch(/8–200 letters/);
  });

  it('repeats a habit check-in once (a route outside the model engine)', async () => {
    const habit = (
      await alice.post('/api/habit/create', {
        board: alice.boardId,
        params: { title: 'Walk', kind: 'yes_no', frequency_num: 1, frequency_den: 1 },
      })
    ).json().habit;
    const key = newKey();
    const write = { board: alice.boardId, params: { habit_id: habit.id, date: '2026-11-20', value: 'yes' } };
    const first = await post(alice, '/api/habit/checkin', write, key);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const again = await post(alice, '/api/habit/checkin', write, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
