import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publishProgram, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('/api/home', () => {
  it("answers every widget's data in one request, newest first, each list cut to what the widget shows", async () => {
    const user = await signUp(app);
    const create = async (model: string, params: object) => {
      const answer = await user.post(`/api/${model}/create`, { board: user.boardId, params });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json()[model] as { id: number };
    };
    await create('journal_entry', { title: 'Older', date: '2026-11-10', body: '<p>Before</p>' });
    const latest = await create('journal_entry', {
      title: 'Monday',
      date: '2026-11-16',
      body: `<p>Ran <b>far</b> ${'and further '.repeat(40)}</p>`,
    });
    for (let day = 10; day <= 16; day += 1)
      await create('mood', { score: (day % 5) + 1, at: `2026-11-${day}T10:00:00.000Z` });
    const stretch = await create('habit', { title: 'Stretch', kind: 'yes_no', frequency_num: 1, frequency_den: 1 });
    await create('habit', { title: 'Old habit', kind: 'yes_no', archived_at: '2026-11-01T00:00:00.000Z' });
    await create('goal', { title: 'Done goal', status: 'done' });
    const goal = await create('goal', {
      title: 'Half marathon',
      milestones: [{ title: '5 km', done_at: '2026-11-20T10:00:00.000Z' }, { title: '10 km' }],
    });
    await create('workout_session', {
      title: 'Push day',
      started_at: '2026-11-16T08:00:00.000Z',
      ended_at: null,
      sets: [],
    });
    for (let day = 1; day <= 9; day += 1) await create('sleep_score', { date: `2026-11-0${day}`, score: 70 + day });
    const creator = await signUp(app, { as_creator: true });
    for (const title of ['One', 'Two', 'Three', 'Four'])
      await publishProgram(app, creator, { title, price_cents: 2900, currency: 'USD' });

    const answer = await user.post('/api/home', { board: user.boardId, params: { date: '2026-11-16' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const home = answer.json();
    expect(home.journal_entry).toMatchObject({ id: latest.id, title: 'Monday', date: '2026-11-16' });
    expect(home.journal_entry.excerpt).toMatch(/^Ran far and further/);
    expect(home.journal_entry.excerpt.length).toBeLessThanOrEqual(220);
    expect(home.moods.map((m: { at: string }) => m.at.slice(0, 10))).toEqual([
      '2026-11-16',
      '2026-11-15',
      '2026-11-14',
      '2026-11-13',
      '2026-11-12',
    ]);
    expect(home.habits.map((row: { habit: { id: number } }) => row.habit.id)).toEqual([stretch.id]);
    expect(home.habits[0].stats).toMatchObject({ as_of: '2026-11-16', due_today: true });
    expect(home.habits_next_offset).toBeNull();
    expect(home.goals).toEqual([{ id: goal.id, title: 'Half marathon', percent: 50 }]);
    expect(home.workout_session).toMatchObject({ title: 'Push day', ended_at: null, sets: 0 });
    expect(home.sleep.map((night: { date: string }) => night.date)).toEqual([
      '2026-11-09',
      '2026-11-08',
      '2026-11-07',
      '2026-11-06',
      '2026-11-05',
      '2026-11-04',
      '2026-11-03',
    ]);
    expect(home.programs.map((p: { title: string }) => p.title)).toEqual(['Four', 'Three', 'Two']);
    expect(home.programs[0]).toMatchObject({ price_cents: 2900, currency: 'USD' });
  });

  it("answers an empty board with empty lists, and refuses another user's board", async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const empty = (await user.post('/api/home', { board: user.boardId })).json();
    expect(empty).toMatchObject({
      success: true,
      journal_entry: null,
      moods: [],
      habits: [],
      goals: [],
      workout_session: null,
      sleep: [],
    });
    expect((await user.post('/api/home', { board: other.boardId })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/home', payload: { board: user.boardId } })).statusCode).toBe(
      401,
    );
  });
});
