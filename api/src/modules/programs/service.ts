import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { boards, subscriptions, users } from '../../db/schema';
import { notFound } from '../../errors';

/** The programs module's reads and writes; its routes validate, call these and shape the answers. */

const programs = () => modelTables.program;

/** Published programs, newest first (`limit`, 100 by default), or the published one with `guid`. */
export function publishedPrograms(db: Db, guid?: string, limit = 100) {
  const t = programs();
  return db
    .select()
    .from(t)
    .where(and(sql`${t.data}->>'status' = 'published'`, guid ? sql`${t.data}->>'guid' = ${guid}` : undefined))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
}

/** A program the user may subscribe to: a published one, or their own. */
export async function subscribableProgram(db: Db, userId: number, programId: number) {
  const t = programs();
  const [program] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, programId), or(eq(t.userId, userId), sql`${t.data}->>'status' = 'published'`)))
    .limit(1);
  return program;
}

/** Ends the user's active subscription to a program. */
export async function cancelSubscription(db: Db, userId: number, programId: number): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'cancelled' })
    .where(
      and(eq(subscriptions.userId, userId), eq(subscriptions.programId, programId), eq(subscriptions.status, 'active')),
    );
}

/** The ids of the user's own programs (1000 at most). */
export async function ownProgramIds(db: Db, userId: number): Promise<number[]> {
  const t = programs();
  return (await db.select({ id: t.id }).from(t).where(eq(t.userId, userId)).limit(1000)).map((row) => row.id);
}

/** The account's default board, else its first one (every account has at least one board). */
export async function defaultBoardOf(db: Db, userId: number): Promise<{ id: number; name: string }> {
  const [board] = await db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .leftJoin(users, and(eq(users.id, userId), eq(users.defaultBoardId, boards.id)))
    .where(eq(boards.userId, userId))
    .orderBy(sql`${users.id} is null`, asc(boards.position), asc(boards.id))
    .limit(1);
  if (!board) throw notFound('You have no board.');
  return board;
}
