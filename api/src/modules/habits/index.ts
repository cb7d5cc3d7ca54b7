import { habitEntryInput } from '@lifeboard/shared/models/habit';
import { isoDate } from '@lifeboard/shared/models/fields';
import { models } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { habitEntries } from '../../db/schema';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { presenterOf } from '../../models/presenter';
import { entriesByHabit, ruleOf } from './entries';
import {
  checkIn,
  checkInNotes,
  checkInsBetween,
  habitPage,
  habitsByIds,
  ownHabit,
  ownHabitOnDay,
  pauseHabit,
  removeCheckIn,
  resumeHabit,
  statsWithNotes,
  userToday,
} from './service';
import type { HabitStats } from '@lifeboard/shared/models/habit-answers';
import { habitHistory, habitWeeks } from './strength';
import { habitLoopRoutes } from './loop-routes';

const board = dbId;
const presentHabit = presenterOf(models.habit);
/** One habit as of a date (default: today in the user's time zone). */
const habitOnDay = z
  .object({ board, params: z.object({ habit_id: dbId, date: isoDate.optional() }).strict() })
  .strict();

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
export const checkedIn = documented(
  z.object({ success: z.literal(true), entry }).meta({ description: "The day's check-in as stored now." }),
);
export const entryList = documented(
  z
    .object({ success: z.literal(true), entries: z.array(entry) })
    .meta({ description: 'The check-ins in the range, by date (5000 at most).' }),
);

const dayState = z.object({
  date: isoDate,
  state: z.enum(['done', 'skipped', 'paused', 'off', 'missed', 'none']),
  value: habitEntryInput.shape.value.nullable(),
  note: z.string(),
});
const statsSchema = z.object({
  as_of: isoDate,
  score: z.number().describe("Strength, 0..1: Loop Habit Tracker's score as of `as_of`."),
  current_streak: z.number().int(),
  best_streak: z.number().int(),
  streak_unit: z
    .enum(['day', 'week', 'month', 'period'])
    .describe('What a streak counts: days, or periods of `period_days` for "N in D days" habits.'),
  period_days: z.number().int(),
  total_checkins: z.number().int(),
  first_date: isoDate.nullable(),
  paused_today: z.boolean(),
  due_today: z.boolean(),
  period_done: z.number(),
  period_goal: z.number(),
  last7: z.array(dayState),
});
export const statsAnswer = documented(z.object({ success: z.literal(true), stats: statsSchema }));
export const overviewAnswer = documented(
  z
    .object({
      success: z.literal(true),
      habits: z.array(z.object({ habit: z.record(z.string(), z.unknown()), stats: statsSchema })),
      next_offset: z.number().int().nullable(),
    })
    .meta({ description: 'A page of habits in their order, each with its stats and last 7 days.' }),
);
export const weeksAnswer = documented(
  z
    .object({
      success: z.literal(true),
      habits: z.array(
        z.object({
          habit_id: z.number().int(),
          weeks: z.array(
            z.object({
              from: isoDate.describe('The Monday the week starts on.'),
              done: z
                .number()
                .describe(
                  'Check-ins done that week (yes/no habits) or the sum of amounts (numeric ones), up to the date.',
                ),
              goal: z.number().describe('What a week asks for: times, or the amount (a limit for "at most" habits).'),
              score: z.number().describe('Strength, 0..1, at the end of the week (or on the date).'),
            }),
          ),
        }),
      ),
    })
    .meta({ description: 'Each habit asked for that is yours, oldest week first.' }),
);
export const historyAnswer = documented(
  z.object({
    success: z.literal(true),
    history: z.object({
      scores: z.array(z.tuple([isoDate, z.number()])).describe('Strength on every day from the first check-in.'),
      by_weekday: z.array(z.number().int()).describe('Days done, Sunday first.'),
      entries: z
        .array(z.object({ date: isoDate, value: habitEntryInput.shape.value, note: z.string() }))
        .describe('Every check-in up to the date, by date.'),
    }),
  }),
);

