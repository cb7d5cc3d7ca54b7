import { createSchema, models } from '@lifeboard/shared/models';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { habitEntries, users } from '../../db/schema';
import { modelTables } from '../../db/model-tables';
import { invalid, notFound } from '../../errors';
import { entryOf } from '../../models/registry';
import { pageColumns } from '../../models/fast-store';
import { insertRecord } from '../../models/store';
import { requireOwnBoard } from '../boards/service';
import { statsOfHabits } from './checkpoints';
import { ruleOf } from './entries';
import type { ImportedHabit } from './loop-csv';
import type { HabitStats } from '@lifeboard/shared/models/habit-answers';
import { dayOf, isoOf } from './strength';
import { wallDateOf, zoneOrUtc } from '@lifeboard/shared/lib/time-zone';

/** The habits module's reads and writes; its routes validate, call these and shape the answers. */

const habitTable = () => modelTables.habit;
const habitInput = createSchema(models.habit);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const nameKey = (title: string) => title.trim().toLocaleLowerCase('en');
export type HabitEntryRow = typeof habitEntries.$inferSelect;
export interface PausedRange {
  from: string;
  to: string | null;
}

/** Today in the user's own time zone. */
export async function userToday(app: FastifyInstance, userId: number): Promise<string> {
  const [user] = await app.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return wallDateOf(new Date(), zoneOrUtc(user?.timezone));
}

/** The user's habit on their board, or a 404. */
export async function ownHabit(app: FastifyInstance, userId: number, boardId: number, habitId: number) {
  await requireOwnBoard(app.db, userId, boardId);
  const t = habitTable();
  const [habit] = await app.db
    .select({ id: t.id, data: t.data, createdAt: t.createdAt })
    .from(t)
    .where(and(eq(t.id, habitId), eq(t.userId, userId), eq(t.boardId, boardId)))
    .limit(1);
  if (!habit) throw notFound('No such habit.');
  return habit;
}

/** The user's habit on their board (or a 404) and the day asked for, by default today in their time zone. */
export async function ownHabitOnDay(
  app: FastifyInstance,
  userId: number,
  { board, params }: { board: number; params: { habit_id: number; date?: string | undefined } },
) {
  const habit = await ownHabit(app, userId, board, params.habit_id);
  return { habit, asOf: params.date ?? (await userToday(app, userId)) };
}

/** Every habit of the board, in its order (5000 at most). */
export async function boardHabits(app: FastifyInstance, userId: number, boardId: number) {
  const t = habitTable();
  return app.db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.boardId, boardId)))
    .orderBy(asc(t.position), asc(t.id))
    .limit(5000);
}

/** The habits asked for that are the user's on the board (others are left out). */
export async function habitsByIds(app: FastifyInstance, userId: number, boardId: number, habitIds: number[]) {
  const t = habitTable();
  return app.db
    .select({ id: t.id, data: t.data })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.boardId, boardId), inArray(t.id, habitIds)));
}

