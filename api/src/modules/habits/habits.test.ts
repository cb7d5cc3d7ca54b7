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
    const habit = (
      await user.post('/api/habit/create', {
        board: user.boardId,
        params: { title: 'Read', kind: 'at_least', target: 10 },
      })
    ).json().habit;
    const checkin = (date: string, value: unknown) =>
      user.post('/api/habit/checkin', { board: user.boardId, params: { habit_id: habit.id, date, value } });
    expect((await checkin('2026-11-20', 12)).json()).toMatchObject({
      success: true,
      entry: { habit_id: habit.id, date: '2026-11-20', value: 12 },
    });
    await checkin('2026-11-21', 'skip');
    await checkin('2026-11-22', 0);
    await checkin('2026-11-20', 15);
    const all = (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).json()
      .entries;
    expect(all.map((entry: { date: string; value: unknown }) => [entry.date, entry.value])).toEqual([
      ['2026-11-20', 15],
      ['2026-11-21', 'skip'],
      ['2026-11-22', 0],
    ]);
    const ranged = (
      await user.post('/api/habit/entries', {
        board: user.boardId,
        params: { habit_id: habit.id, from: '2026-11-21', to: '2026-11-21' },
      })
    ).json().entries;
    expect(ranged).toHaveLength(1);
    // Deleting the habit deletes its check-ins.
    await user.post('/api/habit/delete', { board: user.boardId, params: { id: habit.id } });
    expect(
      (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).statusCode,
    ).toBe(404);
  });

  it("refuses bad input with 422 and another user's habit with 404 / board with 403", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Run' } })).json()
      .habit;
    for (const params of [
      { habit_id: habit.id, date: '2026-02-30', value: 'yes' },
      { habit_id: habit.id, date: '2026-02-03', value: 'maybe' },
      { habit_id: habit.id, date: '2026-02-03', value: -1 },
      { habit_id: habit.id, date: '2026-02-03', value: 'yes', extra: 1 },
    ]) {
      expect(
        (await user.post('/api/habit/checkin', { board: user.boardId, params })).statusCode,
        JSON.stringify(params),
      ).toBe(422);
    }
    expect(
      (
        await other.post('/api/habit/checkin', {
          board: other.boardId,
          params: { habit_id: habit.id, date: '2026-02-03', value: 'yes' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await other.post('/api/habit/checkin', {
          board: user.boardId,
          params: { habit_id: habit.id, date: '2026-02-03', value: 'yes' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await other.post('/api/habit/entries', { board: other.boardId, params: { habit_id: habit.id } })).statusCode,
    ).toBe(404);
    expect(
      (await user.post('/api/habit/entries', { board: user.boardId, params: { habit_id: habit.id } })).json().entries,
    ).toEqual([]);
  });
});

describe('habit stats (POST /api/habit/stats, /api/habit/overview, /api/habit/history)', () => {
  const plus = (iso: string, n: number) =>
    new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  it("3 times a week, Mon/Wed/Fri for 12 weeks: Loop's 93 %, a 12-week streak, on both the stats and the list", async () => {
    const user = await signUp(app);
    const habit = (
      await user.post('/api/habit/create', {
        board: user.boardId,
        params: { title: 'Run', kind: 'yes_no', frequency_num: 3, frequency_den: 7 },
      })
    ).json().habit;
    for (let week = 0; week < 12; week += 1) {
      for (const day of [0, 2, 4]) {
        const response = await user.post('/api/habit/checkin', {
          board: user.boardId,
          params: { habit_id: habit.id, date: plus('2026-01-05', week * 7 + day), value: 'yes' },
        });
        expect(response.statusCode).toBe(200);
      }
    }
    const asOf = plus('2026-01-05', 81);
    const stats = (
      await user.post('/api/habit/stats', { board: user.boardId, params: { habit_id: habit.id, date: asOf } })
    ).json();
    expect(stats).toMatchObject({
      success: true,
      stats: {
        as_of: asOf,
        current_streak: 12,
        best_streak: 12,
        streak_unit: 'week',
        total_checkins: 36,
        due_today: true,
        period_done: 3,
        period_goal: 3,
      },
    });
    expect(stats.stats.score).toBeCloseTo(0.9301, 4);
    expect(stats.stats.last7.map((d: { state: string }) => d.state)).toEqual([
      'none',
      'none',
      'done',
      'none',
      'done',
      'none',
      'done',
    ]);
    const overview = (await user.post('/api/habit/overview', { board: user.boardId, params: { date: asOf } })).json();
    expect(overview.habits).toHaveLength(1);
    // /report/habit-summary's weeks: 3 of 3 each week, and the same strength as the habit's page at the end.
    const other = await signUp(app);
    const weeks = (
      await user.post('/api/habit/weeks', {
        board: user.boardId,
        params: { habit_ids: [habit.id], weeks: 13, date: asOf },
      })
    ).json();
    expect(weeks.habits).toHaveLength(1);
    expect(
      weeks.habits[0].weeks.map((w: { from: string; done: number; goal: number }) => [w.from, w.done, w.goal]),
    ).toEqual([
      [plus('2026-01-05', -7), 0, 3],
      ...Array.from({ length: 12 }, (_, i) => [plus('2026-01-05', 7 * i), 3, 3]),
    ]);
    expect(weeks.habits[0].weeks.at(-1).score).toBe(stats.stats.score);
    expect(weeks.habits[0].weeks[0].score).toBe(0);
    expect(
      (await other.post('/api/habit/weeks', { board: other.boardId, params: { habit_ids: [habit.id] } })).json().habits,
    ).toEqual([]);
    expect((await user.post('/api/habit/weeks', { board: user.boardId, params: { habit_ids: [] } })).statusCode).toBe(
      422,
    );
    expect(overview.habits[0].habit).toMatchObject({ id: habit.id, title: 'Run' });
    expect(overview.habits[0].stats).toEqual(stats.stats);
    expect(overview.next_offset).toBeNull();
    const history = (
      await user.post('/api/habit/history', { board: user.boardId, params: { habit_id: habit.id, date: asOf } })
    ).json().history;
    expect(history.scores).toHaveLength(82);
    expect(history.scores.at(-1)[1]).toBeCloseTo(0.9301, 4);
    expect(history.by_weekday).toEqual([0, 12, 0, 12, 0, 12, 0]);
    expect(history.entries).toHaveLength(36);
  });

  it('removes a check-in, refuses values of the wrong kind, and takes notes and back-dated amounts', async () => {
    const user = await signUp(app);
    const water = (
      await user.post('/api/habit/create', {
        board: user.boardId,
        params: { title: 'Water', kind: 'at_least', target: 8, unit: 'glasses' },
      })
    ).json().habit;
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    expect(
      (await call('/api/habit/checkin', { habit_id: water.id, date: '2026-05-01', value: 'yes' })).statusCode,
    ).toBe(422);
    expect(
      (await call('/api/habit/checkin', { habit_id: water.id, date: '2026-05-01', value: 9, note: 'hot day' }))
        .statusCode,
    ).toBe(200);
    expect((await call('/api/habit/checkin', { habit_id: water.id, date: '2026-05-02', value: 4 })).statusCode).toBe(
      200,
    );
    let stats = (await call('/api/habit/stats', { habit_id: water.id, date: '2026-05-03' })).json().stats;
    expect(stats.last7.slice(-3)).toEqual([
      { date: '2026-05-01', state: 'done', value: 9, note: 'hot day' },
      { date: '2026-05-02', state: 'missed', value: 4, note: '' },
      { date: '2026-05-03', state: 'none', value: null, note: '' },
    ]);
    // Completions 1 (9 of 8), ½ (4 of 8), then 0 on the unrecorded third day.
    const m = Math.pow(0.5, 1 / 13);
    expect(stats.score).toBeCloseTo(((1 - m) * m + 0.5 * (1 - m)) * m, 10);
    expect((await call('/api/habit/checkin/remove', { habit_id: water.id, date: '2026-05-02' })).json()).toEqual({
      success: true,
      removed: true,
    });
    expect((await call('/api/habit/checkin/remove', { habit_id: water.id, date: '2026-05-02' })).json()).toEqual({
      success: true,
      removed: false,
    });
    stats = (await call('/api/habit/stats', { habit_id: water.id, date: '2026-05-03' })).json().stats;
    expect(stats.last7.at(-2)).toMatchObject({ date: '2026-05-02', state: 'missed', value: null });

    const run = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Run' } })).json().habit;
    expect((await call('/api/habit/checkin', { habit_id: run.id, date: '2026-05-01', value: 3 })).statusCode).toBe(422);
    expect((await call('/api/habit/entries', { habit_id: run.id })).json().entries).toEqual([]);
  });

  it('pauses over a date range: paused days keep score and streak, show as paused, and resume ends the pause', async () => {
    const user = await signUp(app);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Stretch' } })).json()
      .habit;
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    for (let i = 0; i < 13; i += 1)
      await call('/api/habit/checkin', { habit_id: habit.id, date: plus('2026-06-01', i), value: 'yes' });
    expect(
      (await call('/api/habit/pause', { habit_id: habit.id, from: '2026-06-20', to: '2026-06-14' })).statusCode,
    ).toBe(422);
    expect(
      (await call('/api/habit/pause', { habit_id: habit.id, from: '2026-06-14', to: '2026-06-18' })).json(),
    ).toEqual({ success: true, paused_ranges: [{ from: '2026-06-14', to: '2026-06-18' }] });
    // Touching ranges merge into one; an open one lasts until resumed.
    expect(
      (await call('/api/habit/pause', { habit_id: habit.id, from: '2026-06-19', to: null })).json().paused_ranges,
    ).toEqual([{ from: '2026-06-14', to: null }]);
    let stats = (await call('/api/habit/stats', { habit_id: habit.id, date: '2026-06-25' })).json().stats;
    expect(stats.score).toBeCloseTo(0.5, 10);
    expect(stats).toMatchObject({ current_streak: 13, paused_today: true, due_today: false });
    expect(stats.last7.every((d: { state: string }) => d.state === 'paused')).toBe(true);
    expect(
      (await user.post('/api/habit/get', { board: user.boardId, params: { id: habit.id } })).json().habit.paused_ranges,
    ).toEqual([{ from: '2026-06-14', to: null }]);
    expect((await call('/api/habit/resume', { habit_id: habit.id, date: '2026-06-24' })).json().paused_ranges).toEqual([
      { from: '2026-06-14', to: '2026-06-23' },
    ]);
    stats = (await call('/api/habit/stats', { habit_id: habit.id, date: '2026-06-25' })).json().stats;
    expect(stats).toMatchObject({ current_streak: 0, best_streak: 13, paused_today: false, due_today: true });
    expect(stats.last7.map((d: { state: string }) => d.state)).toEqual([
      'paused',
      'paused',
      'paused',
      'paused',
      'paused',
      'missed',
      'none',
    ]);
  });

  it('shows the days before a habit started as nothing, not missed (made today, or first checked in earlier)', async () => {
    const user = await signUp(app);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Floss' } })).json()
      .habit;
    const today = String(habit.created_at).slice(0, 10);
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const call = (path: string, params: unknown) => user.post(path, { board: user.boardId, params });
    const states = async (path: '/api/habit/stats' | '/api/habit/overview') => {
      const answer = (
        await call(path, path === '/api/habit/stats' ? { habit_id: habit.id, date: today } : { date: today })
      ).json();
      const stats = path === '/api/habit/stats' ? answer.stats : answer.habits[0].stats;
      return stats.last7.map((d: { state: string }) => d.state);
    };
    expect(await states('/api/habit/stats')).toEqual(['none', 'none', 'none', 'none', 'none', 'none', 'none']);
    expect(await states('/api/habit/overview')).toEqual(['none', 'none', 'none', 'none', 'none', 'none', 'none']);
    // A check-in entered for three days ago: the habit ran from then, so the days after it without one are missed.
    await call('/api/habit/checkin', { habit_id: habit.id, date: day(-3), value: 'yes' });
    expect(await states('/api/habit/stats')).toEqual(['none', 'none', 'none', 'done', 'missed', 'missed', 'none']);
  });

  it('pages the overview in order, archived habits apart, as of the date asked', async () => {
    const user = await signUp(app);
    for (const title of ['A', 'B', 'C'])
      await user.post('/api/habit/create', { board: user.boardId, params: { title } });
    await user.post('/api/habit/create', {
      board: user.boardId,
      params: { title: 'Old', archived_at: '2026-01-01T00:00:00.000Z' },
    });
    const first = (
      await user.post('/api/habit/overview', { board: user.boardId, params: { limit: 2, date: '2026-03-01' } })
    ).json();
    expect(first.habits.map((h: { habit: { title: string } }) => h.habit.title)).toEqual(['A', 'B']);
    expect(first.next_offset).toBe(2);
    const second = (
      await user.post('/api/habit/overview', { board: user.boardId, params: { limit: 2, offset: 2 } })
    ).json();
    expect(second.habits.map((h: { habit: { title: string } }) => h.habit.title)).toEqual(['C']);
    expect(second.next_offset).toBeNull();
    const archived = (
      await user.post('/api/habit/overview', { board: user.boardId, params: { archived: true } })
    ).json();
    expect(archived.habits.map((h: { habit: { title: string } }) => h.habit.title)).toEqual(['Old']);
    expect(first.habits[0].stats).toMatchObject({
      as_of: '2026-03-01',
      score: 0,
      current_streak: 0,
      total_checkins: 0,
      due_today: true,
    });
  });

  it("answers 404 for another user's habit, 403 for another's board and 422 for bad input on every habit call", async () => {
    const [user, other] = await Promise.all([signUp(app), signUp(app)]);
    const habit = (await user.post('/api/habit/create', { board: user.boardId, params: { title: 'Mine' } })).json()
      .habit;
    const calls: [string, Record<string, unknown>][] = [
      ['/api/habit/stats', { habit_id: habit.id }],
      ['/api/habit/history', { habit_id: habit.id }],
      ['/api/habit/checkin/remove', { habit_id: habit.id, date: '2026-01-01' }],
      ['/api/habit/pause', { habit_id: habit.id, from: '2026-01-01' }],
      ['/api/habit/resume', { habit_id: habit.id }],
    ];
    for (const [path, params] of calls) {
      expect((await other.post(path, { board: other.boardId, params })).statusCode, path).toBe(404);
      expect((await other.post(path, { board: user.boardId, params })).statusCode, path).toBe(403);
      expect((await user.post(path, { board: user.boardId, params: { ...params, extra: 1 } })).statusCode, path).toBe(
        422,
      );
    }
    expect((await other.post('/api/habit/overview', { board: user.boardId })).statusCode).toBe(403);
    expect((await user.post('/api/habit/overview', { board: user.boardId, params: { limit: 0 } })).statusCode).toBe(
      422,
    );
    expect(
      (await user.post('/api/habit/stats', { board: user.boardId, params: { habit_id: habit.id, date: '2026-13-01' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await user.post('/api/habit/get', { board: user.boardId, params: { id: habit.id } })).json().habit
        .paused_ranges ?? [],
    ).toEqual([]);
  });
});
