import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { authorProfiles, users } from '../../db/schema';
import { notFound } from '../../errors';
import { MAX_DB_ID } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { feeSettingsOf } from '../creator-ledger/ledger';
import { chaptersOf } from '../authors/admin-programs';

const outline = documented(
  z
    .object({
      success: z.literal(true),
      author: z.object({
        id: z.number().int(),
        name: z.string(),
        verified: z.boolean().describe('An admin verified who the author is.'),
      }),
      chapters: z.array(
        z.object({
          title: z.string(),
          available_after_days: z.number().int().describe('Days after buying before it opens; 0: at once.'),
        }),
      ),
      refund_window_days: z.number().int().describe('Days after buying in which a buyer may ask for a refund.'),
    })
    .meta({
      description: "A published program's sales outline: its author, its chapters' titles (never their lessons).",
    }),
);

/** `GET /api/program/:id/outline`: what a sales page shows besides the program itself; read signed out. */
export async function programOutlineRoutes(app: FastifyInstance): Promise<void> {
  const fees = feeSettingsOf(app.env);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/program/:id/outline',
    {
      schema: {
        tags: ['program'],
        summary: "A published program's author, chapter titles with when each opens, and the refund window",
        security: [],
        params: z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) }),
        response: { 200: outline, ...errorsOf(404) },
      },
    },
    async (request) => {
      const programs = modelTables.program;
      const [program] = await app.db
        .select({
          id: programs.id,
          authorId: users.id,
          authorName: sql<string>`coalesce(${authorProfiles.name}, ${users.name})`,
          verifiedAt: authorProfiles.verifiedAt,
        })
        .from(programs)
        .innerJoin(users, eq(users.id, programs.userId))
        .leftJoin(authorProfiles, eq(authorProfiles.userId, users.id))
        .where(sql`${programs.id} = ${request.params.id} and ${programs.data}->>'status' = 'published'`);
      if (!program) throw notFound('No such program.');
      const chapters = await chaptersOf(app.db, program.id);
      return {
        success: true as const,
        author: { id: program.authorId, name: program.authorName, verified: program.verifiedAt !== null },
        chapters: chapters.map((c) => ({ title: c.title, available_after_days: c.available_after_days })),
        refund_window_days: fees.refundWindowDays,
      };
    },
  );
}
