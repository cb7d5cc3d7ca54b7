import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { lessonFile, quizQuestion } from '@lifeboard/shared/models/chapter';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { subscriptions, users } from '../../db/schema';
import type { PublicProgram } from '@lifeboard/shared/api/authors';
import { publicProgram } from './service';
import { latestReviews, type Review } from '../admin/service';

export const programStatuses = ['draft', 'review', 'published'] as const;
export type ProgramStatus = (typeof programStatuses)[number];

export interface AdminProgram extends PublicProgram {
  template: unknown;
  status: ProgramStatus;
  author: { id: number; name: string; email: string };
  created_at: string;
  updated_at: string;
  subscriptions: { active: number; total: number };
  review: Review | null;
}

const statusOf = (value: unknown): ProgramStatus =>
  programStatuses.includes(value as ProgramStatus) ? (value as ProgramStatus) : 'draft';

/** Every program whatever its status (admins review drafts too), 100 per page by id, with author and subscriber counts. */
export async function adminPrograms(
  db: Db,
  options: { after: number; status?: ProgramStatus; id?: number },
): Promise<AdminProgram[]> {
  const programs = modelTables.program;
  const rows = await db
    .select({ program: programs, authorName: users.name, authorEmail: users.email })
    .from(programs)
    .innerJoin(users, eq(users.id, programs.userId))
    .where(
      and(
        gt(programs.id, options.after),
        options.id ? eq(programs.id, options.id) : undefined,
        // Rows created before `status` existed count as drafts, as the model's default says.
        options.status ? sql`coalesce(${programs.data}->>'status', 'draft') = ${options.status}` : undefined,
      ),
    )
    .orderBy(asc(programs.id))
    .limit(100);
  const ids = rows.map((r) => r.program.id);
  const counts = ids.length
    ? await db
        .select({ programId: subscriptions.programId, status: subscriptions.status, n: count() })
        .from(subscriptions)
        .where(inArray(subscriptions.programId, ids))
        .groupBy(subscriptions.programId, subscriptions.status)
    : [];
  const reviews = await latestReviews(db, ids);
  return rows.map(({ program, authorName, authorEmail }) => {
    const mine = counts.filter((c) => c.programId === program.id);
    return {
      ...publicProgram(program),
      status: statusOf(program.data.status),
      template: program.data.template ?? {},
      author: { id: program.userId, name: authorName, email: authorEmail },
      created_at: program.createdAt.toISOString(),
      updated_at: program.updatedAt.toISOString(),
      subscriptions: {
        active: mine.filter((c) => c.status === 'active').reduce((s, c) => s + c.n, 0),
        total: mine.reduce((s, c) => s + c.n, 0),
      },
      review: reviews.get(program.id) ?? null,
    };
  });
}

const lessonFiles = lessonFile.array();
const lessonQuiz = quizQuestion.array();

/** A program's chapters in order, with their lessons (text, video, files, quiz): what an admin reads before approving it. */
export async function chaptersOf(db: Db, programId: number) {
  const chapters = modelTables.chapter;
  const rows = await db
    .select({ id: chapters.id, position: chapters.position, data: chapters.data })
    .from(chapters)
    .where(sql`(${chapters.data}->>'program_id')::bigint = ${programId}`)
    .orderBy(asc(chapters.position), asc(chapters.id));
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: typeof row.data.title === 'string' ? row.data.title : '',
    body: typeof row.data.body === 'string' ? row.data.body : '',
    available_after_days: typeof row.data.available_after_days === 'number' ? row.data.available_after_days : 0,
    video_url: typeof row.data.video_url === 'string' ? row.data.video_url : null,
    files: lessonFiles.safeParse(row.data.files).data ?? [],
    quiz: lessonQuiz.safeParse(row.data.quiz).data ?? [],
  }));
}
