import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { documented } from '../../openapi';
import { authOf } from '../../types';
import { modelFor, NO_PROVIDER, takeDailyRequest } from '../ai/providers';
import { userToday } from '../habits/service';
import {
  gatherWeek,
  isEmptyWeek,
  presentReflection,
  recentReflections,
  wantsWeekly,
  weekEnding,
  writeReflection,
} from './service';

const reflectionView = z.object({
  id: z.number().int(),
  from: z.string().describe('The first day it looks at (YYYY-MM-DD).'),
  to: z.string().describe('The last day it looks at.'),
  text: z.string(),
  model: z.string(),
  entries_sent: z.number().int(),
  entries_left_out: z.number().int().describe('Encrypted entries of the week: never sent.'),
  habits_sent: z.number().int(),
  weekly: z.boolean().describe('Written by the weekly job rather than asked for.'),
  created_at: z.string(),
});

const reflectionState = documented(
  z
    .object({
      configured: z.boolean().describe('False when no AI provider is set up: `problem` says so.'),
      model: z.string().nullable().describe('The model a reflection would be asked of.'),
      problem: z.string().nullable().describe('Why a reflection cannot be asked for now, in words to show.'),
      weekly: z.boolean().describe('Opted in to a reflection every Monday morning.'),
      week: z
        .object({
          from: z.string(),
          to: z.string(),
          entries: z
            .array(z.object({ date: z.string(), title: z.string() }))
            .describe('The entries that would be sent.'),
          entries_left_out: z.number().int().describe('Encrypted entries: never sent.'),
          habits: z.array(z.object({ title: z.string(), days_done: z.number().int() })),
        })
        .describe('What a reflection of the last seven days would send.'),
      reflections: z.array(reflectionView).describe('The newest reflections, newest first.'),
    })
    .meta({ description: 'The weekly reflection: whether it can be asked for, what it sends, and the ones written.' }),
);

const written = documented(
  z
    .union([
      z.object({ success: z.literal(true), reflection: reflectionView }),
      z.object({ success: z.literal(false), configured: z.boolean(), error: z.string() }),
    ])
    .meta({ description: 'The reflection written, or why there is none, in words to show.' }),
);

/** `/api/reflection`: an opt-in reflection on the person's week (journal and habits), written by their AI model. */
export async function reflectionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reflection',
    {
      schema: {
        tags: ['ai'],
        summary: 'The weekly reflection: what it would send for the last seven days, and the ones written',
        response: { 200: reflectionState },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const [model, week, weekly, reflections] = await Promise.all([
        modelFor(app, userId),
        userToday(app, userId).then((today) => gatherWeek(app, userId, weekEnding(today))),
        wantsWeekly(app, userId),
        recentReflections(app, userId),
      ]);
      return {
        configured: model !== null,
        model: model?.name ?? null,
        problem: model ? model.problem : NO_PROVIDER,
        weekly,
        week: {
          from: week.period.from,
          to: week.period.to,
          entries: week.entries.map((entry) => ({ date: entry.date, title: entry.title })),
          entries_left_out: week.leftOut,
          habits: week.habits.map((habit) => ({ title: habit.title, days_done: habit.daysDone })),
        },
        reflections,
      };
    },
  );

  api.post(
    '/api/reflection/weekly',
    {
      schema: {
        tags: ['ai'],
        summary: 'Opt in to (or out of) a reflection written every Monday morning',
        body: z.object({ weekly: z.boolean() }).strict(),
        response: { 200: documented(z.object({ success: z.literal(true), weekly: z.boolean() })) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      await app.db.update(users).set({ weeklyReflection: request.body.weekly }).where(eq(users.id, userId));
      return { success: true as const, weekly: request.body.weekly };
    },
  );

  api.post(
    '/api/reflection/write',
    {
      schema: {
        tags: ['ai'],
        summary: "Write a reflection on the last seven days now, with the person's AI model (counts against its limit)",
        body: z.object({}).strict().optional(),
        response: { 200: written },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const model = await modelFor(app, userId);
      if (!model) return { success: false as const, configured: false, error: NO_PROVIDER };
      if (model.problem) return { success: false as const, configured: true, error: model.problem };
      const week = await gatherWeek(app, userId, weekEnding(await userToday(app, userId)));
      if (isEmptyWeek(week))
        return {
          success: false as const,
          configured: true,
          error:
            week.leftOut > 0
              ? `There is nothing to reflect on: this week's ${week.leftOut === 1 ? 'entry is' : `${week.leftOut} entries are`} encrypted, and encrypted entries are never sent. Add a habit or an entry that is not encrypted.`
              : 'There is nothing to reflect on yet: write in your journal or add a habit, then ask again.',
        };
      await takeDailyRequest(app.db, userId, model);
      const result = await writeReflection(app, userId, model, week, 'request');
      if (!result.ok)
        return {
          success: false as const,
          configured: true,
          error: `The AI model could not write your reflection: ${result.message} Try again later.`,
        };
      return { success: true as const, reflection: presentReflection(result.row) };
    },
  );
}
