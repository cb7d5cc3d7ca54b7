import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { boards, chapterCompletions, habitEntries, quizAttempts, subscriptions, transactions } from '../../db/schema';

const DAY_MS = 86_400_000;
import { priceOf } from '../programs/install';
import { hasPaid } from '../payments/sales';
import { sanitizeRichText } from '../../rich-text/sanitize';
import type { PublicProgram } from '@lifeboard/shared/api/authors';
import { publicProgram } from './service';
import { lessonFile, quizQuestion } from '@lifeboard/shared/models/chapter';
import { videoEmbedSrc } from '@lifeboard/shared/rich-text/policy';
import { uploadPath } from '../uploads';

export interface ImplementStep {
  kind: 'goal' | 'habit' | 'routine';
  title: string;
  /** The record on the subscription's board, or null when it was deleted or renamed. */
  record_id: number | null;
  done: boolean;
  detail: string;
}

export interface Implementation {
  program: PublicProgram;
  is_author: boolean;
  subscription: {
    id: number;
    status: 'active' | 'cancelled';
    board_id: number | null;
    board_name: string | null;
    subscribed_at: string;
  } | null;
  /**
   * Bodies only for the author and a buyer with access (a paid program needs a standing payment) once the
   * chapter has opened: `opens_at` is when a drip-scheduled chapter opens for this buyer (null: open, or not started).
   */
  chapters: {
    id: number;
    position: number;
    title: string;
    body: string | null;
    completed: boolean;
    available_after_days: number;
    opens_at: string | null;
    /** The lesson's YouTube or Vimeo player address (through the rich-text policy); null when none or not open. */
    video_url: string | null;
    /** Files attached to the lesson, once it is open to the caller. */
    files: LessonFileOut[];
    /** The lesson's quiz once it is open (its right answers only after the caller answered); null when it has none. */
    quiz: LessonQuiz | null;
  }[];
  /** The caller's purchase of a paid program (the latest), for its receipt and a refund request; null when none. */
  purchase: {
    transaction_id: number;
    state: 'paid' | 'refunded';
    refundable_until: string;
    refund_requested_at: string | null;
  } | null;
  /** The course player's state: chapters marked complete, in %, and the chapter to resume at (the first not complete). */
  lessons: { completed: number; total: number; percent: number; resume_chapter_id: number | null };
  steps: ImplementStep[];
  /** Goals done and habits started, out of all goals and habits the program installed (0–100). */
  progress: number;
}

export interface LessonFileOut {
  id: string;
  name: string;
  type: string;
  size: number;
  url: string;
}

export interface QuizAttemptOut {
  answers: (number | null)[];
  score: number;
  total: number;
  /** The right choice of each question, shown once the caller has answered. */
  correct: number[];
  answered_at: string;
}

export interface LessonQuiz {
  questions: { question: string; choices: string[] }[];
  attempt: QuizAttemptOut | null;
}

type QuizQuestion = ReturnType<typeof quizQuestion.parse>;

/** A stored lesson's quiz, its malformed questions left out (the record schema checked them when written). */
function quizOf(value: unknown): QuizQuestion[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = quizQuestion.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function filesOf(value: unknown): LessonFileOut[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = lessonFile.safeParse(item);
    return parsed.success ? [{ ...parsed.data, url: uploadPath(parsed.data.id) }] : [];
  });
}

/** Scores answers against a quiz: one point per question whose picked choice is the right one. */
export function scoreQuiz(quiz: readonly QuizQuestion[], answers: readonly (number | null)[]): number {
  return quiz.reduce((sum, question, i) => sum + (answers[i] === question.answer ? 1 : 0), 0);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const titlesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => text((item as { title?: unknown }).title)).filter(Boolean) : [];

/** A program the caller may put into practice: published, or their own. */
async function findProgram(db: Db, userId: number, guid: string) {
  const programs = modelTables.program;
  const [row] = await db
    .select()
    .from(programs)
    .where(
      and(
        sql`${programs.data}->>'guid' = ${guid}`,
        or(eq(programs.userId, userId), sql`${programs.data}->>'status' = 'published'`),
      ),
    )
    .orderBy(desc(programs.createdAt), desc(programs.id))
    .limit(1);
  return row;
}

function lessonQuiz(
  quiz: readonly QuizQuestion[],
  attempt: typeof quizAttempts.$inferSelect | undefined,
): LessonQuiz | null {
  if (quiz.length === 0) return null;
  return {
    questions: quiz.map(({ question, choices }) => ({ question, choices })),
    attempt: attempt
      ? {
          answers: attempt.answers,
          score: attempt.score,
          total: attempt.total,
          correct: quiz.map((q) => q.answer),
          answered_at: attempt.answeredAt.toISOString(),
        }
      : null,
  };
}

/**
 * What `/program-implement/:guid` shows: the program's chapters (bodies only for subscribers and the
 * author), and each goal, habit and routine it installed, found on the subscription's board with its state.
 */
