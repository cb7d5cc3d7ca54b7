import { models, recordSchema } from '@lifeboard/shared/models';
import { programCategories } from '@lifeboard/shared/models/program';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { MAX_DB_ID, dbId } from '../../ids';
import { installProgram, priceOf } from './install';
import { hasPaid } from '../payments/sales';
import { reviewSchema } from '../admin/program-review';
import { latestReviews } from '../admin/service';
import { documented, errorsOf } from '../../openapi';
import { cancelSubscription, defaultBoardOf, ownProgramIds, publishedPrograms, subscribableProgram } from './service';
import { programAiRoutes } from './ai-draft';
import { programOutlineRoutes } from './outline';
import { programCoverRoutes } from './cover';
import { lessonFileRoutes } from './lesson-files';

/** What the program calls answer, for /api/docs only: answers are sent as they are. */
export const catalogue = documented(
  z
    .object({
      success: z.literal(true),
      programs: z.array(recordSchema(models.program).extend({ author_name: z.string() })),
    })
    .meta({
      description: "Published programs, newest first, as the program model presents them, with their author's name.",
    }),
);
export const subscribed = documented(
  z
    .object({
      success: z.literal(true),
      board: z.number().int().describe("The program's board (subscribing), else the current or default board."),
      boardName: z.string(),
    })
    .meta({
      description: 'Subscribed (the board the program was installed into) or unsubscribed (the board to show).',
    }),
);

export const reviewList = documented(
  z
    .object({ success: z.literal(true), reviews: z.array(reviewSchema.extend({ program_id: z.number().int() })) })
    .meta({ description: 'One per reviewed program of the caller.' }),
);

/** Subscribing installs a program's template into a new board named after it (spec §4). */
export async function programRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const present = recordSchema(models.program);

  api.post(
    '/api/program/published',
    {
      schema: {
        tags: ['program'],
        summary: "The catalogue: everyone's published programs, newest first (100 at most; `guid` picks one)",
        body: z
          .object({
            guid: z
              .string()
              .regex(/^[A-Za-z0-9_-]{8,64}$/)
              .optional(),
            search: z
              .string()
              .max(200)
              .optional()
              .describe('Words found in the title, the description or the author’s name.'),
            category: z.enum(programCategories).optional(),
          })
          .strict()
          .optional(),
        response: { 200: catalogue },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const rows = await publishedPrograms(app.db, request.body ?? {});
      return {
        success: true as const,
        programs: rows.map((row) => ({
          ...present.parse({
            ...row.data,
            id: row.id,
            board_id: row.boardId,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
          }),
          author_name: row.authorName,
        })),
      };
    },
  );

  api.post(
    '/api/program/subscribe',
    {
      schema: {
        tags: ['program'],
        summary:
          'Subscribe (new board with the program installed; again while subscribed: the same board) or unsubscribe (current_board_id 0: answers the default board); answers { success, board, boardName }',
        body: z
          .object({
            program_id: dbId,
            isSubscribing: z.boolean(),
            current_board_id: z.number().int().min(0).max(MAX_DB_ID),
          })
          .strict(),
        response: { 200: subscribed, ...errorsOf(402, 403, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { program_id: programId, isSubscribing, current_board_id: currentBoardId } = request.body;
      const program = await subscribableProgram(app.db, userId, programId);
      if (!program) throw notFound('No such program.');

      if (!isSubscribing) {
        // 0 is "no current board" (the client has none selected): the answer is the account's default board.
        // The board is checked before anything is written: a refused request (403) cancels nothing.
        const board =
          currentBoardId === 0
            ? await defaultBoardOf(app.db, userId)
            : await requireOwnBoard(app.db, userId, currentBoardId);
        await cancelSubscription(app.db, userId, programId);
        return { success: true as const, board: board.id, boardName: board.name };
      }

      // A paid program is installed by its completed payment (`/api/checkout/create`); subscribing again after
      // unsubscribing is free for a buyer whose payment stands, and the author may always try their own.
      if (priceOf(program).cents > 0 && program.userId !== userId && !(await hasPaid(app.db, userId, program.id))) {
        throw new AppError(402, 'LB-PAYMENT-REQUIRED', 'This program is paid: buy it first.');
      }
      const board = await installProgram(app, userId, program);
      return { success: true as const, board: board.id, boardName: board.name };
    },
  );

  api.get(
    '/api/program/reviews',
    {
      schema: {
        tags: ['program'],
        summary: "The latest admin decision on each of the caller's programs (a rejection carries its reason)",
        response: { 200: reviewList },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const reviews = await latestReviews(app.db, await ownProgramIds(app.db, authOf(request).userId));
      return {
        success: true as const,
        reviews: [...reviews].map(([programId, review]) => ({ program_id: programId, ...review })),
      };
    },
  );
  await app.register(programAiRoutes);
  await app.register(programOutlineRoutes);
  await app.register(programCoverRoutes);
  await app.register(lessonFileRoutes);
}
