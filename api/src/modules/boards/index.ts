import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../types';
import { listBoards } from '../users/present';
import { createBoard, deleteBoard, findOwnBoard, renameBoard, requireOwnBoard } from './service';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { succeeded } from '../users/responses';

const boardId = dbId;
const boardView = z.object({ id: z.number().int(), name: z.string() });
/** What the board calls answer (api-contract.md "Boards"), for /api/docs only. */
const boardList = documented(
  z.object({ boards: z.array(boardView) }).meta({ description: "The caller's boards, in their order." }),
);
const oneBoard = documented(
  z.object({ success: z.literal(true), board: boardView }).meta({ description: 'The board.' }),
);
const verified = documented(
  z
    .union([
      z.object({ success: z.literal(true), board: boardView }),
      z.object({ success: z.literal(false), error: z.string() }),
    ])
    .meta({
      description:
        "The board when it is the caller's; `success: false` (still 200) for another user's or an unknown one.",
    }),
);

const boardName = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');

export async function boardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.authenticate };

  api.get(
    '/api/board/all',
    { schema: { tags: ['boards'], summary: "The caller's boards", response: { 200: boardList } }, ...guard },
    async (request) => ({
      boards: await listBoards(app.db, authOf(request).userId),
    }),
  );

  api.post(
    '/api/board/create',
    {
      schema: {
        tags: ['boards'],
        summary: 'Makes a board',
        body: z.object({ name: boardName }).strict(),
        response: { 200: oneBoard },
      },
      ...guard,
    },
    async (request) => ({
      success: true as const,
      board: await createBoard(app.db, authOf(request).userId, request.body.name),
    }),
  );

  api.post(
    '/api/board/verify',
    {
      schema: {
        tags: ['boards'],
        summary: 'success: false for an unknown or foreign board',
        body: z.object({ id: boardId }).strict(),
        response: { 200: verified },
      },
      ...guard,
    },
    async (request) => {
      const board = await findOwnBoard(app.db, authOf(request).userId, request.body.id);
      return board ? { success: true as const, board } : { success: false as const, error: 'No such board.' };
    },
  );

  api.post(
    '/api/board/update',
    {
      schema: {
        tags: ['boards'],
        summary: 'Renames a board',
        body: z.object({ id: boardId, name: boardName }).strict(),
        response: { 200: oneBoard, ...errorsOf(403) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.id);
      return { success: true as const, board: await renameBoard(app.db, userId, request.body.id, request.body.name) };
    },
  );

  api.post(
    '/api/board/delete',
    {
      schema: {
        tags: ['boards'],
        summary: 'Deletes the board and every record in it; the last board stays (422)',
        body: z.object({ id: boardId, name: z.string().optional() }).strict(),
        response: { 200: succeeded, ...errorsOf(403) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.id);
      await deleteBoard(app.db, userId, request.body.id);
      return { success: true as const };
    },
  );
}