/** Check-ins of a habit: one per day (checking in again on a day replaces that day's value). */
export async function habitRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/habit/checkin',
    {
      schema: {
        tags: ['habit'],
        summary: 'Record (or replace) the check-in of a habit on a day',
        body: z.object({ board, params: habitEntryInput }).strict(),
        response: { 200: checkedIn, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      const row = await checkIn(app, userId, boardId, {
        habitId: params.habit_id,
        date: params.date,
        value: params.value,
        note: params.note ?? null,
      });
      return { success: true as const, entry: presentEntry(row) };
    },
  );

  api.post(
    '/api/habit/checkin/remove',
    {
      schema: {
        tags: ['habit'],
        summary: "Remove a habit's check-in on a day (the day is then unrecorded)",
        body: z.object({ board, params: z.object({ habit_id: dbId, date: isoDate }).strict() }).strict(),
        response: { 200: documented(z.object({ success: z.literal(true), removed: z.boolean() })), ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      await ownHabit(app, userId, boardId, params.habit_id);
      return { success: true as const, removed: await removeCheckIn(app, userId, params.habit_id, params.date) };
    },
  );

  api.post(
    '/api/habit/entries',
    {
      schema: {
        tags: ['habit'],
        summary: 'Check-ins of one habit, by date',
        body: z
          .object({
            board,
            params: z.object({ habit_id: dbId, from: isoDate.optional(), to: isoDate.optional() }).strict(),
          })
          .strict(),
        response: { 200: entryList, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      await ownHabit(app, userId, boardId, params.habit_id);
      const rows = await checkInsBetween(app, userId, params.habit_id, params.from, params.to);
      return { success: true as const, entries: rows.map(presentEntry) };
    },
  );

  api.post(
    '/api/habit/stats',
    {
      schema: {
        tags: ['habit'],
        summary: "A habit's strength, streaks and last 7 days as of a date (default: today in the user's time zone)",
        body: habitOnDay,
        response: { 200: statsAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { habit, asOf } = await ownHabitOnDay(app, userId, request.body);
      const stats = (await statsWithNotes(app, userId, [habit], asOf)).get(habit.id) as HabitStats;
      return { success: true as const, stats };
    },
  );

  api.post(
    '/api/habit/overview',
    {
      schema: {
        tags: ['habit'],
        summary: 'A page of habits, in their order, each with its stats and last 7 days (for /habits and /home)',
        body: z
          .object({
            board,
            params: z
              .object({
                date: isoDate.optional(),
                limit: z.number().int().min(1).max(100).optional(),
                offset: z.number().int().min(0).max(1_000_000).optional(),
                archived: z.boolean().optional().describe('true: only archived habits; default: only active ones.'),
              })
              .strict()
              .optional(),
          })
          .strict(),
        response: { 200: overviewAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params = {} } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const limit = params.limit ?? 50;
      const offset = params.offset ?? 0;
      const asOf = params.date ?? (await userToday(app, userId));
      const rows = await habitPage(app, userId, boardId, { limit, offset, archived: params.archived ?? false });
      const page = rows.slice(0, limit);
      const stats = await statsWithNotes(app, userId, page, asOf);
      const habits = page.map((row) => ({ habit: presentHabit(row), stats: stats.get(row.id) as HabitStats }));
      return { success: true as const, habits, next_offset: rows.length > limit ? offset + limit : null };
    },
  );

  api.post(
    '/api/habit/history',
    {
      schema: {
        tags: ['habit'],
        summary: "A habit's page: strength on every day, done days by weekday, and every check-in with its note",
        body: habitOnDay,
        response: { 200: historyAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { habit, asOf } = await ownHabitOnDay(app, userId, request.body);
      const [entries, notes] = await Promise.all([
        entriesByHabit(app, userId, [habit.id], asOf).then((byHabit) => byHabit.get(habit.id) ?? []),
        checkInNotes(app, userId, [habit.id], null, asOf),
      ]);
      const history = habitHistory(ruleOf(habit.data), entries, asOf);
      return {
        success: true as const,
        history: {
          ...history,
          entries: entries.map((e) => ({
            date: e.date,
            value: e.value,
            note: notes.get(`${habit.id} ${e.date}`) ?? '',
          })),
        },
      };
    },
  );

  api.post(
    '/api/habit/weeks',
    {
      schema: {
        tags: ['habit'],
        summary:
          'Habits week by week (for /report/habit-summary): what was done each week against its goal, and strength at its end',
        body: z
          .object({
            board,
            params: z
              .object({
                habit_ids: z.array(dbId).min(1).max(100),
                weeks: z
                  .number()
                  .int()
                  .min(1)
                  .max(104)
                  .optional()
                  .describe('How many weeks back, this one included (default 12).'),
                date: isoDate.optional(),
              })
              .strict(),
          })
          .strict(),
        response: { 200: weeksAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const asOf = params.date ?? (await userToday(app, userId));
      const rows = await habitsByIds(app, userId, boardId, params.habit_ids);
      const entries = await entriesByHabit(
        app,
        userId,
        rows.map((row) => row.id),
        asOf,
      );
      const habits = rows.map((row) => ({
        habit_id: row.id,
        weeks: habitWeeks(ruleOf(row.data), entries.get(row.id) ?? [], asOf, params.weeks ?? 12),
      }));
      return { success: true as const, habits };
    },
  );

  /** A habit's pauses after a change: each from a day to a day, or open (to: null) until resumed. */
  const pausedAnswer = documented(
    z.object({
      success: z.literal(true),
      paused_ranges: z.array(z.object({ from: isoDate, to: isoDate.nullable() })),
    }),
  );

  const pauseParams = z
    .object({ habit_id: dbId, from: isoDate, to: isoDate.nullable().optional() })
    .strict()
    .refine((p) => !p.to || p.to >= p.from, { message: 'must not end before it starts', path: ['to'] });

  api.post(
    '/api/habit/pause',
    {
      schema: {
        tags: ['habit'],
        summary:
          'Pause a habit over a date range (to: null = until resumed); paused days neither lower the score nor break a streak',
        body: z.object({ board, params: pauseParams }).strict(),
        response: { 200: pausedAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      const range = { from: params.from, to: params.to ?? null };
      return { success: true as const, paused_ranges: await pauseHabit(app, userId, boardId, params.habit_id, range) };
    },
  );

  api.post(
    '/api/habit/resume',
    {
      schema: {
        tags: ['habit'],
        summary: 'End the pauses of a habit from a date on (default: today): the habit counts again from that day',
        body: habitOnDay,
        response: { 200: pausedAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      const from = params.date ?? (await userToday(app, userId));
      return { success: true as const, paused_ranges: await resumeHabit(app, userId, boardId, params.habit_id, from) };
    },
  );
  await app.register(habitLoopRoutes);
}
