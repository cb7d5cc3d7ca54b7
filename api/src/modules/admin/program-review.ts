import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { programReviews } from '../../db/schema';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';

/** Which status each decision takes a program from, and to. */
const transitions = {
  approve: { from: 'review', to: 'published' },
  reject: { from: 'review', to: 'draft' },
  unpublish: { from: 'published', to: 'draft' },
} as const;
export type ReviewDecision = keyof typeof transitions;

export const reviewSchema = z.object({
  decision: z.enum(['approve', 'reject', 'unpublish']),
  reason: z.string().nullable(),
  created_at: z.string().describe('An ISO instant.'),
});
const reviewed = documented(
  z
    .object({
      success: z.literal(true),
      program: z.object({ id: z.number().int(), status: z.enum(['draft', 'review', 'published']) }),
      review: reviewSchema,
    })
    .meta({ description: 'The decision is recorded and the program has its new status.' }),
);

export interface Review {
  decision: ReviewDecision;
  reason: string | null;
  created_at: string;
}

/** The latest decision on each of these programs (what their creator sees, with the reason of a rejection). */
export async function latestReviews(db: Db, programIds: readonly number[]): Promise<Map<number, Review>> {
  if (programIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([programReviews.programId])
    .from(programReviews)
    .where(inArray(programReviews.programId, [...programIds]))
    .orderBy(programReviews.programId, desc(programReviews.id));
  return new Map(
    rows.map((r) => [r.programId, { decision: r.decision, reason: r.reason, created_at: r.createdAt.toISOString() }]),
  );
}

/** `POST /api/admin/programs/review`: an admin approves (publishes) or rejects a program in review, or unpublishes one. */
export async function programReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const programs = modelTables.program;

  api.post(
    '/api/admin/programs/review',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Approve (publish) or reject a program in review, or unpublish a published one; a rejection needs a reason, which its creator sees',
        body: z
          .object({
            id: dbId,
            decision: z.enum(['approve', 'reject', 'unpublish']),
            reason: z.string().trim().max(2000).optional(),
          })
          .strict(),
        response: { 200: reviewed, ...errorsOf(404, 422) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { id, decision } = request.body;
      const reason = request.body.reason || null;
      if (decision === 'reject' && !reason) throw invalid({ reason: ['is needed: tell the creator what to change'] });
      const { from, to } = transitions[decision];
      return app.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: sql<string>`coalesce(${programs.data}->>'status', 'draft')` })
          .from(programs)
          .where(eq(programs.id, id))
          .for('update');
        if (!current) throw notFound('No such program.');
        if (current.status !== from)
          throw invalid({
            decision: [
              `needs a program that is ${from === 'review' ? 'in review' : 'published'}; this one is ${current.status === 'review' ? 'in review' : current.status}`,
            ],
          });
        await tx
          .update(programs)
          .set({ data: sql`jsonb_set(${programs.data}, '{status}', to_jsonb(${to}::text))`, updatedAt: new Date() })
          .where(and(eq(programs.id, id)));
        const [review] = await tx
          .insert(programReviews)
          .values({ programId: id, adminId: authOf(request).userId, decision, reason })
          .returning();
        return {
          success: true as const,
          program: { id, status: to },
          review: { decision, reason, created_at: review.createdAt.toISOString() },
        };
      });
    },
  );
}