export async function implementation(db: Db, userId: number, guid: string): Promise<Implementation | null> {
  const program = await findProgram(db, userId, guid);
  if (!program) return null;
  const [subscription] = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      boardId: subscriptions.boardId,
      createdAt: subscriptions.createdAt,
      boardName: boards.name,
    })
    .from(subscriptions)
    .leftJoin(boards, eq(boards.id, subscriptions.boardId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.programId, program.id)))
    .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  const isAuthor = program.userId === userId;
  const canRead =
    isAuthor ||
    (subscription?.status === 'active' && (priceOf(program).cents === 0 || (await hasPaid(db, userId, program.id))));

  const chapterTable = modelTables.chapter;
  const chapterRows = await db
    .select()
    .from(chapterTable)
    .where(
      and(eq(chapterTable.userId, program.userId), sql`(${chapterTable.data}->>'program_id')::bigint = ${program.id}`),
    )
    .orderBy(asc(chapterTable.position), asc(chapterTable.id))
    .limit(200);
  const done = new Set(
    (
      await db
        .select({ id: chapterCompletions.chapterId })
        .from(chapterCompletions)
        .where(and(eq(chapterCompletions.userId, userId), eq(chapterCompletions.programId, program.id)))
    ).map((c) => c.id),
  );
  const attempts = new Map(
    (
      await db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.programId, program.id)))
    ).map((a) => [a.chapterId, a]),
  );
  // Drip: a chapter opens N days after the buyer's start (their subscription); the author always reads it.
  const startedAt = subscription?.status === 'active' ? subscription.createdAt.getTime() : null;
  const now = Date.now();
  const chapters = chapterRows.map((row) => {
    const days = typeof row.data.available_after_days === 'number' ? row.data.available_after_days : 0;
    const opensAt = !isAuthor && startedAt !== null && days > 0 ? new Date(startedAt + days * DAY_MS) : null;
    const open = canRead && (opensAt === null || opensAt.getTime() <= now);
    return {
      id: row.id,
      position: row.position,
      title: text(row.data.title),
      body: open ? sanitizeRichText(text(row.data.body)) : null,
      completed: done.has(row.id),
      available_after_days: days,
      opens_at: opensAt && opensAt.getTime() > now ? opensAt.toISOString() : null,
      video_url: open && typeof row.data.video_url === 'string' ? videoEmbedSrc(row.data.video_url) : null,
      files: open ? filesOf(row.data.files) : [],
      quiz: open ? lessonQuiz(quizOf(row.data.quiz), attempts.get(row.id)) : null,
    };
  });
  const completed = chapters.filter((c) => c.completed).length;
  const lessons = {
    completed,
    total: chapters.length,
    percent: chapters.length ? Math.round((completed / chapters.length) * 100) : 0,
    resume_chapter_id: (chapters.find((c) => !c.completed) ?? chapters[0])?.id ?? null,
  };
  const [sale] = isAuthor
    ? []
    : await db
        .select({
          id: transactions.id,
          state: transactions.state,
          availableAt: transactions.availableAt,
          requestedAt: transactions.refundRequestedAt,
        })
        .from(transactions)
        .where(and(eq(transactions.buyerId, userId), eq(transactions.programId, program.id)))
        .orderBy(desc(transactions.id))
        .limit(1);
  const purchase = sale
    ? {
        transaction_id: sale.id,
        state: sale.state,
        refundable_until: sale.availableAt.toISOString(),
        refund_requested_at: sale.requestedAt?.toISOString() ?? null,
      }
    : null;

  const template = (
    typeof program.data.template === 'object' && program.data.template !== null ? program.data.template : {}
  ) as Record<string, unknown>;
  const wanted = {
    goal: titlesOf(template.goals),
    habit: titlesOf(template.habits),
    routine: titlesOf(template.routines),
  };
  const boardId = subscription?.boardId ?? null;
  const onBoard = async (kind: 'goal' | 'habit' | 'routine') => {
    if (boardId === null || wanted[kind].length === 0) return [];
    const table = modelTables[kind];
    return db
      .select({ id: table.id, data: table.data })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.boardId, boardId)))
      .limit(500);
  };
  const [goals, habits, routines] = await Promise.all([onBoard('goal'), onBoard('habit'), onBoard('routine')]);
  const habitIds = habits.filter((h) => wanted.habit.includes(text(h.data.title))).map((h) => h.id);
  const checked = habitIds.length
    ? await db
        .select({ habitId: habitEntries.habitId, days: sql<number>`count(*)::int` })
        .from(habitEntries)
        .where(
          and(
            eq(habitEntries.userId, userId),
            inArray(habitEntries.habitId, habitIds),
            sql`${habitEntries.value} <> '"skip"'::jsonb`,
          ),
        )
        .groupBy(habitEntries.habitId)
    : [];
  const daysOf = new Map(checked.map((c) => [c.habitId, c.days]));

  const steps: ImplementStep[] = [];
  for (const title of wanted.goal) {
    const goal = goals.find((g) => text(g.data.title) === title);
    const progress = typeof goal?.data.progress === 'number' ? goal.data.progress : 0;
    const done = goal?.data.status === 'done' || progress >= 100;
    steps.push({
      kind: 'goal',
      title,
      record_id: goal?.id ?? null,
      done: Boolean(goal) && done,
      detail: !goal ? 'Not on the board' : done ? 'Done' : `${progress}% · ${text(goal.data.status) || 'active'}`,
    });
  }
  for (const title of wanted.habit) {
    const habit = habits.find((h) => text(h.data.title) === title);
    const days = habit ? (daysOf.get(habit.id) ?? 0) : 0;
    steps.push({
      kind: 'habit',
      title,
      record_id: habit?.id ?? null,
      done: days > 0,
      detail: !habit
        ? 'Not on the board'
        : days
          ? `Checked in on ${days} day${days === 1 ? '' : 's'}`
          : 'No check-in yet',
    });
  }
  for (const title of wanted.routine) {
    const routine = routines.find((r) => text(r.data.title) === title);
    steps.push({
      kind: 'routine',
      title,
      record_id: routine?.id ?? null,
      done: Boolean(routine),
      detail: routine ? 'On the board' : 'Not on the board',
    });
  }
  const counted = steps.filter((s) => s.kind !== 'routine');
  const progress = counted.length ? Math.round((counted.filter((s) => s.done).length / counted.length) * 100) : 0;

  return {
    program: publicProgram(program),
    is_author: isAuthor,
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          board_id: subscription.boardId,
          board_name: subscription.boardName,
          subscribed_at: subscription.createdAt.toISOString(),
        }
      : null,
    chapters,
    purchase,
    lessons,
    steps,
    progress,
  };
}

