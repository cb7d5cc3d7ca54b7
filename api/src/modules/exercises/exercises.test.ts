import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { BUILTIN_ID_BASE, buildLibrary, readLibraryFile } from './library';
import { mergeExercises } from './catalogue';

let app: FastifyInstance;
let user: TestUser;
let muscles: { id: number; name: string }[];
beforeAll(async () => {
  app = await createTestApp();
  user = await signUp(app);
  muscles = (await user.post('/api/muscle/all')).json().muscles;
});
afterAll(() => app.close());

const muscleId = (name: string) => muscles.find((m) => m.name === name)!.id;
const list = async (as: TestUser, params: Record<string, unknown>) => {
  const response = await as.post('/api/exercise/all', { board: as.boardId, params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ exercises: Record<string, unknown>[]; next_cursor?: string }>();
};

describe('the built-in exercise library', () => {
  it("answers a search with built-ins and their primary muscles, after the caller's own matches", async () => {
    const mine = (
      await user.post('/api/exercise/create', {
        board: user.boardId,
        params: { name: 'Floor bench press', muscle_ids: [muscleId('Chest')] },
      })
    ).json().exercise;
    expect(mine.id).toBeLessThan(BUILTIN_ID_BASE);
    const { exercises } = await list(user, { search: 'bench press' });
    expect(exercises[0]).toMatchObject({
      id: mine.id,
      name: 'Floor bench press',
      is_builtin: false,
      primary_muscles: ['Chest'],
    });
    const builtin = exercises.find((e) => e.name === 'Barbell Bench Press - Medium Grip');
    expect(builtin).toMatchObject({
      is_builtin: true,
      primary_muscles: ['Chest'],
      muscle_ids: [muscleId('Chest')],
      equipment: 'barbell',
      level: 'beginner',
      board_id: user.boardId,
      secondary_muscles: ['Shoulders', 'Triceps'],
    });
    expect(builtin!.id).toBe(BUILTIN_ID_BASE + 43); // its place in api/data/exercises/exercises.json: ids never move
    expect(exercises.every((e) => /bench/i.test(String(e.name)) || (e.primary_muscles as string[]).length > 0)).toBe(
      true,
    );
  });

  it("is the same for every user, and never shows another user's exercises", async () => {
    const other = await signUp(app);
    const { exercises } = await list(other, { search: 'bench press' });
    expect(exercises.some((e) => e.name === 'Floor bench press')).toBe(false);
    expect(exercises.some((e) => e.name === 'Barbell Bench Press - Medium Grip')).toBe(true);
    expect(
      (await other.post('/api/exercise/all', { board: user.boardId, params: { search: 'bench' } })).statusCode,
    ).toBe(403);
  });

  it('filters by muscle, equipment and level, and pages through all 873', async () => {
    const hamstrings = await list(user, {
      muscle: muscleId('Hamstrings'),
      equipment: 'kettlebells',
      level: 'expert',
      source: 'library',
      limit: 200,
    });
    expect(hamstrings.exercises.length).toBeGreaterThan(0);
    for (const e of hamstrings.exercises) {
      expect([...(e.muscle_ids as number[]), ...(e.secondary_muscle_ids as number[])]).toContain(
        muscleId('Hamstrings'),
      );
      expect(e).toMatchObject({ equipment: 'kettlebells', level: 'expert' });
    }
    let cursor: string | undefined;
    let seen = 0;
    do {
      const page = await list(user, { source: 'library', limit: 200, ...(cursor ? { cursor } : {}) });
      seen += page.exercises.length;
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toBe(873);
    expect((await user.post('/api/exercise/all', { board: user.boardId, params: { level: 'guru' } })).statusCode).toBe(
      422,
    );
  });

  it('gets a built-in with its instructions, and refuses to change one', async () => {
    const got = await user.post('/api/exercise/get', { board: user.boardId, params: { id: BUILTIN_ID_BASE + 43 } });
    expect(got.json().exercise).toMatchObject({
      name: 'Barbell Bench Press - Medium Grip',
      is_builtin: true,
      instructions: expect.stringContaining('bench'),
    });
    expect(
      (
        await user.post('/api/exercise/update', {
          board: user.boardId,
          params: { id: BUILTIN_ID_BASE + 43, name: 'Mine now' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await user.post('/api/exercise/delete', { board: user.boardId, params: { id: BUILTIN_ID_BASE + 43 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await user.post('/api/exercise/create', { board: user.boardId, params: { name: 'Fake', is_builtin: true } }))
        .statusCode,
    ).toBe(422);
  });

  it('searches 873 built-ins and 200 custom exercises in memory', () => {
    const library = buildLibrary(readLibraryFile(), muscles);
    const custom = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      name: `My press variation ${i}`,
      muscle_ids: [muscleId('Chest')],
      equipment: 'dumbbell',
    }));
    const names = new Map(muscles.map((m) => [m.id, m.name]));
    const { records, nextCursor } = mergeExercises(library, custom, names, { search: 'press', limit: 50 });
    expect(records).toHaveLength(50);
    expect(records[0].name).toBe('My press variation 0');
    expect(nextCursor).toBe('50');
    const chest = mergeExercises(library, custom, names, { muscle: muscleId('Chest'), source: 'library', limit: 200 });
    expect(chest.records.every((r) => r.is_builtin)).toBe(true);
  });
});

describe('sessions and records', () => {
  const bench = BUILTIN_ID_BASE + 43;
  const session = (as: TestUser, day: string, sets: unknown[]) =>
    as.post('/api/workout_session/create', {
      board: as.boardId,
      params: { title: 'Push day', started_at: `${day}T08:00:00.000Z`, sets },
    });

  it('stores a decimal weight exactly', async () => {
    const created = await session(user, '2026-11-20', [{ exercise_id: bench, reps: 8, weight: 62.5 }]);
    expect(created.statusCode, created.body).toBe(201);
    const got = await user.post('/api/workout_session/get', {
      board: user.boardId,
      params: { id: created.json().workout_session.id },
    });
    expect(got.json().workout_session.sets[0].weight).toBe(62.5);
  });

  it("answers the records of the caller's own sessions, worked by hand", async () => {
    const lifter = await signUp(app);
    await session(lifter, '2026-11-01', [
      { exercise_id: bench, reps: 8, weight: 60 },
      { exercise_id: bench, reps: 8, weight: 60 },
    ]);
    await session(lifter, '2026-11-04', [
      { exercise_id: bench, reps: 5, weight: 62.5 },
      { exercise_id: bench, reps: 12, weight: 40 },
      { exercise_id: bench, reps: 2, weight: 100, done: false },
    ]);
    await session(lifter, '2026-11-06', [
      { exercise_id: bench, reps: 1, weight: 70 },
      { exercise_id: bench + 1, reps: 30, weight: 200 },
    ]);
    // Someone else's heavier sets never count.
    const stranger = await signUp(app);
    await session(stranger, '2026-11-05', [{ exercise_id: bench, reps: 20, weight: 150 }]);
    const response = await lifter.post('/api/exercise/records', {
      board: lifter.boardId,
      params: { exercise_id: bench },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      records: { max_weight: 70, best_e1rm: 76, max_reps: 12, best_session_volume: 960 },
    });
    const history = (
      await lifter.post('/api/exercise/history', { board: lifter.boardId, params: { exercise_id: bench } })
    ).json();
    expect(history.sessions.map((s: { started_at: string }) => s.started_at.slice(0, 10))).toEqual([
      '2026-11-06',
      '2026-11-04',
      '2026-11-01',
    ]);
    expect(history.sessions[0].sets).toEqual([{ exercise_id: bench, reps: 1, weight: 70 }]);
    expect(
      (await stranger.post('/api/exercise/records', { board: lifter.boardId, params: { exercise_id: bench } }))
        .statusCode,
    ).toBe(403);
    const none = await lifter.post('/api/exercise/records', {
      board: lifter.boardId,
      params: { exercise_id: bench + 5 },
    });
    expect(none.json().records).toEqual({
      max_weight: null,
      best_e1rm: null,
      max_reps: null,
      best_session_volume: null,
    });
  });

  it("answers 404 for another user's exercise, an unknown one or one of another board, on records and history", async () => {
    const lifter = await signUp(app);
    const stranger = await signUp(app);
    const made = async (as: TestUser, board = as.boardId) => {
      const response = await as.post('/api/exercise/create', { board, params: { name: 'Own press' } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().exercise.id as number;
    };
    const theirs = await made(stranger);
    // The stranger logs it, so a wrong answer would have something to show.
    expect((await session(stranger, '2026-11-05', [{ exercise_id: theirs, reps: 5, weight: 80 }])).statusCode).toBe(
      201,
    );
    const elsewhere = (await lifter.post('/api/board/create', { name: 'Other gym' })).json().board.id as number;
    const onOtherBoard = await made(lifter, elsewhere);
    for (const exerciseId of [theirs, onOtherBoard, 1_999_999_999]) {
      for (const path of ['/api/exercise/records', '/api/exercise/history']) {
        const response = await lifter.post(path, { board: lifter.boardId, params: { exercise_id: exerciseId } });
        expect(response.statusCode, `${path} ${exerciseId}`).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: 'LB-NOT-FOUND' });
      }
    }
    const mine = await made(lifter);
    for (const exerciseId of [mine, bench]) {
      for (const path of ['/api/exercise/records', '/api/exercise/history']) {
        const response = await lifter.post(path, { board: lifter.boardId, params: { exercise_id: exerciseId } });
        expect(response.statusCode, `${path} ${exerciseId}`).toBe(200);
      }
    }
  });
});
