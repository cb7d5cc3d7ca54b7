import { and, eq, sql } from 'drizzle-orm';
import { stillDueToday } from '@lifeboard/shared/models/habit-answers';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { rangeEvents } from '../calendar/sources';
import { entriesByHabit, ruleOf } from '../habits/entries';
import { habitStats } from '../habits/strength';
import { instantOfFloating, wallTimeOf } from '@lifeboard/shared/lib/time-zone';
import { occurrencesBetween, type ReminderTiming } from '../reminders/schedule';

/** At most this many lines per section; the mail says how many more there are. */
const SECTION_LIMIT = 15;

export interface Digest {
  plan: string[];
  habits: string[];
  reminders: string[];
  events: string[];
}

export const isEmptyDigest = (digest: Digest) => Object.values(digest).every((lines) => lines.length === 0);

const DAY_MS = 24 * 3600 * 1000;

function timeText(instant: Date, timeZone: string): string {
  const { hour, minute } = wallTimeOf(instant, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function limited(lines: string[]): string[] {
  return lines.length > SECTION_LIMIT
    ? [...lines.slice(0, SECTION_LIMIT), `…and ${lines.length - SECTION_LIMIT} more`]
    : lines;
}

/**
 * What the daily e-mail of `date` (the user's calendar day) says: the planned activities not done, the habits
 * due that day and not yet checked in, the reminders still to go off after the e-mail and the calendar's events.
 */
export async function buildDigest(
  db: Db,
  user: { id: number; timezone: string },
  date: string,
  sendHour: number,
): Promise<Digest> {
  const zone = user.timezone;
  const dayEnd = instantOfFloating(Date.parse(`${date}T00:00:00Z`) + DAY_MS, zone);
  // Reminders that went off before the e-mail (at `sendHour`) are not still to come.
  const sentAt = instantOfFloating(Date.parse(`${date}T00:00:00Z`) + sendHour * 3600 * 1000, zone);
  const items = await rangeEvents(db, user.id, zone, date, date);
  const line = (item: (typeof items)[number]) =>
    item.all_day ? (item.title ?? '') : `${timeText(new Date(item.start ?? ''), zone)} ${item.title ?? ''}`;
  const plan = items.filter((item) => item.source === 'planned' && !item.done).map(line);
  const events = items
    .filter((item) => item.source !== 'planned')
    .map((item) => (item.calendar ? `${line(item)} (${item.calendar})` : line(item)));

  const h = modelTables.habit;
  const habits = await db
    .select({ id: h.id, data: h.data })
    .from(h)
    .where(and(eq(h.userId, user.id), sql`${h.data}->>'archived_at' is null`))
    .orderBy(h.position, h.id);
  // The same rule as the home page and the planner: due that day and not checked in yet.
  const entries = await entriesByHabit(
    { db },
    user.id,
    habits.map((habit) => habit.id),
    date,
  );
  const habitLines = habits
    .filter((habit) => stillDueToday(habitStats(ruleOf(habit.data), entries.get(habit.id) ?? [], date)))
    .map((habit) => {
      const data = habit.data as { title: string; reminder_times?: string[] };
      return data.reminder_times?.length ? `${data.title} (at ${data.reminder_times.join(', ')})` : data.title;
    });

  const r = modelTables.reminder;
  const reminders = await db
    .select({ data: r.data })
    .from(r)
    .where(
      and(
        eq(r.userId, user.id),
        sql`${r.data}->>'remind_at' is not null`,
        sql`(${r.data}->>'repeat' is not null or ((${r.data}->>'remind_at')::timestamptz >= ${sentAt.toISOString()}::timestamptz and (${r.data}->>'remind_at')::timestamptz < ${dayEnd.toISOString()}::timestamptz))`,
      ),
    );
  const reminderLines = reminders
    .flatMap((row) =>
      occurrencesBetween(row.data as unknown as ReminderTiming, zone, sentAt, dayEnd).map((at) => ({
        at,
        title: (row.data as { title: string }).title,
      })),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ at, title }) => `${timeText(at, zone)} ${title}`);

  return {
    plan: limited(plan),
    habits: limited(habitLines),
    reminders: limited(reminderLines),
    events: limited(events),
  };
}
