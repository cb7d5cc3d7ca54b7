import type { ExerciseRecords, LoggedSet } from '@lifeboard/shared/models/training';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { fastQueryOf } from '../../db/fast-query';
import { workout_sessionTable as sessions } from '../../db/schema';
import { dbId } from '../../ids';
import { documented } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';

const kg = z.number().nullable();
export const recordsAnswer = documented(
  z
    .object({
      success: z.literal(true),
      records: z.object({
        max_weight: kg.describe('The heaviest weight lifted, kg.'),
        best_e1rm: kg.describe('The best estimated one-rep max, kg: weight × (1 + reps/30) above one rep (Epley).'),
        max_reps: z.number().int().nullable().describe('The most reps in one set.'),
        best_session_volume: kg.describe('The largest sum of weight × reps of the exercise in one session, kg.'),
      }),
    })
    .meta({
      description: 'The personal records of the exercise over your own sessions on the board (null: not done yet).',
    }),
);

export const historyAnswer = documented(
  z
    .object({
      success: z.literal(true),
      sessions: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          started_at: z.string(),
          sets: z.array(
            z.object({
              exercise_id: z.number().int(),
              reps: z.number(),
              weight: z.number().nullable().optional(),
              done: z.boolean().optional(),
              target_reps: z.number().nullable().optional(),
            }),
          ),
        }),
      ),
    })
    .meta({ description: "Your sessions with the exercise, newest first, each with only that exercise's sets." }),
);

interface SessionSets {
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

/** 5 years of 3 sessions a week is 780: every session a person logs fits. */
const MAX_SESSIONS = 5000;

export async function exerciseRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/exercise/records',
    {
      schema: {
        tags: ['exercise'],
        summary: 'Personal records of one exercise (your own sessions only)',
        body: z.object({ board: dbId, params: z.object({ exercise_id: dbId }).strict() }).strict(),
        response: { 200: recordsAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.board);
      return {
        success: true as const,
        records: await recordsOf(app.db, userId, request.body.board, request.body.params.exercise_id),
      };
    },
  );

  api.post(
    '/api/exercise/history',
    {
      schema: {
        tags: ['exercise'],
        summary: 'Your sessions with one exercise, newest first, with its sets',
        body: z
          .object({
            board: dbId,
            params: z
              .object({ exercise_id: dbId, limit: z.number().int().min(1).max(MAX_SESSIONS).optional() })
              .strict(),
          })
          .strict(),
        response: { 200: historyAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.board);
      const { exercise_id: exerciseId, limit = 200 } = request.body.params;
      return {
        success: true as const,
        sessions: await sessionsWith(app.db, userId, request.body.board, exerciseId, limit),
      };
    },
  );
}
