import { reviewSchema } from '../admin/program-review';
import type {
  AuthorProfile,
  FollowedAuthor,
  FollowedProgram,
  PublicAuthor,
  PublicProgram,
} from '@lifeboard/shared/api/authors';
import { z } from 'zod';
import { documented, wireSchema } from '../../openapi';
import { programStatuses, type AdminProgram } from './admin-programs';
import type { Implementation, ImplementStep, mySubscriptions } from './implement';

/** What the author and program-implement calls answer, for /api/docs only: answers are sent as they are. */
const subscriptionStatus = z.enum(['active', 'cancelled']);
const instant = z.string().describe('An ISO instant.');

export const publicAuthor = wireSchema<PublicAuthor>()(
  z.object({
    id: z.number().int(),
    slug: z.string().describe('The public address: the name made readable, then the id (`ada-lovelace-12`).'),
    name: z.string(),
    tagline: z.string().nullable().describe('Null unless the author chose to show it.'),
  }),
);

export const publicProgram = wireSchema<PublicProgram>()(
  z
    .object({
      id: z.number().int(),
      guid: z.string(),
      title: z.string(),
      description: z.string().describe('Sanitized rich text (HTML).'),
      price_cents: z.number().int(),
      currency: z.string(),
      cover: z.string().nullable().describe('The cover image: `GET /api/uploads/{cover}`; null without one.'),
      cover_alt: z
        .string()
        .nullable()
        .describe("What the cover shows, in the creator's words; null: the title names it."),
      installs: z
        .object({ goals: z.number().int(), habits: z.number().int(), routines: z.number().int() })
        .describe('What subscribing installs, counted.'),
      published_at: instant,
    })
    .meta({ description: 'Only what a signed-out visitor may read of a program.' }),
);

const followedProgram = wireSchema<FollowedProgram>()(
  z.object({
    id: z.number().int(),
    guid: z.string(),
    title: z.string(),
    subscription_id: z.number().int(),
    status: subscriptionStatus,
    board_id: z.number().int().nullable().describe("The subscription's board; null once that board was deleted."),
    subscribed_at: instant,
  }),
);

const followedAuthor = wireSchema<FollowedAuthor>()(
  publicAuthor.extend({
    programs: z.array(followedProgram).describe('One per program: its latest subscription.'),
  }),
);

export const authorLink = z.object({ label: z.string(), url: z.string() });

export const authorProfile = wireSchema<AuthorProfile>()(
  publicAuthor.extend({
    verified: z.boolean().describe('An admin verified who the author is.'),
    bio: z.string().nullable(),
    photo: z.string().nullable().describe("The photo's upload id (GET /api/uploads/{id})."),
    links: z.array(authorLink),
  }),
);

export const authorPage = documented(
  z
    .object({ success: z.literal(true), author: authorProfile, programs: z.array(publicProgram) })
    .meta({ description: 'The author and their published programs, newest first.' }),
);

export const followed = documented(
  z
    .object({ success: z.literal(true), authors: z.array(followedAuthor) })
    .meta({ description: 'The authors of the programs the caller subscribed to, latest subscription first.' }),
);

const mySubscription = wireSchema<Awaited<ReturnType<typeof mySubscriptions>>[number]>()(
  z.object({
    id: z.number().int(),
    status: subscriptionStatus,
    board_id: z.number().int().nullable(),
    board_name: z.string().nullable(),
    subscribed_at: instant,
    program: z.object({ id: z.number().int(), guid: z.string(), title: z.string() }),
  }),
);

export const subscriptionList = documented(
  z
    .object({ success: z.literal(true), subscriptions: z.array(mySubscription) })
    .meta({ description: "The caller's subscriptions, newest first (200 at most)." }),
);

const step = wireSchema<ImplementStep>()(
  z.object({
    kind: z.enum(['goal', 'habit', 'routine']),
    title: z.string(),
    record_id: z
      .number()
      .int()
      .nullable()
      .describe("The record on the subscription's board; null when it was deleted or renamed."),
    done: z.boolean(),
    detail: z.string().describe('Its state, as a phrase to show.'),
  }),
);

const lessonFileOut = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().describe('Its type, decided from its bytes.'),
  size: z.number().int().describe('Bytes.'),
  url: z.string().describe('The path of `GET /api/uploads/{id}`.'),
});

