import type { Role } from '@lifeboard/shared/models/user';
import { and, asc, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { boards, programReviews, subscriptions, tokens, transactions, users } from '../../db/schema';
import { escapeLike } from './audit';
import { invalid, notFound } from '../../errors';

const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  created_at: users.createdAt,
  suspended_at: users.suspendedAt,
};

/** A page of accounts by id, after the id given; with `q`, only those whose name or e-mail holds it. */
export function usersAfter(db: Db, after: number, limit: number, q?: string) {
  const words = q?.trim();
  return db
    .select(accountColumns)
    .from(users)
    .where(
      and(
        gt(users.id, after),
        words
          ? or(ilike(users.name, `%${escapeLike(words)}%`), ilike(users.email, `%${escapeLike(words)}%`))
          : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * One account as the admin area shows it: who they are, their boards (names only), the programs they bought and
 * sell, and their devices. Nothing of what they wrote (journal entries, notes) is read.
 */
export async function userDetail(db: Db, userId: number) {
  const [user] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const programs = modelTables.program;
  const title = sql<string>`coalesce(${programs.data}->>'title', '')`;
  const [boardRows, bought, sold, devices] = await Promise.all([
    db
      .select({ id: boards.id, name: boards.name, created_at: boards.createdAt })
      .from(boards)
      .where(eq(boards.userId, userId))
      .orderBy(asc(boards.position), asc(boards.id)),
    db
      .select({
        subscription_id: subscriptions.id,
        program_id: subscriptions.programId,
        title,
        status: subscriptions.status,
        created_at: subscriptions.createdAt,
      })
      .from(subscriptions)
      .leftJoin(programs, eq(programs.id, subscriptions.programId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.id)),
    db
      .select({
        program_id: programs.id,
        title,
        status: sql<string>`coalesce(${programs.data}->>'status', 'draft')`,
        sales: sql<number>`(select count(*)::int from ${transactions} where ${transactions.programId} = ${programs.id} and ${transactions.state} = 'paid')`,
      })
      .from(programs)
      .where(eq(programs.userId, userId))
      .orderBy(desc(programs.id)),
    db
      .select({
        id: tokens.id,
        name: tokens.name,
        created_at: tokens.createdAt,
        last_used_at: tokens.lastUsedAt,
        revoked_at: tokens.revokedAt,
      })
      .from(tokens)
      .where(eq(tokens.userId, userId))
      .orderBy(desc(tokens.lastUsedAt))
      .limit(50),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...user,
    created_at: user.created_at.toISOString(),
    suspended_at: iso(user.suspended_at),
    boards: boardRows.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
    programs_bought: bought.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
    programs_sold: sold,
    devices: devices.map((d) => ({
      ...d,
      created_at: d.created_at.toISOString(),
      last_used_at: d.last_used_at.toISOString(),
      revoked_at: iso(d.revoked_at),
    })),
  };
}

/** Suspends or restores an account; the account as it now is, or undefined when there is none with that id. */
export async function setSuspended(db: Db, userId: number, suspended: boolean) {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, suspended_at: users.suspendedAt });
  return row;
}

/** The account's role, or undefined when there is none with that id. */
export async function roleOf(db: Db, userId: number): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
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
      .select({
        status: sql<string>`coalesce(${programs.data}->>'status', 'draft')`,
        title: sql<string>`coalesce(${programs.data}->>'title', '')`,
        userId: programs.userId,
      })
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
    return { status: to, createdAt: review.createdAt, title: current.title, creatorId: current.userId };
  });
}
