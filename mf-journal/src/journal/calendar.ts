import { monthNames } from '@lifeboard/shared/lib/date-display';

/** A month as the calendar shows it: weeks of seven days from Sunday, with the neighbouring months' days blank. */
export interface CalendarDay {
  /** `YYYY-MM-DD`, or null for a blank cell before the 1st or after the last day. */
  date: string | null;
  day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The first and last day of a month, for the list's `from`/`to`. */
export function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: `${month}-${pad(daysInMonth(month))}` };
}

/** The month `delta` months after `month` (negative: before). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

export function monthWeeks(month: string): CalendarDay[][] {
  const [y, m] = month.split('-').map(Number);
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const cells: CalendarDay[] = Array.from({ length: firstWeekday }, () => ({ date: null, day: 0 }));
  for (let day = 1; day <= daysInMonth(month); day++) cells.push({ date: `${month}-${pad(day)}`, day });
  while (cells.length % 7) cells.push({ date: null, day: 0 });
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** 'November 2026'. */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${monthNames[m - 1]} ${y}`;
}
