import { isoDate } from '@lifeboard/shared/models/fields';
import { models } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelTables } from '../../db/model-tables';
import { notFound } from '../../errors';
import { dbId } from '../../ids';
import { presenterOf } from '../../models/presenter';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { statsAnswer } from '../habits';
import { userToday } from '../habits/service';
import { countedScores, goalHooks, goalOf, goalsOnBoard, linkedHabits, linkedRows } from './service';
import { registerModelHooks } from '../../models/registry';
import { goalProgress } from '@lifeboard/shared/models/goal-progress';
import { goalAiRoutes } from './ai-draft';

const board = dbId;
const presentGoal = presenterOf(models.goal);
const progressSchema = z.object({
  percent: z.number().describe('0–100, worked out from `source`.'),
  source: z.enum(['milestones', 'target', 'habits']),
  words: z.string().describe('The same in words, e.g. "2 of 5 milestones done".'),
});
const linked = z.object({
  id: z.number().int(),
  title: z.string(),
  date: isoDate.nullable().optional(),
  status: z.string().optional(),
});
const habitStatsSchema = statsAnswer.shape.stats;

export const goalDetailAnswer = documented(
  z
    .object({
      success: z.literal(true),
      goal: z.record(z.string(), z.unknown()),
      progress: progressSchema,
      habits: z.array(z.object({ habit: z.record(z.string(), z.unknown()), stats: habitStatsSchema })),
      projects: z.array(linked),
      activities: z.array(linked).describe('The newest 50.'),
      journal_entries: z.array(linked).describe('The newest 50.'),
    })
    .meta({ description: "A goal's page: the goal, its progress now, and what is linked to it." }),
);

export const goalProgressAnswer = documented(
  z
    .object({
      success: z.literal(true),
      progress: z.array(progressSchema.extend({ id: z.number().int() })),
    })
    .meta({ description: "Every goal's progress now, on the board (for lists, the timeline and /home)." }),
);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Goals, habits, projects, activities and journal entries: what links to a goal is the record's `goal_id`. */
export async function goalRoutes(app: FastifyInstance): Promise<void> {
  registerModelHooks(app, 'goal', goalHooks);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/goal/detail',
    {
      schema: {
        tags: ['goal'],
        summary:
          "A goal's page: its progress now, its habits with their stats, and its projects, activities and journal entries",
        body: z.object({ board, params: z.object({ goal_id: dbId, date: isoDate.optional() }).strict() }).strict(),
        response: { 200: goalDetailAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const row = await goalOf(app.db, userId, boardId, params.goal_id);
      if (!row) throw notFound('No such goal.');
      const asOf = params.date ?? (await userToday(app, userId));
      const [habits, projects, activities, entries] = await Promise.all([
        linkedHabits(app, userId, boardId, [row.id], asOf),
        linkedRows(app.db, modelTables.project, userId, boardId, row.id, false),
        linkedRows(app.db, modelTables.activity, userId, boardId, row.id, true),
        linkedRows(app.db, modelTables.journal_entry, userId, boardId, row.id, true),
      ]);
      return {
        success: true as const,
        goal: presentGoal(row),
        progress: goalProgress(row.data, countedScores(habits), text(row.data.unit)),
        habits: habits.map(({ habit, stats }) => ({ habit, stats })),
        projects: projects.map((p) => ({
          id: p.id,
          title: text(p.data.title),
          date: (p.data.due_date as string | null) ?? null,
          status: text(p.data.status),
        })),
        activities: activities.map((a) => ({ id: a.id, title: text(a.data.title), date: text(a.data.date) || null })),
        journal_entries: entries.map((e) => ({
          id: e.id,
          // The server cannot read an encrypted entry's title: it says so rather than send the ciphertext.
          title: e.data.encrypted === true ? 'Encrypted entry' : text(e.data.title),
          date: text(e.data.date) || null,
        })),
      };
    },
  );

  api.post(
    '/api/goal/progress',
    {
      schema: {
        tags: ['goal'],
        summary: "Every goal's progress now (500 at most), worked out as its page shows it",
        body: z.object({ board, params: z.object({ date: isoDate.optional() }).strict().optional() }).strict(),
        response: { 200: goalProgressAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params = {} } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const goals = await goalsOnBoard(app.db, userId, boardId);
      const habitGoals = goals.filter((g) => g.data.progress_from === 'habits').map((g) => g.id);
      const asOf = params.date ?? (await userToday(app, userId));
      const habits = habitGoals.length ? await linkedHabits(app, userId, boardId, habitGoals, asOf) : [];
      return {
        success: true as const,
        progress: goals.map((g) => ({
          id: g.id,
          ...goalProgress(g.data, countedScores(habits.filter((h) => h.goalId === g.id)), text(g.data.unit)),
        })),
      };
    },
  );
  await app.register(goalAiRoutes);
}
