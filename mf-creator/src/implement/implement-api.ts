import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { isRecord, listOf, problemOf } from '@lifeboard/shared/api/use-api-get';
import { readProgram } from '../authors/author-api';
import type { PublicProgram } from '../authors/author-api';

export interface ImplementStep {
  kind: 'goal' | 'habit' | 'routine';
  title: string;
  record_id: number | null;
  done: boolean;
  detail: string;
}

export interface Subscription {
  id: number;
  status: 'active' | 'cancelled';
  board_id: number | null;
  board_name: string | null;
  subscribed_at: string;
}

export interface Chapter {
  id: number;
  title: string;
  body: string | null;
  completed: boolean;
  /** Drip: days after the start before it opens. */
  available_after_days: number;
  /** When it opens for the caller while the drip schedule still holds it closed; else null. */
  opens_at: string | null;
  /** The lesson's YouTube or Vimeo player address (checked by the API's rich-text policy); null when none. */
  video_url: string | null;
  files: LessonFile[];
  quiz: LessonQuiz | null;
}

export interface LessonFile {
  id: string;
  name: string;
  type: string;
  size: number;
  /** `/api/uploads/{id}`. */
  url: string;
}

export interface QuizAttempt {
  answers: (number | null)[];
  score: number;
  total: number;
  correct: number[];
  answered_at: string;
}

