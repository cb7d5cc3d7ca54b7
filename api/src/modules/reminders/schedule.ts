import { instantOfFloating, wallDateOf } from '@lifeboard/shared/lib/time-zone';
import { occurrences } from '../calendar/recurrence';

const DAY_MS = 24 * 3600 * 1000;
export interface ReminderTiming {
  remind_at: string | null;
  repeat: string | null;
}

/**
 * The occurrences of a reminder in [from, to): its `remind_at`, or with `repeat` (an RRULE) every time the rule
 * gives from `remind_at` on, expanded on the wall clock of the user's zone as the calendar expands its series.
 */
export function occurrencesBetween(reminder: ReminderTiming, timeZone: string, from: Date, to: Date): Date[] {
  if (!reminder.remind_at) return [];
  const start = new Date(reminder.remind_at);
  if (Number.isNaN(start.getTime())) return [];
  return occurrences({ start, durationMs: 0, repeat: reminder.repeat }, timeZone, from, to).map((o) => o.start);
}

/** A habit's reminder times ("07:30") in [from, to), on its weekdays (0 = Sunday; none = every day). */
export function habitTimesBetween(
  times: readonly string[],
  weekdays: readonly number[],
  timeZone: string,
  from: Date,
  to: Date,
): Date[] {
  const found: Date[] = [];
  const firstDay = Date.parse(`${wallDateOf(new Date(from.getTime() - DAY_MS), timeZone)}T00:00:00Z`);
  const lastDay = Date.parse(`${wallDateOf(new Date(to.getTime() + DAY_MS), timeZone)}T00:00:00Z`);
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    if (weekdays.length > 0 && !weekdays.includes(new Date(day).getUTCDay())) continue;
    for (const time of times) {
      const match = /^(\d{2}):(\d{2})/.exec(time);
      if (!match) continue;
      const instant = instantOfFloating(day + (Number(match[1]) * 60 + Number(match[2])) * 60_000, timeZone);
      if (instant >= from && instant < to) found.push(instant);
    }
  }
  return found.sort((a, b) => a.getTime() - b.getTime());
}
