import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boards, users } from '../../db/schema';
import { forbidden, invalid } from '../../errors';

/** The boards module's reads and writes; its routes validate, check ownership, call these and shape the answers. */

export async function findOwnBoard(db: Db, userId: number, boardId: number) {
  const [board] = await db
    .select({ id: boards.id, name: boards.name })
    .from(boards)
    .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
    .limit(1);
  return board;
}

/** Another user's (or no) board is 403: the caller is signed in but may not use it. */
export async function requireOwnBoard(db: Db, userId: number, boardId: number): Promise<{ id: number; name: string }> {
  const board = await findOwnBoard(db, userId, boardId);
  if (!board) throw forbidden('This board is not yours.');
  return board;
}

/** A new board, placed after the user's others. */
export async function createBoard(db: Db, userId: number, name: string) {
  const [board] = await db
    .insert(boards)
    .values({
      userId,
      name,
      position: sql`(select coalesce(max(${boards.position}), -1) + 1 from ${boards} where ${boards.userId} = ${userId})`,
    })
    .returning({ id: boards.id, name: boards.name });
  return board;
}

/** Renames one of the user's boards. */
export async function renameBoard(db: Db, userId: number, boardId: number, name: string) {
  const [board] = await db
    .update(boards)
    .set({ name })
    .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
    .returning({ id: boards.id, name: boards.name });
  return board;
}

/**
 * Deletes one of the user's boards and every record in it; the last board stays (422). When it was the
 * default board, the first of the others becomes the default.
 */
export async function deleteBoard(db: Db, userId: number, boardId: number): Promise<void> {
  const others = await db
    .select({ id: boards.id })
    .from(boards)
    .where(and(eq(boards.userId, userId), ne(boards.id, boardId)))
    .orderBy(boards.position, boards.id)
    .limit(1);
  if (others.length === 0)
    throw invalid({ id: ['is your last board, which cannot be deleted'] }, 'The last board cannot be deleted.');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ defaultBoardId: others[0].id })
      .where(and(eq(users.id, userId), eq(users.defaultBoardId, boardId)));
    await tx.delete(boards).where(and(eq(boards.id, boardId), eq(boards.userId, userId)));
  });
}
