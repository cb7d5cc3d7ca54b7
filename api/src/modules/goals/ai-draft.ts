import { isoDate } from '@lifeboard/shared/models/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../ids';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { askForDraft, jsonObjectIn } from '../ai/draft';
import { modelFor, NO_PROVIDER, takeDailyRequest } from '../ai/providers';
import { userToday } from '../habits/service';

/** A SMART goal as the model drafts it and the screen edits it: nothing is stored until the user accepts it. */
export const goalDraft = z.object({
  title: z.string().trim().min(1).max(200),
  why: z.string().max(5000).default(''),
  target_date: isoDate.nullable().default(null),
  milestones: z
    .array(z.object({ title: z.string().trim().min(1).max(200), due_date: isoDate.nullable().default(null) }))
    .max(20)
    .default([]),
  habits: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        times: z.number().int().min(1).max(7).default(1).describe('How many times…'),
        days: z
          .union([z.literal(1), z.literal(7)])
          .default(1)
          .describe('…in how many days: 1 (every day) or 7 (a week).'),
      }),
    )
    .max(10)
    .default([]),
});
export type GoalDraft = z.infer<typeof goalDraft>;

export const draftAnswer = documented(
  z
    .union([
      z.object({ success: z.literal(true), draft: goalDraft, model: z.string() }),
      z.object({
        success: z.literal(false),
        configured: z.boolean(),
        error: z.string().describe('Why there is no draft, in words to show.'),
      }),
    ])
    .meta({
      description:
        'A draft to edit, or why there is none (no provider configured, or the provider failed): either way nothing is stored.',
    }),
);

/** The prompt: the wish, today, and the exact JSON wanted back. */
export function draftPrompt(wish: string, today: string): string {
  return [
    'You are a goal coach. Turn the wish below into one SMART goal (specific, measurable, achievable, relevant, time-bound).',
    `Today is ${today}. Answer with JSON only, no prose, in exactly this shape:`,
    '{"title": "the goal, specific and measurable, under 120 characters", "why": "one or two sentences on why it matters",',
    ' "target_date": "YYYY-MM-DD", "milestones": [{"title": "a step", "due_date": "YYYY-MM-DD"}],',
    ' "habits": [{"title": "a habit that drives the goal", "times": 3, "days": 7}]}',
    'Give 3 to 6 milestones in order, with due dates between today and the target date, and 1 to 3 habits;',
    '"days" is 1 for a daily habit (then "times" is 1) or 7 for "times" a week.',
    `Wish: ${JSON.stringify(wish)}`,
  ].join('\n');
}

/** The draft in a model's answer: the JSON object in it (models often wrap it in a code fence), checked. */
export function readDraft(answer: string): GoalDraft | null {
  const raw = jsonObjectIn(answer);
  if (!raw) return null;
  // A bad date or an odd habit drops that part, not the whole draft.
  if (typeof raw.target_date === 'string' && !isoDate.safeParse(raw.target_date).success) raw.target_date = null;
  if (Array.isArray(raw.milestones)) {
    raw.milestones = raw.milestones
      .map((m: unknown) =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as { due_date?: unknown }).due_date === 'string' &&
        !isoDate.safeParse((m as { due_date: string }).due_date).success
          ? { ...m, due_date: null }
          : m,
      )
      .slice(0, 20);
  }
  if (Array.isArray(raw.habits)) {
    raw.habits = raw.habits
      .filter((h: unknown): h is Record<string, unknown> => typeof h === 'object' && h !== null)
      .map((h) => {
        const days = h.days === 7 ? 7 : 1;
        const times = typeof h.times === 'number' ? Math.min(days === 1 ? 1 : 7, Math.max(1, Math.round(h.times))) : 1;
        return { title: h.title, times, days };
      })
      .slice(0, 10);
  }
  const checked = goalDraft.safeParse(raw);
  return checked.success ? checked.data : null;
}

/** `POST /api/goal/ai-draft`: the user's wish, drafted by the configured AI model into a SMART goal to edit. */
export async function goalAiRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/goal/ai-draft',
    {
      schema: {
        tags: ['goal'],
        summary:
          "Draft a SMART goal with milestones and habits from a wish, with the user's AI model (nothing is stored)",
        body: z
          .object({
            board: dbId,
            params: z.object({ wish: z.string().trim().min(3, 'must say a little more').max(1000) }).strict(),
          })
          .strict(),
        response: { 200: draftAnswer, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, params } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      const model = await modelFor(app, userId);
      if (!model) {
        return {
          success: false as const,
          configured: false,
          error: `${NO_PROVIDER} Until then the guided questions below work without one.`,
        };
      }
      if (model.problem) return { success: false as const, configured: true, error: model.problem };
      await takeDailyRequest(app.db, userId, model);
      return askForDraft(model, draftPrompt(params.wish, await userToday(app, userId)), 1200, readDraft, {
        what: 'a goal',
        instead: 'Try again, or use the guided questions below.',
      });
    },
  );
}
