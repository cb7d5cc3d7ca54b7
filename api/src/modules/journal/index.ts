import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { dbId } from '../../ids';
import type { ModelHooks } from '../../models/model-hooks';
import { registerModelHooks } from '../../models/registry';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';

/** The most tags the filter offers: more than anyone picks from. */
export const TAG_LIMIT = 200;

/**
 * The journal's list parameters beside the engine's: a tag (tags are stored as they are, never encrypted, so the
 * server can filter by them) and a day of the year, for "On this day" (with `to` set before this year).
 */
export const journalEntryHooks: ModelHooks = {
  listParams: {
    tag: z.string().trim().min(1).max(60).optional().describe('Only entries with this tag.'),
    same_day: z
      .string()
      .regex(/^\d{2}-\d{2}$/, 'must be a day of the year like 11-29')
      // 2000 was a leap year, so 02-29 is a day and 11-31 is not.
      .refine((day) => {
        const [month, date] = day.split('-').map(Number);
        return new Date(Date.UTC(2000, month - 1, date)).getUTCDate() === date && month >= 1 && month <= 12;
      }, 'is not a day of the year')
      .optional()
      .describe('Only entries written for this day of the year (`MM-DD`), any year; with `to`, "On this day".'),
  },
};

const tagRows = z.array(z.object({ tag: z.string(), entries: z.coerce.number().int() }));

const tagsAnswer = documented(
  z
    .object({
      success: z.literal(true),
      tags: z.array(z.object({ tag: z.string(), entries: z.number().int() })),
    })
    .meta({ description: "The board's journal tags, the most used first, with how many entries carry each." }),
);

/** The journal's own routes: the tags to filter by. Its list parameters are hooks on the model engine. */
export async function journalRoutes(app: FastifyInstance): Promise<void> {
  registerModelHooks(app, 'journal_entry', journalEntryHooks);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/journal/tags',
    {
      schema: {
        tags: ['journal_entry'],
        summary: "The board's journal tags with their counts, the most used first",
        body: z.object({ board: dbId }).strict(),
        response: { 200: tagsAnswer, ...errorsOf(403, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const boardId = request.body.board;
      await requireOwnBoard(app.db, userId, boardId);
      const t = modelTables.journal_entry;
      // A record whose tags are not a list (never written by this app) counts as having none.
      const result: unknown = await app.db.execute(sql`
        select tag, count(*)::int as entries
        from ${t}, lateral jsonb_array_elements_text(
          case when jsonb_typeof(${t.data}->'tags') = 'array' then ${t.data}->'tags' else '[]'::jsonb end
        ) as tag
        where ${t.userId} = ${userId} and ${t.boardId} = ${boardId}
        group by tag order by entries desc, tag limit ${TAG_LIMIT}`);
      // Both drivers answer raw SQL with `{ rows }`; the rows are checked rather than trusted to be this shape.
      const rows = tagRows.parse(typeof result === 'object' && result !== null && 'rows' in result ? result.rows : []);
      return { success: true as const, tags: rows };
    },
  );
}
