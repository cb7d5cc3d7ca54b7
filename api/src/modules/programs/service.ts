import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { boards, subscriptions, users } from '../../db/schema';
import { notFound } from '../../errors';

/** The programs module's reads and writes; its routes validate, call these and shape the answers. */

const programs = () => modelTables.program;

/** What the catalogue is narrowed to: words in the title, description or author's name, and a category. */
export interface CatalogueFilter {
  guid?: string;
  search?: string;
  category?: string;
}

/** `%`, `_` and `\` typed by a person are meant literally, not as LIKE wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published programs, newest first (`limit`, 100 by default), with their author's name, narrowed by `filter`. */
export async function publishedPrograms(db: Db, filter: CatalogueFilter = {}, limit = 100) {
  const t = programs();
  const words = filter.search?.trim().split(/\s+/).filter(Boolean).slice(0, 8) ?? [];
  const rows = await db
    .select({ program: t, authorName: users.name })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(
      and(
        sql`${t.data}->>'status' = 'published'`,
        filter.guid ? sql`${t.data}->>'guid' = ${filter.guid}` : undefined,
        filter.category ? sql`${t.data}->>'category' = ${filter.category}` : undefined,
        // Every word somewhere: "morning run" finds a program titled "Run" by "Ann Morning".
        ...words.map(
          (word) =>
            sql`(${t.data}->>'title' ilike ${likePattern(word)} or ${t.data}->>'description' ilike ${likePattern(word)} or ${users.name} ilike ${likePattern(word)})`,
        ),
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
  return rows.map(({ program, authorName }) => ({ ...program, authorName }));
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
