import { describeSchedule } from '@lifeboard/shared/models/habit-schedule';
import { htmlToText } from '@lifeboard/shared/ui/model/rich-text';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, weeklyReflections } from '../../db/schema';
import { modelTables } from '../../db/model-tables';
import { askModel } from '../ai/client';
import type { ChoosableModel } from '../ai/providers';
import { entriesByHabit } from '../habits/entries';
import { dayOf, isoOf } from '../habits/strength';

/** An entry's words are cut here, and the whole week's at WEEK_TEXT_LIMIT: a long week still fits a small model. */
const ENTRY_TEXT_LIMIT = 1500;
const WEEK_TEXT_LIMIT = 12_000;

export interface WeekPeriod {
  from: string;
  to: string;
}

/** The seven days that end with `lastDay`. */
export const weekEnding = (lastDay: string): WeekPeriod => ({ from: isoOf(dayOf(lastDay) - 6), to: lastDay });

export interface SentEntry {
  date: string;
  title: string;
  text: string;
}
export interface SentHabit {
  title: string;
  schedule: string;
  /** Days of the week with a check-in (a skip is not one). */
  daysDone: number;
}

/** What a reflection of the week sends to the model, and the encrypted entries it leaves out (never sent). */
export interface WeekMaterial {
  period: WeekPeriod;
  entries: SentEntry[];
  leftOut: number;
  habits: SentHabit[];
}

export const isEmptyWeek = (week: WeekMaterial) => week.entries.length === 0 && week.habits.length === 0;

/**
 * The person's journal entries dated in the period (every board) and their habits with the week's check-ins.
 * Entries marked encrypted hold ciphertext only the person's devices can open: they are counted, never read.
 */
export async function gatherWeek(
  app: Pick<FastifyInstance, 'db'>,
  userId: number,
  period: WeekPeriod,
): Promise<WeekMaterial> {
  const j = modelTables.journal_entry;
  const rows = await app.db
    .select({ data: j.data })
    .from(j)
    .where(and(eq(j.userId, userId), sql`${j.data}->>'date' between ${period.from} and ${period.to}`))
    .orderBy(asc(sql`${j.data}->>'date'`), asc(j.id));
  const entries: SentEntry[] = [];
  let leftOut = 0;
  for (const { data } of rows) {
    if (data.encrypted === true) {
      leftOut += 1;
      continue;
    }
    const text = htmlToText(typeof data.body === 'string' ? data.body : '').trim();
    entries.push({
      date: String(data.date),
      title: typeof data.title === 'string' ? data.title : '',
      text: text.length > ENTRY_TEXT_LIMIT ? `${text.slice(0, ENTRY_TEXT_LIMIT)}…` : text,
    });
  }

  const h = modelTables.habit;
  const habitRows = await app.db
    .select({ id: h.id, data: h.data })
    .from(h)
    .where(and(eq(h.userId, userId), sql`${h.data}->>'archived_at' is null`))
    .orderBy(h.position, h.id);
  const checkIns = await entriesByHabit(
    app,
    userId,
    habitRows.map((habit) => habit.id),
    period.to,
    new Map(habitRows.map((habit) => [habit.id, period.from])),
  );
  const habits = habitRows.map(({ id, data }) => ({
    title: typeof data.title === 'string' ? data.title : '',
    schedule: describeSchedule(data),
    daysDone: (checkIns.get(id) ?? []).filter(
      (entry) => entry.date >= period.from && entry.date <= period.to && entry.value !== 'skip',
    ).length,
  }));
  return { period, entries, leftOut, habits };
}

/** The prompt: what to write, then the week's entries and habits as the person wrote them. */
export function reflectionPrompt(week: WeekMaterial): string {
  const lines = [
    'You are a warm, thoughtful coach. Write a short reflection on the week below for the person who lived it,',
    'speaking to them as "you": what went well, a pattern you notice between their journal and their habits, and one',
    'gentle, concrete suggestion for the coming week. Three short paragraphs, under 250 words, plain text, no headings.',
    'Use only what is written below; do not invent events.',
    `The week: ${week.period.from} to ${week.period.to}.`,
    '',
    `Journal entries (${week.entries.length}):`,
  ];
  let budget = WEEK_TEXT_LIMIT;
  for (const entry of week.entries) {
    const line = `- ${entry.date}${entry.title ? ` "${entry.title}"` : ''}: ${entry.text || '(no text)'}`;
    if (line.length > budget) break;
    budget -= line.length;
    lines.push(line);
  }
  if (!week.entries.length) lines.push('- none this week');
  lines.push('', `Habits (${week.habits.length}):`);
  for (const habit of week.habits)
    lines.push(`- ${habit.title} (${habit.schedule}): done on ${habit.daysDone} of the 7 days`);
  if (!week.habits.length) lines.push('- none');
  return lines.join('\n');
}

export type ReflectionRow = typeof weeklyReflections.$inferSelect;

export function presentReflection(row: ReflectionRow) {
  return {
    id: row.id,
    from: row.fromDate,
    to: row.toDate,
    text: row.text,
    model: row.model,
    entries_sent: row.entriesSent,
    entries_left_out: row.entriesLeftOut,
    habits_sent: row.habitsSent,
    weekly: row.origin === 'weekly',
    created_at: row.createdAt.toISOString(),
  };
}

/** Asks the model for the week's reflection and keeps it; the provider's failure in words otherwise. */
export async function writeReflection(
  app: Pick<FastifyInstance, 'db'>,
  userId: number,
  model: ChoosableModel,
  week: WeekMaterial,
  origin: ReflectionRow['origin'],
): Promise<{ ok: true; row: ReflectionRow } | { ok: false; message: string }> {
  const result = await askModel(model.connection, model.name, reflectionPrompt(week), undefined, 700);
  if (!result.ok) return { ok: false, message: result.message };
  const text = result.answer.trim();
  if (!text) return { ok: false, message: 'The provider answered with no words.' };
  const [row] = await app.db
    .insert(weeklyReflections)
    .values({
      userId,
      fromDate: week.period.from,
      toDate: week.period.to,
      text,
      model: model.name,
      entriesSent: week.entries.length,
      entriesLeftOut: week.leftOut,
      habitsSent: week.habits.length,
      origin,
    })
    .returning();
  return { ok: true, row };
}

export async function recentReflections(app: Pick<FastifyInstance, 'db'>, userId: number, limit = 5) {
  const rows = await app.db
    .select()
    .from(weeklyReflections)
    .where(eq(weeklyReflections.userId, userId))
    .orderBy(desc(weeklyReflections.createdAt), desc(weeklyReflections.id))
    .limit(limit);
  return rows.map(presentReflection);
}

export async function wantsWeekly(app: Pick<FastifyInstance, 'db'>, userId: number): Promise<boolean> {
  const [row] = await app.db
    .select({ weekly: users.weeklyReflection })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.weekly ?? false;
}
