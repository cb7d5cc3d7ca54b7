import type { ExerciseRecords, LoggedSet } from '@lifeboard/shared/models/training';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fastQueryOf } from '../../db/fast-query';
import { workout_sessionTable as sessions } from '../../db/schema';

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
  const [[maxWeight = null, bestE1rm = null, maxReps = null, bestVolume = null] = []] = await fastQueryOf(db).rows(
    'SELECT max(max_weight), max(best_e1rm), max(max_reps), max(volume) FROM workout_session_exercise WHERE user_id = $1 AND board_id = $2 AND exercise_id = $3',
    [userId, boardId, exerciseId],
  );
  const num = (text: string | null) => (text === null ? null : Number(text));
  return {
    max_weight: num(maxWeight),
    best_e1rm: num(bestE1rm),
    max_reps: num(maxReps),
    best_session_volume: num(bestVolume),
  };
}
