import type { Role } from '@lifeboard/shared/models/user';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { programReviews, users } from '../../db/schema';
import { invalid, notFound } from '../../errors';

/** A page of accounts by id, after the id given. */
export function usersAfter(db: Db, after: number, limit: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, created_at: users.createdAt })
    .from(users)
    .where(gt(users.id, after))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Gives an account a role; the account as it now is, or undefined when there is none with that id. */
export async function setRole(db: Db, userId: number, role: Role) {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, role: users.role });
  return row;
}

/** Which status each decision takes a program from, and to. */
const transitions = {
  approve: { from: 'review', to: 'published' },
  reject: { from: 'review', to: 'draft' },
  unpublish: { from: 'published', to: 'draft' },
} as const;
export type ReviewDecision = keyof typeof transitions;

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

/**
 * Records an admin's decision on a program and moves it to the decision's status, if it is in the status the
 * decision starts from (checked under a row lock). The new status and when the decision was made.
 */
export async function reviewProgram(
  db: Db,
  adminId: number,
  programId: number,
  decision: ReviewDecision,
  reason: string | null,
) {
  const programs = modelTables.program;
  const { from, to } = transitions[decision];
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: sql<string>`coalesce(${programs.data}->>'status', 'draft')` })
      .from(programs)
      .where(eq(programs.id, programId))
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
      .where(and(eq(programs.id, programId)));
    const [review] = await tx.insert(programReviews).values({ programId, adminId, decision, reason }).returning();
    return { status: to, createdAt: review.createdAt };
  });
}
