import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { boardHabits, importLoopHabits, userToday } from './service';
import { buildLoopArchive, LoopArchiveError, readLoopArchive, type ExportHabit } from './loop-csv';
import { entriesByHabit, ruleOf } from './entries';
import { habitHistory } from './strength';

/** A Loop archive of years of check-ins is a few MB; base64 adds a third. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

const zipAnswer = {
  description:
    "A zip in Loop Habit Tracker's CSV layout: Habits.csv, Checkmarks.csv and Scores.csv, and per habit `NNN Name/Checkmarks.csv` and `Scores.csv`.",
  content: { 'application/zip': { schema: documented(z.unknown().meta({ type: 'string', format: 'binary' })) } },
};
export const importAnswer = documented(
  z.object({
    success: z.literal(true),
    imported: z.object({
      habits_created: z.number().int(),
      habits_matched: z
        .number()
        .int()
        .describe('Habits already on the board under the same name: their check-ins are added to them.'),
      checkins_added: z.number().int(),
      checkins_already_there: z.number().int().describe('Days that already had a check-in: kept as they were.'),
    }),
  }),
);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Habits in and out as Loop Habit Tracker's CSV archive, so people can move between the two. */
export async function habitLoopRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/habit/export',
    {
      schema: {
        tags: ['habit'],
        summary: "One habit, or every habit of the board, as Loop Habit Tracker's CSV archive (zip)",
        body: z.object({ board: dbId, params: z.object({ habit_id: dbId.optional() }).strict().optional() }).strict(),
        response: { 200: zipAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { board: boardId, params = {} } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const rows = await boardHabits(app, userId, boardId);
      const selected =
        params.habit_id === undefined ? rows.map((_, i) => i) : [rows.findIndex((row) => row.id === params.habit_id)];
      if (selected[0] === -1) throw notFound('No such habit.');
      const today = await userToday(app, userId);
      const entries = await entriesByHabit(
        app,
        userId,
        selected.map((i) => rows[i].id),
        today,
      );
      const habits: ExportHabit[] = rows.map((row) => {
        const rule = ruleOf(row.data);
        const own = entries.get(row.id) ?? [];
        return {
          title: text(row.data.title),
          description: text(row.data.description),
          kind: rule.kind,
          num: rule.num,
          den: rule.den,
          color: text(row.data.color) || null,
          unit: text(row.data.unit),
          target: rule.target,
          archived: Boolean(row.data.archived_at),
          entries: own,
          scores: entries.has(row.id) && own.length ? habitHistory(rule, own, today).scores : [],
        };
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="Loop Habits CSV ${today}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(buildLoopArchive(habits, selected, today)));
    },
  );

  api.post(
    '/api/habit/import',
    {
      schema: {
        tags: ['habit'],
        summary:
          "Import Loop Habit Tracker's CSV archive: a habit of the same name gets the check-ins its days lack; importing again adds nothing",
        body: z
          .object({
            board: dbId,
            params: z
              .object({ archive: z.base64().max(IMPORT_BODY_LIMIT).describe('The zip, base64-encoded.') })
              .strict(),
          })
          .strict(),
        response: { 200: importAnswer, ...errorsOf(404) },
      },
      bodyLimit: IMPORT_BODY_LIMIT + 4096,
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      let imported;
      try {
        imported = readLoopArchive(Buffer.from(params.archive, 'base64'));
      } catch (error) {
        if (error instanceof LoopArchiveError) throw invalid({ archive: [error.message] }, error.message);
        throw error;
      }
      const counts = await importLoopHabits(app, userId, boardId, imported);
      return { success: true as const, imported: counts };
    },
  );
}
