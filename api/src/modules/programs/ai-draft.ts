import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { askForDraft, jsonObjectIn } from '../ai/draft';
import { modelFor, NO_PROVIDER, takeDailyRequest } from '../ai/providers';

const line = (max: number) => z.string().trim().min(1).max(max);

/** A program as the model drafts it and the builder edits it: nothing is stored until the creator creates it. */
export const programDraft = z.object({
  title: line(200),
  description: z.string().trim().max(5000).default(''),
  chapters: z
    .array(z.object({ title: line(200), summary: z.string().trim().max(2000).default('') }))
    .max(30)
    .default([]),
  goals: z.array(line(200)).max(20).default([]),
  habits: z.array(line(200)).max(20).default([]),
  prompts: z.array(line(1000)).max(30).default([]),
});
export type ProgramDraft = z.infer<typeof programDraft>;

const draftAnswer = documented(
  z
    .union([
      z.object({ success: z.literal(true), draft: programDraft, model: z.string() }),
      z.object({
        success: z.literal(false),
        configured: z.boolean(),
        error: z.string().describe('Why there is no draft, in words to show.'),
      }),
    ])
    .meta({ description: 'A draft to edit, or why there is none; either way nothing is stored.' }),
);

/** The prompt: the creator's description and the exact JSON wanted back. */
export function programPrompt(description: string): string {
  return [
    'You help a coach write a self-paced program (a course people follow for some weeks) from their description.',
    'Answer with JSON only, no prose, in exactly this shape:',
    '{"title": "the program\'s name, under 80 characters", "description": "two or three sentences: who it is for and what they achieve",',
    ' "chapters": [{"title": "a chapter", "summary": "what the chapter teaches, two sentences"}],',
    ' "goals": ["a goal the program sets"], "habits": ["a daily or weekly habit it starts"],',
    ' "prompts": ["a journal question for reflection"]}',
    'Give 4 to 8 chapters in order, 1 to 3 goals, 2 to 4 habits and 3 to 6 prompts.',
    `Description: ${JSON.stringify(description)}`,
  ].join('\n');
}

/** The draft in a model's answer: its JSON object (often in a code fence), checked; what does not fit is dropped. */
export function readProgramDraft(answer: string): ProgramDraft | null {
  const raw = jsonObjectIn(answer);
  if (!raw) return null;
  const strings = (value: unknown, max: number, count: number) =>
    Array.isArray(value)
      ? value
          .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
          .map((v) => v.trim().slice(0, max))
          .slice(0, count)
      : [];
  const chapters = Array.isArray(raw.chapters)
    ? raw.chapters
        .flatMap((c: unknown) => {
          if (typeof c === 'string' && c.trim()) return [{ title: c.trim().slice(0, 200), summary: '' }];
          if (typeof c !== 'object' || c === null) return [];
          const { title, summary } = c as { title?: unknown; summary?: unknown };
          return typeof title === 'string' && title.trim()
            ? [
                {
                  title: title.trim().slice(0, 200),
                  summary: typeof summary === 'string' ? summary.slice(0, 2000) : '',
                },
              ]
            : [];
        })
        .slice(0, 30)
    : [];
  const checked = programDraft.safeParse({
    title: typeof raw.title === 'string' ? raw.title.slice(0, 200) : '',
    description: typeof raw.description === 'string' ? raw.description.slice(0, 5000) : '',
    chapters,
    goals: strings(raw.goals, 200, 20),
    habits: strings(raw.habits, 200, 20),
    prompts: strings(raw.prompts, 1000, 30),
  });
  return checked.success ? checked.data : null;
}

/** `POST /api/program/ai-draft`: a creator's description, drafted by their AI model into a program to edit. */
export async function programAiRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/program/ai-draft',
    {
      schema: {
        tags: ['program'],
        summary:
          "Draft a program (title, description, chapters, goals, habits, journal prompts) from a creator's description with their AI model; only the description is sent, nothing is stored",
        body: z
          .object({
            description: z.string().trim().min(10, 'must say a little more (10 characters at least)').max(4000),
          })
          .strict(),
        response: { 200: draftAnswer, ...errorsOf(403, 429) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId, role } = authOf(request);
      if (role !== 'creator' && role !== 'admin') throw forbidden('Only creators draft programs.');
      const model = await modelFor(app, userId);
      if (!model) return { success: false as const, configured: false, error: NO_PROVIDER };
      if (model.problem) return { success: false as const, configured: true, error: model.problem };
      await takeDailyRequest(app.db, userId, model);
      return askForDraft(model, programPrompt(request.body.description), 2000, readProgramDraft, {
        what: 'a program',
        instead: 'Try again, or fill in the builder yourself.',
      });
    },
  );
}
