import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('habit check-ins', () => {
  it('records one check-in per day (again replaces it) and lists them by date range', async () => {
    const user = await signUp(app);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Read', kind: 'at_least', target: 10 } })).json().habit;
    const checkin = (date: string, value: unknown) => user.post('/api/habit/checkin', { board: user.boardId, params: { habit_id: habit.id, date, value } });
    expect((await checkin('2026-11-20', 12)).json()).toMatchObject({ success: true, entry: { habit_id: habit.id, date: '2026-11-20', value: 12 } });
    await checkin('2026-11-21', 'skip');
    await checkin('2026-11-22', 'yes');
    await checkin('2026-11-20', 15);
    const all = (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).json().entries;
    expect(all.map((entry: { date: string; value: unknown }) => [entry.date, entry.value])).toEqual([['2026-11-20', 15], ['2026-11-21', 'skip'], ['2026-11-22', 'yes']]);
    const ranged = (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id, from: '2026-11-21', to: '2026-11-21' } })).json().entries;
    expect(ranged).toHaveLength(1);
    // Deleting the habit deletes its check-ins.
    await user.post('/api/habit/delete', { board: user.boardId, params: { id: habit.id } });
    expect((await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).statusCode).toBe(404);
  });

  it("refuses bad input with 422 and another user's habit with 404 / board with 403", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Run' } })).json().habit;
    for (const params of [{ habit_id: habit.id, date: '2026-02-30', value: 'yes' }, { habit_id: habit.id, date: '2026-02-03', value: 'maybe' }, { habit_id: habit.id, date: '2026-02-03', value: -1 }, { habit_id: habit.id, date: '2026-02-03', value: 'yes', extra: 1 }]) {
      expect((await user.post('/api/habit/checkin', { board: user.boardId, params })).statusCode, JSON.stringify(params)).toBe(422);
    }
    expect((await other.post('/api/habit/checkin', { board: other.boardId, params: { habit_id: habit.id, date: '2026-02-03', value: 'yes' } })).statusCode).toBe(404);
    expect((await other.post('/api/habit/checkin', { board: user.boardId, params: { habit_id: habit.id, date: '2026-02-03', value: 'yes' } })).statusCode).toBe(403);
    expect((await other.post('/api/habit/entries', { board: other.boardId, params: { habit_id: habit.id } })).statusCode).toBe(404);
    expect((await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).json().entries).toEqual([]);
  });
});
