import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../errors';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { reviewProgram } from './service';
import { recordAudit } from './audit';
import { sendReviewMail } from '../payments/market-mail';

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

/** `POST /api/admin/programs/review`: an admin approves (publishes) or rejects a program in review, or unpublishes one. */
export async function programReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
      const { status, createdAt, title, creatorId } = await reviewProgram(
        app.db,
        authOf(request).userId,
        id,
        decision,
        reason,
      );
      await sendReviewMail(app, creatorId, id, title, decision, reason, request.log);
      await recordAudit(app.db, {
        actorId: authOf(request).userId,
        action: 'program.review',
        targetType: 'program',
        targetId: id,
        detail: { title, decision, reason },
      });
      return {
        success: true as const,
        program: { id, status },
        review: { decision, reason, created_at: createdAt.toISOString() },
      };
    },
  );
}
