import { goalProgress } from '@lifeboard/shared/models/goal-progress';
import { isoDate } from '@lifeboard/shared/models/fields';
import { models } from '@lifeboard/shared/models';
import { excerpt } from '@lifeboard/shared/ui/model/rich-text';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { ModelTable } from '../../db/model-table';
import { modelTables } from '../../db/model-tables';
import { dbId } from '../../ids';
import { presenterOf } from '../../models/presenter';
import { rowColumns } from '../../models/store';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { countedScores, linkedHabits } from '../goals/service';
import { overviewAnswer } from '../habits';
import { habitPage, statsWithNotes, userToday } from '../habits/service';
import { publishedPrograms } from '../programs/service';
import type { HabitStats } from '@lifeboard/shared/models/habit-answers';

/** As many habits as the first page of /habits (`loadHabitRows`), so /home's answer can stand for that page. */
export const homeHabitsLimit = 50;

const present = {
  habit: presenterOf(models.habit),
  mood: presenterOf(models.mood),
  sleep_score: presenterOf(models.sleep_score),
};
const record = z.record(z.string(), z.unknown());
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const homeAnswer = documented(
  z
    .object({
      success: z.literal(true),
      journal_entry: z
        .object({ id: z.number().int(), title: z.string(), date: z.string(), excerpt: z.string() })
        .nullable()
        .describe('The newest journal entry, its text cut to 220 characters.'),
      moods: z.array(record).describe('The 5 newest moods, as `/api/mood/all` answers them.'),
      habits: overviewAnswer.shape.habits.describe(
        'The first page (50) of active habits with their stats as of the date, as `/api/habit/overview` answers it.',
      ),
      habits_next_offset: z.number().int().nullable(),
      goals: z
        .array(z.object({ id: z.number().int(), title: z.string(), percent: z.number() }))
        .describe('The 5 newest active goals with their progress now (0–100).'),
      workout_session: z
        .object({
          id: z.number().int(),
          title: z.string(),
          started_at: z.string().nullable(),
          ended_at: z.string().nullable(),
          sets: z.number().int(),
        })
        .nullable()
        .describe('The newest workout session.'),
      sleep: z.array(record).describe('The 7 newest nights, as `/api/sleep_score/all` answers them.'),
      programs: z
        .array(z.object({ id: z.number().int(), title: z.string(), price_cents: z.number(), currency: z.string() }))
        .describe('The 3 newest programs of the catalogue.'),
    })
    .meta({ description: "What /home's widgets show, in one answer." }),
);

/** The board's newest records of a model (its natural order: the date field, else when made). */
function newest(
  db: Db,
  table: ModelTable,
  userId: number,
  boardId: number,
  limit: number,
  where?: ReturnType<typeof sql>,
) {
  return db
    .select(rowColumns(table))
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.boardId, boardId), where))
    .orderBy(desc(table.sortAt), desc(table.id))
    .limit(limit);
}

/** `/api/home`: every /home widget's data in one request, so the dashboard does not ask each area in turn. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/home',
    {
      schema: {
        tags: ['home'],
        summary: "What /home's widgets show: the newest entry, moods, habits due, goals, workout, sleep and programs",
        body: z.object({ board: dbId, params: z.object({ date: isoDate.optional() }).strict().optional() }).strict(),
        response: { 200: homeAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params = {} } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const asOf = params.date ?? (await userToday(app, userId));
      const active = sql`coalesce(${modelTables.goal.data}->>'status', 'active') = 'active'`;
      const [[entry], moods, habitRows, goals, [session], nights, programs] = await Promise.all([
        newest(app.db, modelTables.journal_entry, userId, boardId, 1),
        newest(app.db, modelTables.mood, userId, boardId, 5),
        habitPage(app, userId, boardId, { limit: homeHabitsLimit, offset: 0, archived: false }),
        newest(app.db, modelTables.goal, userId, boardId, 5, active),
        newest(app.db, modelTables.workout_session, userId, boardId, 1),
        newest(app.db, modelTables.sleep_score, userId, boardId, 7),
        publishedPrograms(app.db, {}, 3),
      ]);
      const habits = habitRows.slice(0, homeHabitsLimit);
      const habitGoals = goals.filter((g) => g.data.progress_from === 'habits').map((g) => g.id);
      const [stats, goalHabits] = await Promise.all([
        statsWithNotes(app, userId, habits, asOf),
        linkedHabits(app, userId, boardId, habitGoals, asOf),
      ]);
      return {
        success: true as const,
        journal_entry: entry
          ? {
              id: entry.id,
              title: text(entry.data.title),
              date: text(entry.data.date),
              excerpt: excerpt(text(entry.data.body), 220),
            }
          : null,
        moods: moods.map(present.mood),
        habits: habits.map((row) => ({ habit: present.habit(row), stats: stats.get(row.id) as HabitStats })),
        habits_next_offset: habitRows.length > homeHabitsLimit ? homeHabitsLimit : null,
        goals: goals.map((g) => ({
          id: g.id,
          title: text(g.data.title),
          percent: goalProgress(g.data, countedScores(goalHabits.filter((h) => h.goalId === g.id)), text(g.data.unit))
            .percent,
        })),
        workout_session: session
          ? {
              id: session.id,
              title: text(session.data.title),
              started_at: text(session.data.started_at) || null,
              ended_at: text(session.data.ended_at) || null,
              sets: Array.isArray(session.data.sets) ? session.data.sets.length : 0,
            }
          : null,
        sleep: nights.map(present.sleep_score),
        programs: programs.map((p) => ({
          id: p.id,
          title: text(p.data.title),
          price_cents: typeof p.data.price_cents === 'number' ? p.data.price_cents : 0,
          currency: text(p.data.currency),
        })),
      };
    },
  );
}
