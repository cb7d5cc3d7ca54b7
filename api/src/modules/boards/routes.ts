import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { boards, users } from '../../db/schema';
import { invalid } from '../../errors';
import { authOf } from '../../types';
import { listBoards } from '../users/present';
import { findOwnBoard, requireOwnBoard } from './service';
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

export async function createBoard(db: Db, userId: number, name: string) {
  const [board] = await db
    .insert(boards)
    .values({
      userId,
      name,
      position: sql`(select coalesce(max(${boards.position}), -1) + 1 from ${boards} where ${boards.userId} = ${userId})`,
    })
    .returning({ id: boards.id, name: boards.name });
  return board;
}

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
      schema: { tags: ['boards'], body: z.object({ name: boardName }).strict(), response: { 200: oneBoard } },
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
        body: z.object({ id: boardId, name: boardName }).strict(),
        response: { 200: oneBoard, ...errorsOf(403) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.id);
      const [board] = await app.db
        .update(boards)
        .set({ name: request.body.name })
        .where(and(eq(boards.id, request.body.id), eq(boards.userId, userId)))
        .returning({ id: boards.id, name: boards.name });
      return { success: true as const, board };
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
      const others = await app.db
        .select({ id: boards.id })
        .from(boards)
        .where(and(eq(boards.userId, userId), ne(boards.id, request.body.id)))
        .orderBy(boards.position, boards.id)
        .limit(1);
      if (others.length === 0)
        throw invalid({ id: ['is your last board, which cannot be deleted'] }, 'The last board cannot be deleted.');
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ defaultBoardId: others[0].id })
          .where(and(eq(users.id, userId), eq(users.defaultBoardId, request.body.id)));
        await tx.delete(boards).where(and(eq(boards.id, request.body.id), eq(boards.userId, userId)));
      });
      return { success: true as const };
    },
  );
}