/**
 * Marks one chapter of a program complete (or not) for the caller; only someone who may read it can.
 * Answers false when the chapter is not the program's or the caller has no access.
 */
export async function markChapter(
  db: Db,
  userId: number,
  guid: string,
  chapterId: number,
  complete: boolean,
): Promise<boolean> {
  const found = await implementation(db, userId, guid);
  const chapter = found?.chapters.find((c) => c.id === chapterId);
  if (!found || !chapter || chapter.body === null) return false;
  if (complete)
    await db
      .insert(chapterCompletions)
      .values({ userId, programId: found.program.id, chapterId })
      .onConflictDoNothing();
  else
    await db
      .delete(chapterCompletions)
      .where(and(eq(chapterCompletions.userId, userId), eq(chapterCompletions.chapterId, chapterId)));
  return true;
}

/**
 * Scores and keeps the caller's answers to a lesson's quiz (their latest answers replace the ones before).
 * Null when the chapter is not the program's, has no quiz, or the caller may not read it.
 */
export async function answerQuiz(
  db: Db,
  userId: number,
  guid: string,
  chapterId: number,
  answers: readonly (number | null)[],
): Promise<QuizAttemptOut | null> {
  const found = await implementation(db, userId, guid);
  const chapter = found?.chapters.find((c) => c.id === chapterId);
  if (!found || !chapter || chapter.body === null || !chapter.quiz) return null;
  const [row] = await db.select().from(modelTables.chapter).where(eq(modelTables.chapter.id, chapterId)).limit(1);
  const quiz = quizOf(row?.data.quiz);
  // One answer per question; a choice that is not one of the question's counts as unanswered.
  const kept = quiz.map((q, i) => {
    const answer = answers[i];
    return typeof answer === 'number' && answer >= 0 && answer < q.choices.length ? answer : null;
  });
  const score = scoreQuiz(quiz, kept);
  const values = { userId, programId: found.program.id, chapterId, answers: kept, score, total: quiz.length };
  const [saved] = await db
    .insert(quizAttempts)
    .values(values)
    .onConflictDoUpdate({
      target: [quizAttempts.userId, quizAttempts.chapterId],
      set: { answers: kept, score, total: quiz.length, answeredAt: new Date() },
    })
    .returning();
  return {
    answers: kept,
    score,
    total: quiz.length,
    correct: quiz.map((q) => q.answer),
    answered_at: saved.answeredAt.toISOString(),
  };
}

/** The caller's subscriptions, newest first, for choosing a program to put into practice. */
export async function mySubscriptions(db: Db, userId: number) {
  const programs = modelTables.program;
  const rows = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      boardId: subscriptions.boardId,
      createdAt: subscriptions.createdAt,
      boardName: boards.name,
      programId: programs.id,
      data: programs.data,
    })
    .from(subscriptions)
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .leftJoin(boards, eq(boards.id, subscriptions.boardId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    board_id: r.boardId,
    board_name: r.boardName,
    subscribed_at: r.createdAt.toISOString(),
    program: { id: r.programId, guid: text(r.data.guid), title: text(r.data.title) },
  }));
}
