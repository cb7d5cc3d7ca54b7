import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../ids';
import { notFound } from '../../errors';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { exerciseOnBoard, recordsOf, sessionsWith } from './service';
import { registerModelHooks } from '../../models/registry';
import { exerciseHooks } from './catalogue';

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

/** 5 years of 3 sessions a week is 780: every session a person logs fits. */
const MAX_SESSIONS = 5000;

export async function exerciseRoutes(app: FastifyInstance): Promise<void> {
  registerModelHooks(app, 'exercise', exerciseHooks);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Another user's (or an unknown) exercise is 404, as every foreign id is: not an empty answer.
  const requireExercise = async (userId: number, boardId: number, exerciseId: number) => {
    if (!(await exerciseOnBoard(app.db, userId, boardId, exerciseId))) throw notFound('This exercise was not found.');
  };
  api.post(
    '/api/exercise/records',
    {
      schema: {
        tags: ['exercise'],
        summary: 'Personal records of one exercise (your own sessions only)',
        body: z.object({ board: dbId, params: z.object({ exercise_id: dbId }).strict() }).strict(),
        response: { 200: recordsAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.board);
      await requireExercise(userId, request.body.board, request.body.params.exercise_id);
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
        response: { 200: historyAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.board);
      const { exercise_id: exerciseId, limit = 200 } = request.body.params;
      await requireExercise(userId, request.body.board, exerciseId);
      return {
        success: true as const,
        sessions: await sessionsWith(app.db, userId, request.body.board, exerciseId, limit),
      };
    },
  );
}