/** A page of the board's habits in their order, active or archived; one more row than `limit` says a next page exists. */
export async function habitPage(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  page: { limit: number; offset: number; archived: boolean },
) {
  const t = habitTable();
  const archivedAt = sql`${t.data}->'archived_at'`;
  return app.db
    .select(pageColumns(t))
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        eq(t.boardId, boardId),
        page.archived
          ? sql`coalesce(${archivedAt}, 'null'::jsonb) <> 'null'::jsonb`
          : sql`coalesce(${archivedAt}, 'null'::jsonb) = 'null'::jsonb`,
      ),
    )
    .orderBy(asc(t.position), asc(t.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** Records a day's check-in, replacing that day's earlier one. */
async function saveCheckIn(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  checkIn: { habitId: number; date: string; value: HabitEntryRow['value']; note: string | null },
): Promise<HabitEntryRow> {
  const [row] = await app.db
    .insert(habitEntries)
    .values({ userId, boardId, habitId: checkIn.habitId, date: checkIn.date, value: checkIn.value, note: checkIn.note })
    .onConflictDoUpdate({
      target: [habitEntries.habitId, habitEntries.date],
      set: { value: checkIn.value, note: checkIn.note },
    })
    .returning();
  return row;
}

/** Records (or replaces) a day's check-in of the caller's habit: an amount for a counted habit, yes for the others. */
export async function checkIn(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  entry: { habitId: number; date: string; value: HabitEntryRow['value']; note: string | null },
): Promise<HabitEntryRow> {
  const habit = await ownHabit(app, userId, boardId, entry.habitId);
  const numeric = habit.data.kind === 'at_least' || habit.data.kind === 'at_most';
  if (numeric && entry.value === 'yes')
    throw invalid({ value: ['must be an amount (or skip) for a habit counted in amounts'] });
  if (!numeric && typeof entry.value === 'number')
    throw invalid({ value: ["must be 'yes' or 'skip' for a yes-or-no habit"] });
  return saveCheckIn(app, userId, boardId, entry);
}

/** Removes a day's check-in; whether there was one. */
export async function removeCheckIn(
  app: FastifyInstance,
  userId: number,
  habitId: number,
  date: string,
): Promise<boolean> {
  const removed = await app.db
    .delete(habitEntries)
    .where(and(eq(habitEntries.habitId, habitId), eq(habitEntries.userId, userId), eq(habitEntries.date, date)))
    .returning({ id: habitEntries.id });
  return removed.length > 0;
}

/** A habit's check-ins in a range, by date (5000 at most). */
export async function checkInsBetween(
  app: FastifyInstance,
  userId: number,
  habitId: number,
  from?: string,
  to?: string,
): Promise<HabitEntryRow[]> {
  return app.db
    .select()
    .from(habitEntries)
    .where(
      and(
        eq(habitEntries.habitId, habitId),
        eq(habitEntries.userId, userId),
        from ? gte(habitEntries.date, from) : undefined,
        to ? lte(habitEntries.date, to) : undefined,
      ),
    )
    .orderBy(asc(habitEntries.date))
    .limit(5000);
}

/** The notes written on check-ins between two days, by `"<habit id> <date>"`. */
export async function checkInNotes(
  app: FastifyInstance,
  userId: number,
  habitIds: number[],
  from: string | null,
  to: string,
): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  if (!habitIds.length) return notes;
  const rows = await app.db
    .select({ habitId: habitEntries.habitId, date: habitEntries.date, note: habitEntries.note })
    .from(habitEntries)
    .where(
      and(
        eq(habitEntries.userId, userId),
        inArray(habitEntries.habitId, habitIds),
        from ? gte(habitEntries.date, from) : undefined,
        lte(habitEntries.date, to),
        sql`${habitEntries.note} <> ''`,
      ),
    );
  for (const row of rows) notes.set(`${row.habitId} ${row.date}`, row.note ?? '');
  return notes;
}

/** Habits' stats as of a date, each of the last 7 days with its check-in's note. */
export async function statsWithNotes(
  app: FastifyInstance,
  userId: number,
  habits: readonly { id: number; data: Record<string, unknown>; createdAt?: Date | string }[],
  asOf: string,
): Promise<Map<number, HabitStats>> {
  const [stats, notes] = await Promise.all([
    statsOfHabits(app, userId, habits, asOf),
    checkInNotes(
      app,
      userId,
      habits.map((habit) => habit.id),
      isoOf(dayOf(asOf) - 6),
      asOf,
    ),
  ]);
  for (const [habitId, habitStats] of stats)
    for (const day of habitStats.last7) day.note = notes.get(`${habitId} ${day.date}`) ?? '';
  return stats;
}

/** Pauses a habit over a range, merged with its other pauses. */
export function pauseHabit(app: FastifyInstance, userId: number, boardId: number, habitId: number, range: PausedRange) {
  return changePauses(app, userId, boardId, habitId, (paused) => mergeRanges([...paused, range]));
}

/** Ends a habit's pauses from a date on: a pause that runs past the day before ends then; later ones go. */
export function resumeHabit(app: FastifyInstance, userId: number, boardId: number, habitId: number, from: string) {
  const before = isoOf(dayOf(from) - 1);
  return changePauses(app, userId, boardId, habitId, (paused) =>
    paused
      .filter((range) => range.from < from)
      .map((range) => (range.to === null || range.to > before ? { from: range.from, to: before } : range)),
  );
}

async function changePauses(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  habitId: number,
  change: (paused: PausedRange[]) => PausedRange[],
): Promise<PausedRange[]> {
  const habit = await ownHabit(app, userId, boardId, habitId);
  const ranges = change(ruleOf(habit.data).paused);
  if (ranges.length > 100) throw invalid({ paused_ranges: ['must have at most 100 pauses'] });
  return savePauses(app, userId, boardId, habit.id, ranges);
}

/** Stores a habit's pauses (at most 100). */
async function savePauses(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  habitId: number,
  ranges: PausedRange[],
): Promise<PausedRange[]> {
  const t = habitTable();
  await app.db
    .update(t)
    .set({
      data: sql`jsonb_set(${t.data}, '{paused_ranges}', ${JSON.stringify(ranges)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, habitId), eq(t.userId, userId), eq(t.boardId, boardId)));
  return ranges;
}

/**
 * Adds habits read from a Loop Habit Tracker archive, in one transaction: a habit of the same name (any case)
 * gets the check-ins its days lack, another is created; days already checked in are kept as they are.
 */
export async function importLoopHabits(
  app: FastifyInstance,
  userId: number,
  boardId: number,
  imported: readonly ImportedHabit[],
) {
  const counts = { habits_created: 0, habits_matched: 0, checkins_added: 0, checkins_already_there: 0 };
  await app.db.transaction(async (tx) => {
    const t = modelTables.habit;
    const existing = await tx
      .select({ id: t.id, data: t.data })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.boardId, boardId)));
    const byName = new Map(existing.map((row) => [nameKey(text(row.data.title)), row.id]));
    const now = new Date().toISOString();
    for (const habit of imported) {
      let habitId = byName.get(nameKey(habit.title));
      if (habitId === undefined) {
        const data = habitInput.parse({
          title: habit.title,
          description: habit.description,
          kind: habit.kind,
          frequency_num: habit.num,
          frequency_den: habit.den,
          target: habit.target,
          unit: habit.unit,
          ...(habit.color ? { color: habit.color } : {}),
          archived_at: habit.archived ? now : null,
        });
        habitId = (await insertRecord(tx, entryOf('habit'), { userId, boardId }, data)).id;
        byName.set(nameKey(habit.title), habitId);
        counts.habits_created += 1;
      } else counts.habits_matched += 1;
      for (let i = 0; i < habit.entries.length; i += 1000) {
        const chunk = habit.entries.slice(i, i + 1000);
        const added = await tx
          .insert(habitEntries)
          .values(chunk.map((e) => ({ userId, boardId, habitId, date: e.date, value: e.value })))
          .onConflictDoNothing({ target: [habitEntries.habitId, habitEntries.date] })
          .returning({ id: habitEntries.id });
        counts.checkins_added += added.length;
        counts.checkins_already_there += chunk.length - added.length;
      }
    }
  });
  return counts;
}

/** Overlapping or touching ranges become one, ordered by start. */
export function mergeRanges(ranges: PausedRange[]) {
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  const out: PausedRange[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && (last.to === null || dayOf(range.from) <= dayOf(last.to) + 1)) {
      last.to = last.to === null || range.to === null ? null : last.to > range.to ? last.to : range.to;
    } else out.push({ ...range });
  }
  return out;
}
