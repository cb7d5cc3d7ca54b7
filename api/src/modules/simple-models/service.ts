import type { SimpleModelName } from '@lifeboard/shared/models/mission';
import type { responses } from '@lifeboard/shared/models/mission';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { simpleModels } from '../../db/schema';
import { entryOf } from '../../models/registry';
import { findSingle, insertRecord, updateRecord } from '../../models/store';

type Answers = z.infer<typeof responses>;

/**
 * One document of answers per board and page. `mission` keeps its answers on the mission record itself,
 * so `/api/mission/all` and the guided page read the same thing.
 */
const mission = () => entryOf('mission');

/** The answers of a guided page on a board, or null before the first save. */
export async function readAnswers(
  db: Db,
  userId: number,
  boardId: number,
  name: SimpleModelName,
): Promise<Answers | null> {
  if (name === 'mission') {
    const row = await findSingle(db, mission(), { userId, boardId });
    return row ? ((row.data.responses as Answers | undefined) ?? {}) : null;
  }
  const [row] = await db
    .select({ responses: simpleModels.responses })
    .from(simpleModels)
    .where(and(eq(simpleModels.boardId, boardId), eq(simpleModels.userId, userId), eq(simpleModels.model, name)))
    .limit(1);
  return row?.responses ?? null;
}

/** Replaces the answers of a guided page on a board. */
export async function saveAnswers(
  db: Db,
  userId: number,
  boardId: number,
  name: SimpleModelName,
  answers: Answers,
): Promise<void> {
  if (name === 'mission') {
    const owner = { userId, boardId };
    const existing = await findSingle(db, mission(), owner);
    if (existing) await updateRecord(db, mission(), owner, existing.id, { responses: answers });
    else await insertRecord(db, mission(), owner, { responses: answers });
    return;
  }
  await db
    .insert(simpleModels)
    .values({ userId, boardId, model: name, responses: answers })
    .onConflictDoUpdate({
      target: [simpleModels.boardId, simpleModels.model],
      set: { responses: answers, updatedAt: new Date() },
    });
}
