import type { ExerciseRecords, LoggedSet } from '@lifeboard/shared/models/training';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { workout_sessionTable as sessions } from '../../db/schema';
import { exerciseTable } from '../../db/model-tables';
import { workoutSessionExercises } from '../../db/training-schema';
import { libraryOf } from './library';

/** Whether the board shows the exercise: a built-in, or one of the caller's own on that board. */
export async function exerciseOnBoard(db: Db, userId: number, boardId: number, exerciseId: number): Promise<boolean> {
  if ((await libraryOf(db)).byId(exerciseId)) return true;
  const [row] = await db
    .select({ id: exerciseTable.id })
    .from(exerciseTable)
    .where(and(eq(exerciseTable.id, exerciseId), eq(exerciseTable.userId, userId), eq(exerciseTable.boardId, boardId)))
    .limit(1);
  return row !== undefined;
}

export interface SessionSets {
  id: number;
  title: string;
  started_at: string;
  sets: LoggedSet[];
}

/**
 * The caller's sessions on the board that have a set of the exercise, newest first (the jsonb containment filter),
 * each with only that exercise's sets: the database picks them out, so a session's other exercises are never sent
 * or parsed (a 5-year history reads a fifth of the JSON).
 */
export async function sessionsWith(
  db: Db,
  userId: number,
  boardId: number,
  exerciseId: number,
  limit: number,
): Promise<SessionSets[]> {
  const rows = await db
    .select({
      id: sessions.id,
      title: sql<string | null>`${sessions.data}->>'title'`,
      startedAt: sql<string | null>`${sessions.data}->>'started_at'`,
      sets: sql<
        LoggedSet[] | null
      >`jsonb_path_query_array(${sessions.data}->'sets', '$[*] ? (@.exercise_id == $id)', jsonb_build_object('id', ${exerciseId}::int))`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.boardId, boardId),
        sql`${sessions.data}->'sets' @> ${JSON.stringify([{ exercise_id: exerciseId }])}::jsonb`,
      ),
    )
    .orderBy(desc(sessions.sortAt), desc(sessions.id))
    .limit(limit);
  return rows.map(({ id, title, startedAt, sets }) => ({
    id,
    title: title ?? '',
    started_at: startedAt ?? '',
    sets: Array.isArray(sets) ? sets : [],
  }));
}

/**
 * The records of one exercise over the caller's sessions on the board: the best of each session's summary
 * (workout_session_exercise, kept by a trigger as `exerciseRecords` of shared/models/training.ts counts them),
 * one aggregate over the owner index instead of reading every session's sets.
 */
export async function recordsOf(db: Db, userId: number, boardId: number, exerciseId: number): Promise<ExerciseRecords> {
  const best = preparedOnce(db, 'workout_session_exercise:records', () => {
    const summary = workoutSessionExercises;
    return db
      .select({
        maxWeight: max(summary.maxWeight),
        bestE1rm: max(summary.bestE1rm),
        maxReps: max(summary.maxReps),
        bestVolume: max(summary.volume),
      })
      .from(summary)
      .where(
        and(
          eq(summary.userId, sql.placeholder('user')),
          eq(summary.boardId, sql.placeholder('board')),
          eq(summary.exerciseId, sql.placeholder('exercise')),
        ),
      );
  });
  const [row] = await best.execute({ user: userId, board: boardId, exercise: exerciseId });
  const num = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    max_weight: num(row?.maxWeight),
    best_e1rm: num(row?.bestE1rm),
    max_reps: num(row?.maxReps),
    best_session_volume: num(row?.bestVolume),
  };
}
