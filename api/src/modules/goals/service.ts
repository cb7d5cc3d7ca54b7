import { goalProgress, progressSourceOf, type GoalProgress } from '@lifeboard/shared/models/goal-progress';
import { models } from '@lifeboard/shared/models';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ModelTable } from '../../db/model-table';
import { modelTables } from '../../db/model-tables';
import { presenterOf } from '../../models/presenter';
import { rowColumns } from '../../models/store';
import type { ModelHooks, RecordData, WireRecord } from '../../models/model-hooks';
import { statsOfHabits } from '../habits/checkpoints';
import { userToday } from '../habits/service';
import type { HabitStats } from '@lifeboard/shared/models/habit-answers';

const presentHabit = presenterOf(models.habit);

/** The goals module's reads and rules; its routes validate, check the board, call these and shape the answers. */

/** One of the user's goals on the board, as the goal presenter takes it, or undefined. */
export async function goalOf(db: Db, userId: number, boardId: number, goalId: number) {
  const t = modelTables.goal;
  const [row] = await db
    .select(rowColumns(t))
    .from(t)
    .where(and(eq(t.id, goalId), eq(t.userId, userId), eq(t.boardId, boardId)))
    .limit(1);
  return row;
}

/** The user's goals on the board, oldest first (500 at most). */
export function goalsOnBoard(db: Db, userId: number, boardId: number) {
  const t = modelTables.goal;
  return db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.boardId, boardId)))
    .orderBy(asc(t.id))
    .limit(500);
}

/** Records of a model linked to a goal by their `goal_id`: the newest 50, or the first 500 in creation order. */
export function linkedRows(
  db: Db,
  table: ModelTable,
  userId: number,
  boardId: number,
  goalId: number,
  newestFirst: boolean,
) {
  return db
    .select({ id: table.id, data: table.data, sortAt: table.sortAt })
    .from(table)
    .where(
      and(eq(table.userId, userId), eq(table.boardId, boardId), sql`(${table.data}->>'goal_id') = ${String(goalId)}`),
    )
    .orderBy(newestFirst ? desc(table.sortAt) : asc(table.id))
    .limit(newestFirst ? 50 : 500);
}

/** The habits linked to a goal, in the habits' own order, each with its stats as of `asOf` (archived ones too). */
export async function linkedHabits(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  goalIds: number[],
  asOf: string,
): Promise<{ goalId: number; habit: WireRecord; stats: HabitStats }[]> {
  if (!goalIds.length) return [];
  const t = modelTables.habit;
  const rows = await app.db
    .select(rowColumns(t))
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        eq(t.boardId, boardId),
        sql`(${t.data}->>'goal_id') in (${sql.join(
          goalIds.map((id) => sql`${String(id)}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(t.position), asc(t.id))
    .limit(500);
  const stats = await statsOfHabits(app, userId, rows, asOf);
  return rows.map((row) => ({
    goalId: Number(row.data.goal_id),
    habit: presentHabit(row),
    stats: stats.get(row.id) as HabitStats,
  }));
}

/** Scores of the habits that count toward a goal's progress: archived habits no longer do. */
export function countedScores(habits: { habit: WireRecord; stats: HabitStats }[]): number[] {
  return habits.filter(({ habit }) => !habit.archived_at).map(({ stats }) => stats.score);
}

/** A goal's progress now: for "the strength of its habits" that reads the linked habits' check-ins. */
export async function progressOf(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  goalId: number | null,
  data: RecordData,
): Promise<GoalProgress> {
  const unit = typeof data.unit === 'string' ? data.unit : '';
  if (progressSourceOf(data) !== 'habits' || goalId === null) return goalProgress(data, [], unit);
  const habits = await linkedHabits(app, userId, boardId, [goalId], await userToday(app, userId));
  return goalProgress(data, countedScores(habits), unit);
}

/** The stored `progress` is never taken from a client: every save works it out again (a snapshot for habits). */
export const goalHooks: ModelHooks = {
  beforeCreate: async (ctx, data) => ({
    ...data,
    progress: (await progressOf(ctx.app, ctx.userId, ctx.boardId, null, data)).percent,
  }),
  beforeUpdate: async (ctx, changes, stored, id) => ({
    ...changes,
    progress: (await progressOf(ctx.app, ctx.userId, ctx.boardId, id, { ...stored, ...changes })).percent,
  }),
};
