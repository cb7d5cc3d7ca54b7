import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const plus = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('goal progress is worked out, never typed', () => {
  it('comes from the milestones ticked off, again on every save', async () => {
    const user = await signUp(app);
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    const created = await call('/api/goal/create', {
      title: 'Run a half marathon',
      milestones: [
        { title: '5 km' },
        { title: '10 km', due_date: '2026-12-01' },
        { title: '21 km' },
        { title: 'Race' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const goal = created.json().goal;
    expect(goal.progress).toBe(0);
    const milestones = goal.milestones.map((m: object, i: number) =>
      i < 3 ? { ...m, done_at: '2026-11-20T10:00:00.000Z' } : m,
    );
    expect((await call('/api/goal/update', { id: goal.id, milestones })).json().goal.progress).toBe(75);
    // Reordered: the same share.
    expect(
      (await call('/api/goal/update', { id: goal.id, milestones: [...milestones].reverse() })).json().goal,
    ).toMatchObject({
      progress: 75,
      milestones: [
        { title: 'Race' },
        { title: '21 km' },
        { title: '10 km', due_date: '2026-12-01' },
        { title: '5 km' },
      ],
    });
    // A typed progress is refused and changes nothing.
    expect((await call('/api/goal/update', { id: goal.id, progress: 10 })).statusCode).toBe(422);
    expect((await call('/api/goal/create', { title: 'Typed', progress: 50 })).statusCode).toBe(422);
    expect((await call('/api/goal/get', { id: goal.id })).json().goal.progress).toBe(75);
  });

  it('comes from the latest logged number between the start and the target, counting down too', async () => {
    const user = await signUp(app);
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    const goal = (
      await call('/api/goal/create', {
        title: 'Weigh 75 kg',
        progress_from: 'target',
        start_value: 85,
        target_value: 75,
        unit: 'kg',
      })
    ).json().goal;
    expect(goal.progress).toBe(0);
    const logged = await call('/api/goal/update', {
      id: goal.id,
      log: [
        { date: '2026-11-01', value: 83 },
        { date: '2026-11-20', value: 80 },
        { date: '2026-11-10', value: 81 },
      ],
    });
    expect(logged.json().goal.progress).toBe(50);
    const detail = (await call('/api/goal/detail', { goal_id: goal.id })).json();
    expect(detail.progress).toEqual({ percent: 50, source: 'target', words: '80 kg now, from 85 kg toward 75 kg' });
    expect(
      (await call('/api/goal/update', { id: goal.id, log: [{ date: '2026-11-01', value: 'a lot' }] })).statusCode,
    ).toBe(422);
  });

  it("comes from the linked habits' strength, live; the goal's page lists its habits, projects, activities and journal entries", async () => {
    const user = await signUp(app);
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    const goal = (await call('/api/goal/create', { title: 'Get fit', progress_from: 'habits' })).json().goal;
    const run = (
      await call('/api/habit/create', { title: 'Run', goal_id: goal.id, frequency_num: 3, frequency_den: 7 })
    ).json().habit;
    const stretch = (await call('/api/habit/create', { title: 'Stretch', goal_id: goal.id })).json().habit;
    await call('/api/habit/create', { title: 'Unrelated' });
    for (let week = 0; week < 12; week += 1) {
      for (const day of [0, 2, 4])
        expect(
          (
            await call('/api/habit/checkin', {
              habit_id: run.id,
              date: plus('2026-01-05', week * 7 + day),
              value: 'yes',
            })
          ).statusCode,
        ).toBe(200);
    }
    const asOf = plus('2026-01-05', 81);
    const project = (
      await call('/api/project/create', { title: 'Sign up for the race', goal_id: goal.id, due_date: '2026-04-01' })
    ).json().project;
    await call('/api/project/create', { title: 'Other project' });
    const activity = (
      await call('/api/activity/create', { title: 'Long run', date: '2026-03-01', goal_id: goal.id })
    ).json().activity;
    const entry = (
      await call('/api/journal_entry/create', { title: 'Why I run', date: '2026-03-02', goal_id: goal.id })
    ).json().journal_entry;
    await call('/api/journal_entry/create', { title: 'Unlinked', date: '2026-03-02' });

    const detail = (await call('/api/goal/detail', { goal_id: goal.id, date: asOf })).json();
    expect(detail.goal).toMatchObject({ id: goal.id, title: 'Get fit' });
    expect(detail.habits.map((h: { habit: { title: string } }) => h.habit.title)).toEqual(['Run', 'Stretch']);
    const runScore = detail.habits[0].stats.score;
    expect(runScore).toBeCloseTo(0.9301, 4);
    expect(detail.habits[1].stats.score).toBe(0);
    expect(detail.progress.source).toBe('habits');
    expect(detail.progress.percent).toBeCloseTo((runScore * 100) / 2, 1);
    expect(detail.progress.words).toBe('2 habits at 47 % strength on average');
    expect(detail.projects).toEqual([
      { id: project.id, title: 'Sign up for the race', date: '2026-04-01', status: expect.any(String) },
    ]);
    expect(detail.activities).toEqual([{ id: activity.id, title: 'Long run', date: '2026-03-01' }]);
    expect(detail.journal_entries).toEqual([{ id: entry.id, title: 'Why I run', date: '2026-03-02' }]);

    // An archived habit no longer counts toward the goal.
    await call('/api/habit/update', { id: stretch.id, archived_at: '2026-03-03T00:00:00.000Z' });
    const all = (await call('/api/goal/progress', { date: asOf })).json();
    expect(all.progress).toEqual([
      {
        id: goal.id,
        source: 'habits',
        percent: Math.round(runScore * 1000) / 10,
        words: '1 habit at 93 % strength on average',
      },
    ]);
  });

  it("answers 404 for another user's goal, 403 for another's board, 422 for bad input", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const goal = (await user.post('/api/goal/create', { board: user.boardId, params: { title: 'Mine' } })).json().goal;
    expect(
      (await other.post('/api/goal/detail', { board: other.boardId, params: { goal_id: goal.id } })).statusCode,
    ).toBe(404);
    expect(
      (await other.post('/api/goal/detail', { board: user.boardId, params: { goal_id: goal.id } })).statusCode,
    ).toBe(403);
    expect((await other.post('/api/goal/progress', { board: user.boardId })).statusCode).toBe(403);
    expect((await other.post('/api/goal/progress', { board: other.boardId })).json().progress).toEqual([]);
    expect((await user.post('/api/goal/detail', { board: user.boardId, params: { goal_id: 'one' } })).statusCode).toBe(
      422,
    );
    expect(
      (await user.post('/api/goal/create', { board: user.boardId, params: { title: 'Bad', progress_from: 'vibes' } }))
        .statusCode,
    ).toBe(422);
  });
});
