import { models, recordSchema } from '@lifeboard/shared/models';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { subscriptions } from '../../db/schema';
import { notFound } from '../../errors';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { MAX_DB_ID, dbId } from '../../ids';
import { installProgram } from './install';

/** Subscribing installs a program's template into a new board named after it (spec §4). */
export async function programRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const present = recordSchema(models.program);

  api.post('/api/program/published', {
    schema: {
      tags: ['program'], summary: "The catalogue: everyone's published programs, newest first (100 at most; `guid` picks one)",
      body: z.object({ guid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional() }).strict().optional(),
    },
    onRequest: app.authenticate,
  }, async (request) => {
    const programs = modelTables.program;
    const guid = request.body?.guid;
    const rows = await app.db.select().from(programs)
      .where(and(sql`${programs.data}->>'status' = 'published'`, guid ? sql`${programs.data}->>'guid' = ${guid}` : undefined))
      .orderBy(desc(programs.createdAt), desc(programs.id)).limit(100);
    return {
      success: true,
      programs: rows.map((row) => present.parse({
        ...row.data, id: row.id, board_id: row.boardId, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
      })),
    };
  });

  api.post('/api/program/subscribe', {
    schema: {
      tags: ['program'], summary: 'Subscribe (new board with the program installed) or unsubscribe; answers { success, board, boardName }',
      body: z.object({ program_id: dbId, isSubscribing: z.boolean(), current_board_id: z.number().int().min(0).max(MAX_DB_ID) }).strict(),
    },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const { program_id: programId, isSubscribing, current_board_id: currentBoardId } = request.body;
    const programs = modelTables.program;
    const [program] = await app.db.select().from(programs)
      .where(and(eq(programs.id, programId), or(eq(programs.userId, userId), sql`${programs.data}->>'status' = 'published'`))).limit(1);
    if (!program) throw notFound('No such program.');

    if (!isSubscribing) {
      await app.db.update(subscriptions).set({ status: 'cancelled' })
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.programId, programId), eq(subscriptions.status, 'active')));
      const board = await requireOwnBoard(app.db, userId, currentBoardId);
      return { success: true, board: board.id, boardName: board.name };
    }

    const board = await installProgram(app, userId, program);
    return { success: true, board: board.id, boardName: board.name };
  });
}
