import { exerciseRecords, type LoggedSet } from '@lifeboard/shared/models/training';
import { eq, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { openDatabase, type Database } from '../../db/client';
import { workout_sessionTable, workoutSessionExercises } from '../../db/schema';
import { BUILTIN_ID_BASE } from './library';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const BENCH = BUILTIN_ID_BASE + 43;
const SQUAT = BUILTIN_ID_BASE + 44;
const none = { max_weight: null, best_e1rm: null, max_reps: null, best_session_volume: null };

const create = async (as: TestUser, day: string, sets: LoggedSet[], board = as.boardId) => {
  const response = await as.post('/api/workout_session/create', {
    board,
    params: { title: 'Push day', started_at: `${day}T08:00:00.000Z`, sets },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().workout_session.id as number;
};
const update = async (as: TestUser, id: number, params: Record<string, unknown>) => {
  const response = await as.post('/api/workout_session/update', { board: as.boardId, params: { id, ...params } });
  expect(response.statusCode, response.body).toBe(200);
};
const remove = async (as: TestUser, id: number) => {
  const response = await as.post('/api/workout_session/delete', { board: as.boardId, params: { id } });
  expect(response.statusCode, response.body).toBe(200);
};
const records = async (as: TestUser, exerciseId = BENCH, board = as.boardId) => {
  const response = await as.post('/api/exercise/records', { board, params: { exercise_id: exerciseId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().records;
};

describe('exercise records follow every change of the sessions', () => {
  it('after creating, editing and deleting sessions and their sets (worked by hand)', async () => {
    const lifter = await signUp(app);
    // 60 × 8 twice: e1rm 60 × 38/30 = 76, volume 960.
    const first = await create(lifter, '2026-11-01', [
      { exercise_id: BENCH, reps: 8, weight: 60 },
      { exercise_id: BENCH, reps: 8, weight: 60 },
    ]);
    expect(await records(lifter)).toEqual({ max_weight: 60, best_e1rm: 76, max_reps: 8, best_session_volume: 960 });

    // 62.5 × 5 (e1rm 62.5 × 35/30 = 72.92), 40 × 12 (e1rm 56), and 100 × 2 not done yet: volume 312.5 + 480 = 792.5.
    const second = await create(lifter, '2026-11-04', [
      { exercise_id: BENCH, reps: 5, weight: 62.5 },
      { exercise_id: BENCH, reps: 12, weight: 40 },
      { exercise_id: BENCH, reps: 2, weight: 100, done: false },
    ]);
    expect(await records(lifter)).toEqual({ max_weight: 62.5, best_e1rm: 76, max_reps: 12, best_session_volume: 960 });

    // The 100 × 2 is ticked done: 100 kg, e1rm 100 × 32/30 = 106.67, volume 792.5 + 200 = 992.5.
    await update(lifter, second, {
      sets: [
        { exercise_id: BENCH, reps: 5, weight: 62.5 },
        { exercise_id: BENCH, reps: 12, weight: 40 },
        { exercise_id: BENCH, reps: 2, weight: 100, done: true },
      ],
    });
    expect(await records(lifter)).toEqual({
      max_weight: 100,
      best_e1rm: 106.67,
      max_reps: 12,
      best_session_volume: 992.5,
    });

    // The 40 × 12 set is removed: most reps falls back to the first session's 8; volumes 960 and 512.5.
    await update(lifter, second, {
      sets: [
        { exercise_id: BENCH, reps: 5, weight: 62.5 },
        { exercise_id: BENCH, reps: 2, weight: 100 },
      ],
    });
    expect(await records(lifter)).toEqual({
      max_weight: 100,
      best_e1rm: 106.67,
      max_reps: 8,
      best_session_volume: 960,
    });

    // A new title changes nothing.
    await update(lifter, first, { title: 'Chest day' });
    expect(await records(lifter)).toEqual({
      max_weight: 100,
      best_e1rm: 106.67,
      max_reps: 8,
      best_session_volume: 960,
    });

    // The first session is deleted: only 62.5 × 5 and 100 × 2 are left.
    await remove(lifter, first);
    expect(await records(lifter)).toEqual({
      max_weight: 100,
      best_e1rm: 106.67,
      max_reps: 5,
      best_session_volume: 512.5,
    });

    // The 100 × 2 was a squat after all: it leaves the bench's records for the squat's.
    await update(lifter, second, {
      sets: [
        { exercise_id: BENCH, reps: 5, weight: 62.5 },
        { exercise_id: SQUAT, reps: 2, weight: 100 },
      ],
    });
    expect(await records(lifter)).toEqual({
      max_weight: 62.5,
      best_e1rm: 72.92,
      max_reps: 5,
      best_session_volume: 312.5,
    });
    expect(await records(lifter, SQUAT)).toEqual({
      max_weight: 100,
      best_e1rm: 106.67,
      max_reps: 2,
      best_session_volume: 200,
    });

    // Every set is taken out, then the session deleted.
    await update(lifter, second, { sets: [] });
    expect(await records(lifter)).toEqual(none);
    expect(await records(lifter, SQUAT)).toEqual(none);
    await remove(lifter, second);
    expect(await records(lifter)).toEqual(none);
  });

  it('counts a set without weight for reps only, a single rep at its weight, and no set that was not done or had no reps', async () => {
    const lifter = await signUp(app);
    // Bodyweight: 15 reps, no weight; 0 kg × 10. Nothing heavy, but the most reps and a volume of 0.
    await create(lifter, '2026-11-02', [
      { exercise_id: BENCH, reps: 15, weight: null },
      { exercise_id: BENCH, reps: 10, weight: 0 },
    ]);
    expect(await records(lifter)).toEqual({ max_weight: null, best_e1rm: null, max_reps: 15, best_session_volume: 0 });
    // 70.125 × 1: e1rm is the weight itself, to the cent (70.13); a 0-rep set and a planned 200 × 20 count for nothing.
    await create(lifter, '2026-11-03', [
      { exercise_id: BENCH, reps: 1, weight: 70.125 },
      { exercise_id: BENCH, reps: 0, weight: 150 },
      { exercise_id: BENCH, reps: 20, weight: 200, done: false, target_reps: 20 },
    ]);
    expect(await records(lifter)).toEqual({
      max_weight: 70.125,
      best_e1rm: 70.13,
      max_reps: 15,
      best_session_volume: 70.13,
    });
  });

  it('agree with the screens to the cent where a float product lands on a half cent', async () => {
    const lifter = await signUp(app);
    // 40.175 × 12: e1rm 40.175 × 42/30 = 56.245 → 56.25; 40.025 × 3 = 120.075 → 120.08 (floats said 56.24, 120.07).
    const sets: LoggedSet[] = [
      { exercise_id: BENCH, reps: 12, weight: 40.175 },
      { exercise_id: SQUAT, reps: 3, weight: 40.025 },
    ];
    await create(lifter, '2026-11-04', sets);
    expect(await records(lifter)).toEqual({
      max_weight: 40.175,
      best_e1rm: 56.25,
      max_reps: 12,
      best_session_volume: 482.1,
    });
    expect(await records(lifter, SQUAT)).toEqual({
      max_weight: 40.025,
      best_e1rm: 44.03, // 40.025 × 33/30 = 44.0275
      max_reps: 3,
      best_session_volume: 120.08,
    });
    expect(await records(lifter, SQUAT)).toEqual(exerciseRecords([sets], SQUAT));
    expect(await records(lifter)).toEqual(exerciseRecords([sets], BENCH));
  });

  it("reads only the caller's own sessions on the board asked about", async () => {
    const lifter = await signUp(app);
    await create(lifter, '2026-11-01', [{ exercise_id: BENCH, reps: 8, weight: 60 }]);
    const other = (await lifter.post('/api/board/create', { name: 'Gym abroad' })).json().board.id as number;
    await create(lifter, '2026-11-02', [{ exercise_id: BENCH, reps: 3, weight: 90 }], other);
    const stranger = await signUp(app);
    await create(stranger, '2026-11-03', [{ exercise_id: BENCH, reps: 20, weight: 150 }]);

    expect(await records(lifter)).toEqual({ max_weight: 60, best_e1rm: 76, max_reps: 8, best_session_volume: 480 });
    // 90 × 3: e1rm 90 × 33/30 = 99.
    expect(await records(lifter, BENCH, other)).toEqual({
      max_weight: 90,
      best_e1rm: 99,
      max_reps: 3,
      best_session_volume: 270,
    });
    expect(await records(stranger)).toEqual({
      max_weight: 150,
      best_e1rm: 250,
      max_reps: 20,
      best_session_volume: 3000,
    });
    expect(
      (await stranger.post('/api/exercise/records', { board: lifter.boardId, params: { exercise_id: BENCH } }))
        .statusCode,
    ).toBe(403);
    // Another user cannot write into the lifter's board, so nothing of theirs can count there.
    expect(
      (
        await stranger.post('/api/workout_session/create', {
          board: lifter.boardId,
          params: { started_at: '2026-11-05T08:00:00.000Z', sets: [{ exercise_id: BENCH, reps: 1, weight: 300 }] },
        })
      ).statusCode,
    ).toBe(403);
    expect(await records(lifter)).toEqual({ max_weight: 60, best_e1rm: 76, max_reps: 8, best_session_volume: 480 });

    // A deleted board takes its sessions' summaries with it.
    const onBoard = () =>
      app.db.select().from(workoutSessionExercises).where(eq(workoutSessionExercises.boardId, other));
    expect(await onBoard()).toHaveLength(1);
    expect((await lifter.post('/api/board/delete', { id: other })).statusCode).toBe(200);
    expect(await onBoard()).toEqual([]);
  });

  it('are always what the shared arithmetic makes of the same sessions, through any creates, edits and deletes', async () => {
    const set = fc
      .record({
        exercise_id: fc.constantFrom(BENCH, SQUAT),
        reps: fc.integer({ min: 0, max: 25 }),
        // To a ten-thousandth of a kilo, as pounds converted to kilos are stored: half cents that floating point
        // would round the other way from the database's exact decimals come up often.
        weight: fc.option(
          fc.integer({ min: 0, max: 2_000_000 }).map((units) => units / 10_000),
          { nil: null },
        ),
        done: fc.option(fc.boolean(), { nil: undefined }),
      })
      .map((s): LoggedSet =>
        s.done === undefined ? { exercise_id: s.exercise_id, reps: s.reps, weight: s.weight } : s,
      );
    const sets = fc.array(set, { maxLength: 8 });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), sets }),
      fc.record({ kind: fc.constant('update' as const), at: fc.nat(), sets }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const lifter = await signUp(app);
        const kept = new Map<number, LoggedSet[]>();
        for (const s of steps) {
          const ids = [...kept.keys()];
          if (s.kind === 'create') kept.set(await create(lifter, '2026-11-10', s.sets), s.sets);
          else if (ids.length === 0) continue;
          else if (s.kind === 'update') {
            const id = ids[s.at % ids.length];
            await update(lifter, id, { sets: s.sets });
            kept.set(id, s.sets);
          } else {
            const id = ids[s.at % ids.length];
            await remove(lifter, id);
            kept.delete(id);
          }
        }
        for (const exercise of [BENCH, SQUAT])
          expect(await records(lifter, exercise)).toEqual(exerciseRecords([...kept.values()], exercise));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

/**
 * An empty database of its own: in-memory PGlite, or on the PostgreSQL of `DATABASE_URL` a new database (the
 * suite's shared one is migrated already), dropped by `drop`.
 */
async function emptyDatabase(): Promise<{
  database: Database;
  migrateTo(folder: string): Promise<void>;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    return {
      database,
      migrateTo: (folder) =>
        migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder: folder }),
      drop: () => database.close(),
    };
  }
  const name = `lifeboard_0021_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: own.toString(), pgliteDir: 'memory://' });
  return {
    database,
    migrateTo: (folder) =>
      migrateNodePg(database.db as Parameters<typeof migrateNodePg>[0], { migrationsFolder: folder }),
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

describe('migration 0021 fills workout_session_exercise for the sessions already there', () => {
  it('gives the sessions logged before it the same rows the trigger gives new ones', async () => {
    const drizzleFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
    const before = mkdtempSync(path.join(tmpdir(), 'lifeboard-0021-'));
    const empty = await emptyDatabase();
    const fresh = empty.database;
    try {
      // The migrations as they were before 0021.
      cpSync(drizzleFolder, before, { recursive: true });
      const journalFile = path.join(before, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((entry) => entry.tag < '0021');
      writeFileSync(journalFile, JSON.stringify(journal));
      await empty.migrateTo(before);

      // In SQL: today's schema has columns (users.suspended_at…) that the database before 0021 does not.
      const one = async (query: ReturnType<typeof sql>) => {
        const result: unknown = await fresh.db.execute(query);
        return (result as { rows: { id: number }[] }).rows[0];
      };
      const user = await one(
        sql`insert into users (email, name, password_hash) values ('before@example.com', 'Before', 'x') returning id`,
      );
      const board = await one(
        sql`insert into boards (user_id, name) values (${user.id}, 'Default Board') returning id`,
      );
      const at = new Date('2026-11-01T08:00:00.000Z');
      const session = (sets: LoggedSet[]) => ({
        userId: user.id,
        boardId: board.id,
        createdAt: at,
        updatedAt: at,
        sortAt: at,
        data: { title: 'Old', started_at: at.toISOString(), ended_at: null, sets },
      });
      const old = await fresh.db
        .insert(workout_sessionTable)
        .values([
          session([
            { exercise_id: BENCH, reps: 8, weight: 60 },
            { exercise_id: BENCH, reps: 12, weight: 40 },
            { exercise_id: SQUAT, reps: 5, weight: 100, done: false },
          ]),
          session([
            { exercise_id: BENCH, reps: 1, weight: 70.125 },
            { exercise_id: SQUAT, reps: 10, weight: null },
          ]),
          session([]),
        ])
        .returning({ id: workout_sessionTable.id });

      await fresh.migrate();
      const rows = await fresh.db
        .select()
        .from(workoutSessionExercises)
        .orderBy(workoutSessionExercises.sessionId, workoutSessionExercises.exerciseId);
      // Worked by hand: 60 × 8 → e1rm 76; 40 × 12 → 56; volume 480 + 480. The planned squat does not count.
      expect(
        rows.map((r) => ({
          ...r,
          maxWeight: r.maxWeight === null ? null : Number(r.maxWeight),
          bestE1rm: r.bestE1rm === null ? null : Number(r.bestE1rm),
          volume: Number(r.volume),
        })),
      ).toEqual([
        {
          sessionId: old[0].id,
          exerciseId: BENCH,
          userId: user.id,
          boardId: board.id,
          maxWeight: 60,
          bestE1rm: 76,
          maxReps: 12,
          volume: 960,
        },
        {
          sessionId: old[1].id,
          exerciseId: BENCH,
          userId: user.id,
          boardId: board.id,
          maxWeight: 70.125,
          bestE1rm: 70.13,
          maxReps: 1,
          volume: 70.13,
        },
        {
          sessionId: old[1].id,
          exerciseId: SQUAT,
          userId: user.id,
          boardId: board.id,
          maxWeight: null,
          bestE1rm: null,
          maxReps: 10,
          volume: 0,
        },
      ]);
      // And the trigger is there for what comes after.
      await fresh.db
        .update(workout_sessionTable)
        .set({
          data: sql`jsonb_set(data, '{sets}', '[{"exercise_id": ${sql.raw(String(SQUAT))}, "reps": 3, "weight": 120}]')`,
        })
        .where(eq(workout_sessionTable.id, old[2].id));
      expect(
        await fresh.db
          .select({ maxWeight: workoutSessionExercises.maxWeight })
          .from(workoutSessionExercises)
          .where(eq(workoutSessionExercises.sessionId, old[2].id)),
      ).toEqual([{ maxWeight: '120' }]);
    } finally {
      await empty.drop();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