export const quizAttemptOut = z.object({
  answers: z.array(z.number().int().nullable()).describe('The choice picked for each question (null: none).'),
  score: z.number().int().describe('Questions answered right.'),
  total: z.number().int(),
  correct: z.array(z.number().int()).describe('The right choice of each question.'),
  answered_at: instant,
});

const lessonQuiz = z.object({
  questions: z.array(z.object({ question: z.string(), choices: z.array(z.string()) })),
  attempt: quizAttemptOut.nullable().describe("The caller's latest answers and score; null before they answer."),
});

const implementation = wireSchema<Implementation>()(
  z.object({
    program: publicProgram,
    is_author: z.boolean(),
    subscription: z
      .object({
        id: z.number().int(),
        status: subscriptionStatus,
        board_id: z.number().int().nullable(),
        board_name: z.string().nullable(),
        subscribed_at: instant,
      })
      .nullable()
      .describe("The caller's subscription (an active one first); null when none."),
    chapters: z.array(
      z.object({
        id: z.number().int(),
        position: z.number(),
        title: z.string(),
        body: z
          .string()
          .nullable()
          .describe(
            'Sanitized rich text, for the author and subscribers with access only (a paid program needs a standing payment); else null.',
          ),
        completed: z.boolean().describe('Marked complete by the caller.'),
        available_after_days: z.number().int().describe('Drip: days after the start before it opens (0: at once).'),
        opens_at: instant
          .nullable()
          .describe('When it opens for the caller, while it is still closed by the drip schedule; else null.'),
        video_url: z
          .string()
          .nullable()
          .describe("The lesson's YouTube or Vimeo player address, once open; else null."),
        files: z.array(lessonFileOut).describe('Files attached to the lesson, once open (else none).'),
        quiz: lessonQuiz.nullable().describe("The lesson's quiz once open; null when it has none or is not open."),
      }),
    ),
    purchase: z
      .object({
        transaction_id: z.number().int(),
        state: z.enum(['paid', 'refunded']),
        refundable_until: instant.describe('The end of the refund window: a refund can be asked for until then.'),
        refund_requested_at: instant.nullable(),
      })
      .nullable()
      .describe("The caller's latest purchase of the program (paid programs); null when none."),
    lessons: z.object({
      completed: z.number().int(),
      total: z.number().int(),
      percent: z.number().int().min(0).max(100),
      resume_chapter_id: z
        .number()
        .int()
        .nullable()
        .describe('The first chapter not complete (the first chapter when all are).'),
    }),
    steps: z.array(step),
    progress: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('Goals done and habits started, out of all goals and habits the program installed.'),
  }),
);

export const implemented = documented(
  z
    .object({ success: z.literal(true) })
    .extend(implementation.shape)
    .meta({
      description: "The program, its chapters, what it installed on the subscription's board and the progress.",
    }),
);

const adminProgram = wireSchema<AdminProgram>()(
  publicProgram
    .extend({
      template: z.unknown().describe('What subscribing installs, as stored (`{}` when none).'),
      status: z.enum(programStatuses),
      author: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
      created_at: instant,
      updated_at: instant,
      subscriptions: z.object({ active: z.number().int(), total: z.number().int() }),
      review: reviewSchema.nullable().describe('The latest admin decision on it, if any.'),
    })
    .meta({ description: 'A program whatever its status, with its author and subscriber counts.' }),
);

export const adminProgramList = documented(
  z
    .object({ success: z.literal(true), programs: z.array(adminProgram) })
    .meta({ description: 'Up to 100 programs after `after`, by id.' }),
);

export const oneAdminProgram = documented(
  z
    .object({
      success: z.literal(true),
      program: adminProgram.extend({
        chapters: z
          .array(
            z.object({
              id: z.number().int(),
              position: z.number().int(),
              title: z.string(),
              body: z.string().describe('The lesson as stored (sanitised HTML).'),
              available_after_days: z.number().int(),
              video_url: z.string().nullable().describe("The lesson's YouTube or Vimeo address, if any."),
              files: z
                .array(z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number().int() }))
                .describe('The files a buyer downloads with the lesson.'),
              quiz: z
                .array(
                  z.object({
                    question: z.string(),
                    choices: z.array(z.string()),
                    answer: z.number().int().describe('The index of the right choice.'),
                  }),
                )
                .describe("The lesson's quiz, with its right answers."),
            }),
          )
          .describe('Its chapters in order, with their lessons, for the admin to read before approving.'),
      }),
    })
    .meta({ description: 'The program with its chapters.' }),
);
