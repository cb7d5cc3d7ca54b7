import { habitEntryInput } from '@lifeboard/shared/models/habit';
import { isoDate } from '@lifeboard/shared/models/fields';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { habitEntries } from '../../db/schema';
import { modelTables } from '../../db/model-tables';
import { notFound } from '../../errors';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';

const board = dbId;

function presentEntry(row: typeof habitEntries.$inferSelect) {
  return { id: row.id, habit_id: row.habitId, date: row.date, value: row.value, note: row.note ?? '' };
}

const entry = z.object({
  id: z.number().int(),
  habit_id: z.number().int(),
  date: isoDate,
  value: habitEntryInput.shape.value,
  note: z.string().describe('Empty when none.'),
});
/** What the check-in calls answer, for /api/docs only: answers are sent as they are. */
export const checkedIn = documented(z.object({ success: z.literal(true), entry }).meta({ description: "The day's check-in as stored now." }));
export const entryList = documented(z.object({ success: z.literal(true), entries: z.array(entry) })
  .meta({ description: 'The check-ins in the range, by date (5000 at most).' }));

/** Check-ins of a habit: one per day (checking in again on a day replaces that day's value). */
export async function habitRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function ownHabit(userId: number, boardId: number, habitId: number) {
    await requireOwnBoard(app.db, userId, boardId);
    const t = modelTables.habit;
    const [habit] = await app.db.select({ id: t.id }).from(t)
      .where(and(eq(t.id, habitId), eq(t.userId, userId), eq(t.boardId, boardId))).limit(1);
    if (!habit) throw notFound('No such habit.');
  }

  api.post('/api/habit/checkin', {
    schema: { tags: ['habit'], summary: 'Record (or replace) the check-in of a habit on a day', body: z.object({ board, params: habitEntryInput }).strict(), response: { 200: checkedIn, ...errorsOf(404) } },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const { board: boardId, params } = request.body;
    await ownHabit(userId, boardId, params.habit_id);
    const [row] = await app.db.insert(habitEntries)
      .values({ userId, boardId, habitId: params.habit_id, date: params.date, value: params.value, note: params.note ?? null })
      .onConflictDoUpdate({ target: [habitEntries.habitId, habitEntries.date], set: { value: params.value, note: params.note ?? null } })
      .returning();
    return { success: true as const, entry: presentEntry(row) };
  });

  api.post('/api/habit/entries', {
    schema: {
      tags: ['habit'], summary: 'Check-ins of one habit, by date',
      body: z.object({ board, params: z.object({ habit_id: dbId, from: isoDate.optional(), to: isoDate.optional() }).strict() }).strict(),
      response: { 200: entryList, ...errorsOf(404) },
    },
    onRequest: app.authenticate,
  }, async (request) => {
    const { userId } = authOf(request);
    const { board: boardId, params } = request.body;
    await ownHabit(userId, boardId, params.habit_id);
    const rows = await app.db.select().from(habitEntries).where(and(
      eq(habitEntries.habitId, params.habit_id), eq(habitEntries.userId, userId),
      params.from ? gte(habitEntries.date, params.from) : undefined,
      params.to ? lte(habitEntries.date, params.to) : undefined,
    )).orderBy(asc(habitEntries.date)).limit(5000);
    return { success: true as const, entries: rows.map(presentEntry) };
  });
}