export interface LessonQuiz {
  questions: { question: string; choices: string[] }[];
  attempt: QuizAttempt | null;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export function readQuizAttempt(v: unknown): QuizAttempt | null {
  if (!isRecord(v) || typeof v.score !== 'number' || typeof v.total !== 'number') return null;
  return {
    answers: Array.isArray(v.answers) ? v.answers.map((a) => (typeof a === 'number' ? a : null)) : [],
    score: v.score,
    total: v.total,
    correct: numbers(v.correct),
    answered_at: str(v.answered_at),
  };
}

function readQuiz(v: unknown): LessonQuiz | null {
  if (!isRecord(v) || !Array.isArray(v.questions)) return null;
  const questions = v.questions.flatMap((q) =>
    isRecord(q) && typeof q.question === 'string' ? [{ question: q.question, choices: strings(q.choices) }] : [],
  );
  return questions.length ? { questions, attempt: readQuizAttempt(v.attempt) } : null;
}

function readFiles(v: unknown): LessonFile[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((f) =>
    isRecord(f) && typeof f.id === 'string' && typeof f.url === 'string'
      ? [{ id: f.id, name: str(f.name) || 'file', type: str(f.type), size: Number(f.size) || 0, url: f.url }]
      : [],
  );
}

/** Sends the buyer's answers to a lesson's quiz: the scored attempt, or why not. */
export async function answerQuiz(
  guid: string,
  chapterId: number,
  answers: (number | null)[],
): Promise<{ attempt: QuizAttempt } | { problem: string }> {
  const { status, body } = await send({
    method: 'POST',
    url: `/api/program-implement/${encodeURIComponent(guid)}/quiz`,
    data: { chapter_id: chapterId, answers },
  });
  const attempt = isSuccessStatus(status) && isRecord(body) ? readQuizAttempt(body.attempt) : null;
  return attempt ? { attempt } : { problem: problemOf(status, body) };
}

export interface Purchase {
  transaction_id: number;
  state: 'paid' | 'refunded';
  refundable_until: string;
  refund_requested_at: string | null;
}

function readPurchase(v: unknown): Purchase | null {
  if (!isRecord(v) || typeof v.transaction_id !== 'number') return null;
  return {
    transaction_id: v.transaction_id,
    state: v.state === 'refunded' ? 'refunded' : 'paid',
    refundable_until: str(v.refundable_until),
    refund_requested_at: typeof v.refund_requested_at === 'string' ? v.refund_requested_at : null,
  };
}

/** Asks for a refund of a purchase (`POST /api/transaction/refund-request`): null when asked, else why not. */
export async function requestRefund(id: number, reason: string): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/transaction/refund-request',
    data: { id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

export interface Implementation {
  program: PublicProgram;
  is_author: boolean;
  subscription: Subscription | null;
  /** `body` null: not open to the caller (not bought, or not started). */
  chapters: Chapter[];
  /** The caller's latest purchase of a paid program; null when none. */
  purchase: Purchase | null;
  lessons: { completed: number; total: number; percent: number; resume_chapter_id: number | null };
  steps: ImplementStep[];
  progress: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const kinds = ['goal', 'habit', 'routine'] as const;

function readSubscription(value: unknown): Subscription | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    status: value.status === 'active' ? 'active' : 'cancelled',
    board_id: typeof value.board_id === 'number' ? value.board_id : null,
    board_name: typeof value.board_name === 'string' ? value.board_name : null,
    subscribed_at: str(value.subscribed_at),
  };
}

function readLessons(value: unknown, total: number): Implementation['lessons'] {
  const v = isRecord(value) ? value : {};
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return {
    completed: n(v.completed),
    total: n(v.total) || total,
    percent: Math.min(100, Math.max(0, n(v.percent))),
    resume_chapter_id: typeof v.resume_chapter_id === 'number' ? v.resume_chapter_id : null,
  };
}

/** Marks a chapter complete or not (`POST /api/program-implement/:guid/chapter`): null when done, else why not. */
export async function markChapter(guid: string, chapterId: number, completed: boolean): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: `/api/program-implement/${encodeURIComponent(guid)}/chapter`,
    data: { chapter_id: chapterId, completed },
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** `GET /api/program-implement/:guid`. */
export function readImplementation(body: unknown): Implementation | null {
  if (!isRecord(body) || !isRecord(body.program)) return null;
  const program = readProgram(body.program);
  const chapters = listOf(body, 'chapters');
  const steps = listOf(body, 'steps');
  if (!program || !chapters || !steps) return null;
  return {
    program,
    is_author: body.is_author === true,
    subscription: readSubscription(body.subscription),
    chapters: chapters.map((c) => ({
      id: Number(c.id),
      title: str(c.title),
      body: typeof c.body === 'string' ? c.body : null,
      completed: c.completed === true,
      available_after_days: typeof c.available_after_days === 'number' ? c.available_after_days : 0,
      opens_at: typeof c.opens_at === 'string' ? c.opens_at : null,
      video_url: typeof c.video_url === 'string' ? c.video_url : null,
      files: readFiles(c.files),
      quiz: readQuiz(c.quiz),
    })),
    purchase: readPurchase(body.purchase),
    lessons: readLessons(body.lessons, chapters.length),
    steps: steps.flatMap((s) => {
      const kind = kinds.find((k) => k === s.kind);
      return kind
        ? [
            {
              kind,
              title: str(s.title),
              record_id: typeof s.record_id === 'number' ? s.record_id : null,
              done: s.done === true,
              detail: str(s.detail),
            },
          ]
        : [];
    }),
    progress: typeof body.progress === 'number' ? Math.min(100, Math.max(0, body.progress)) : 0,
  };
}

export interface MySubscription extends Subscription {
  program: { id: number; guid: string; title: string };
}

/** `GET /api/program-implement`. */
export function readMySubscriptions(body: unknown): MySubscription[] | null {
  const list = listOf(body, 'subscriptions');
  if (!list) return null;
  return list.flatMap((item) => {
    const subscription = readSubscription(item);
    const program = isRecord(item.program) ? item.program : null;
    if (!subscription || !program || typeof program.guid !== 'string') return [];
    return [{ ...subscription, program: { id: Number(program.id), guid: program.guid, title: str(program.title) } }];
  });
}

/** Where a step's record lives in the app (the owning areas' routes, architecture.md). */
export function stepHref(step: ImplementStep): string | null {
  if (step.record_id === null) return null;
  if (step.kind === 'goal') return `/goal/${step.record_id}`;
  if (step.kind === 'habit') return `/habits/${step.record_id}`;
  return '/routines';
}
