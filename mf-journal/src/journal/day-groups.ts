import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';

/** Journal entries by day, newest day first; within a day the list's own order (newest written first). */
export interface DayGroup<E> {
  /** `YYYY-MM-DD`. */
  date: string;
  entries: E[];
}

interface Dated {
  date?: unknown;
  created_at: string;
}

/** The entry's day: its `date`, or the day it was written when it has none. */
export function dayOf(entry: Dated): string {
  return typeof entry.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(entry.date)
    ? entry.date
    : entry.created_at.slice(0, 10);
}

export function groupByDay<E extends Dated>(entries: readonly E[]): DayGroup<E>[] {
  const byDay = new Map<string, E[]>();
  for (const entry of entries) {
    const day = dayOf(entry);
    const group = byDay.get(day);
    if (group) group.push(entry);
    else byDay.set(day, [entry]);
  }
  return [...byDay].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([date, list]) => ({ date, entries: list }));
}

/** A calendar day in the spec's display (§9) without the time: 'Sun, Nov 22nd 2026'. */
export function displayDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  // Noon local time: the day is the same in every zone offset the browser may apply.
  return formatDisplayDate(new Date(y, m - 1, d, 12)).split(' @ ')[0];
}
