import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { modelTables } from '../../db/model-tables';
import { AppError } from '../../errors';
import type { ModelHooks } from '../../models/model-hooks';
import { registerModelHooks } from '../../models/registry';

export const SECOND_REVIEW = 'This week already has a review. Open it to change it.';

/** One review per week and board: a second one for the same week is refused, so the screen's save never forks. */
export const weeklyReviewHooks: ModelHooks = {
  createErrors: [409],
  beforeCreate: async ({ app, userId, boardId }, data) => {
    const t = modelTables.weekly_review;
    const [existing] = await app.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.boardId, boardId), sql`${t.data}->>'week' = ${String(data.week)}`))
      .limit(1);
    if (existing) throw new AppError(409, errorCodes.conflict, SECOND_REVIEW);
    return data;
  },
  beforeUpdate: async ({ app, userId, boardId }, changes, _stored, id) => {
    if (changes.week === undefined) return changes;
    const t = modelTables.weekly_review;
    const [other] = await app.db
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          eq(t.boardId, boardId),
          sql`${t.data}->>'week' = ${String(changes.week)}`,
          sql`${t.id} <> ${id}`,
        ),
      )
      .limit(1);
    if (other) throw new AppError(409, errorCodes.conflict, SECOND_REVIEW);
    return changes;
  },
};

/** The weekly review's rule on the model engine (its screen reads habits and goals through their own routes). */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  registerModelHooks(app, 'weekly_review', weeklyReviewHooks);
}
