import { isSuccessStatus, send } from '@lifeboard/shared/api/client';
import { coverOf } from '@lifeboard/shared/api/authors';
import type { ProgramSummary } from '@lifeboard/shared/api/authors';
import { isRecord, listOf, problemOf } from '@lifeboard/shared/api/use-api-get';
import { formatMoney } from '@lifeboard/shared/lib/money';

export const programStatuses = ['draft', 'review', 'published'] as const;
export type ProgramStatus = (typeof programStatuses)[number];

export interface AdminProgram extends ProgramSummary {
  status: ProgramStatus;
  template: { goals?: { title: string }[]; habits?: { title: string }[]; routines?: { title: string }[] };
  author: { id: number; name: string; email: string };
  created_at: string;
  updated_at: string;
  subscriptions: { active: number; total: number };
  /** The latest admin decision on it (a rejection or an unpublishing carries its reason). */
  review: { decision: ReviewDecision; reason: string | null; created_at: string } | null;
}

export type ReviewDecision = 'approve' | 'reject' | 'unpublish';
const decisions: readonly ReviewDecision[] = ['approve', 'reject', 'unpublish'];

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const titles = (v: unknown) =>
  Array.isArray(v) ? v.filter(isRecord).map((item) => ({ title: str(item.title) })) : undefined;

export function readAdminProgram(v: unknown): AdminProgram | null {
  if (!isRecord(v) || typeof v.id !== 'number') return null;
  const author = isRecord(v.author) ? v.author : {};
  const subs = isRecord(v.subscriptions) ? v.subscriptions : {};
  const template = isRecord(v.template) ? v.template : {};
  return {
    id: v.id,
    guid: str(v.guid),
    title: str(v.title),
    description: str(v.description),
    price_cents: num(v.price_cents),
    currency: str(v.currency) || 'USD',
    ...coverOf(v),
    status: programStatuses.find((s) => s === v.status) ?? 'draft',
    template: { goals: titles(template.goals), habits: titles(template.habits), routines: titles(template.routines) },
    author: { id: num(author.id), name: str(author.name), email: str(author.email) },
    created_at: str(v.created_at),
    updated_at: str(v.updated_at),
    subscriptions: { active: num(subs.active), total: num(subs.total) },
    review:
      isRecord(v.review) && decisions.includes(v.review.decision as ReviewDecision)
        ? {
            decision: v.review.decision as ReviewDecision,
            reason: typeof v.review.reason === 'string' ? v.review.reason : null,
            created_at: str(v.review.created_at),
          }
        : null,
  };
}

export function readAdminPrograms(body: unknown): AdminProgram[] | null {
  const list = listOf(body, 'programs');
  return list ? list.map(readAdminProgram).filter((p): p is AdminProgram => p !== null) : null;
}

export const readOneProgram = (body: unknown) => (isRecord(body) ? readAdminProgram(body.program) : null);

export interface AdminChapter {
  id: number;
  title: string;
  body: string;
  available_after_days: number;
  video_url: string | null;
  files: { id: string; name: string; size: number }[];
  quiz: { question: string; choices: string[]; answer: number }[];
}

/** The chapters `GET /api/admin/programs/:id` answers with the program, in order. */
export const readChapters = (body: unknown): AdminChapter[] => {
  const program = isRecord(body) && isRecord(body.program) ? body.program : {};
  return Array.isArray(program.chapters)
    ? program.chapters.filter(isRecord).map((c) => ({
        id: num(c.id),
        title: str(c.title),
        body: str(c.body),
        available_after_days: num(c.available_after_days),
        video_url: typeof c.video_url === 'string' ? c.video_url : null,
        files: Array.isArray(c.files)
          ? c.files.filter(isRecord).map((f) => ({ id: str(f.id), name: str(f.name), size: num(f.size) }))
          : [],
        quiz: Array.isArray(c.quiz)
          ? c.quiz.filter(isRecord).map((q) => ({
              question: str(q.question),
              choices: Array.isArray(q.choices) ? q.choices.map(str) : [],
              answer: num(q.answer),
            }))
          : [],
      }))
    : [];
};

/** The program with its chapters, for the review page. */
export const readProgramWithChapters = (body: unknown) => {
  const program = readOneProgram(body);
  return program ? { program, chapters: readChapters(body) } : null;
};

export const price = (p: Pick<AdminProgram, 'price_cents' | 'currency'>) => formatMoney(p.price_cents, p.currency);

/** Approve (publish) or reject a program in review, or unpublish one; null when done, else why not. */
export async function reviewProgram(id: number, decision: ReviewDecision, reason: string): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/admin/programs/review',
    data: { id, decision, ...(reason.trim() ? { reason: reason.trim() } : {}) },
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** Takes a program's cover away (`POST /api/program/cover`, an admin may for any program); null when done, else why not. */
export async function removeCover(id: number): Promise<string | null> {
  const { status, body } = await send({
    method: 'POST',
    url: '/api/program/cover',
    data: { program_id: id, upload_id: null },
  });
  return isSuccessStatus(status) ? null : problemOf(status, body);
}

/** Every program, reading `GET /api/admin/programs` page by page (100 per page, by id); null when refused or down. */
export async function fetchAllPrograms(
  status: ProgramStatus | '',
  maxPages = 20,
): Promise<{ programs: AdminProgram[] } | { status: number; body: unknown }> {
  const all: AdminProgram[] = [];
  let after = 0;
  for (let page = 0; page < maxPages; page++) {
    const answer = await send({
      method: 'GET',
      url: '/api/admin/programs',
      params: { after, ...(status ? { status } : {}) },
    });
    const batch = isSuccessStatus(answer.status) ? readAdminPrograms(answer.body) : null;
    if (!batch) return page === 0 ? answer : { programs: all };
    all.push(...batch);
    if (batch.length < 100) break;
    after = batch[batch.length - 1].id;
  }
  return { programs: all };
}
