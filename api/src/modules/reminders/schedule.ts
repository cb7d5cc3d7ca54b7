import * as rruleModule from 'rrule';

// Node loads rrule's CommonJS build (its ES build has no valid exports for Node), which arrives under `default`.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

const DAY_MS = 24 * 3600 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The zone's offset from UTC at an instant, in milliseconds (+01:00 is 3,600,000). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The wall-clock time in a zone, as a "floating" Date whose UTC fields are that wall time: rrule expands rules
 * on these, so "every day at 08:00" stays at 08:00 on both sides of a DST change.
 */
export function toWall(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
}

/**
 * The instant a floating wall time names in a zone. A time skipped by a spring-forward change (01:30 in London
 * on the last Sunday of March) becomes the same time after the change (02:30 BST); a repeated one at the
 * autumn change resolves to its second occurrence.
 */
export function fromWall(wall: Date, timeZone: string): Date {
  const first = wall.getTime() - offsetAt(wall.getTime(), timeZone);
  return new Date(wall.getTime() - offsetAt(first, timeZone));
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  return toWall(instant, timeZone).toISOString().slice(0, 10);
}

export interface ReminderTiming {
  remind_at: string | null;
  repeat: string | null;
}

/**
 * The occurrences of a reminder in [from, to): its `remind_at`, or with `repeat` (an RRULE) every time the rule
 * gives from `remind_at` on, expanded on the wall clock of the user's zone.
 */
export function occurrencesBetween(reminder: ReminderTiming, timeZone: string, from: Date, to: Date): Date[] {
  if (!reminder.remind_at) return [];
  const start = new Date(reminder.remind_at);
  if (Number.isNaN(start.getTime())) return [];
  if (!reminder.repeat) return start >= from && start < to ? [start] : [];
  const options = RRule.parseString(reminder.repeat.replace(/^RRULE:/, ''));
  const rule = new RRule({ ...options, dtstart: toWall(start, timeZone) });
  // A day's margin either side covers any offset; the exact window is applied to the real instants.
  const walls = rule.between(
    new Date(toWall(from, timeZone).getTime() - DAY_MS),
    new Date(toWall(to, timeZone).getTime() + DAY_MS),
    true,
  );
  return walls.map((wall) => fromWall(wall, timeZone)).filter((instant) => instant >= from && instant < to);
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
  const firstDay = Date.parse(`${localDate(new Date(from.getTime() - DAY_MS), timeZone)}T00:00:00Z`);
  const lastDay = Date.parse(`${localDate(new Date(to.getTime() + DAY_MS), timeZone)}T00:00:00Z`);
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    if (weekdays.length > 0 && !weekdays.includes(new Date(day).getUTCDay())) continue;
    for (const time of times) {
      const match = /^(\d{2}):(\d{2})/.exec(time);
      if (!match) continue;
      const instant = fromWall(new Date(day + (Number(match[1]) * 60 + Number(match[2])) * 60_000), timeZone);
      if (instant >= from && instant < to) found.push(instant);
    }
  }
  return found.sort((a, b) => a.getTime() - b.getTime());
}
