import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boards } from '../../db/schema';
import { forbidden } from '../../errors';

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
