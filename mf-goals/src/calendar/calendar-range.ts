import type { CalendarItem } from './calendar-items';

// Only the grid (CalendarView, its own chunk) uses these: kept apart from calendar-items, which other chunks copy.

const DAY_MS = 86_400_000;
const plainDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * When an item is on the grid, as instants: [first, after the last). A plain date is the browser's local midnight
 * (as FullCalendar reads it). An all-day item given as a date-time may land on the day before or after in the
 * browser's zone, and an item without an end lasts a day at most (FullCalendar's defaults are shorter): both are
 * widened so that no filter drops an item the grid would show; keeping one too many only costs a little work.
 */
export function itemSpan(item: Pick<CalendarItem, 'start' | 'end' | 'allDay'>): [number, number] {
  const instant = (text: string) => {
    const date = plainDate.exec(text);
    return date ? new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3])).getTime() : Date.parse(text);
  };
  const exact = !item.allDay || (plainDate.test(item.start) && (item.end === null || plainDate.test(item.end)));
  let start = instant(item.start);
  let end = item.end ? instant(item.end) : start + DAY_MS;
  if (!(end > start)) end = start + DAY_MS;
  if (!exact) {
    start -= DAY_MS;
    end += DAY_MS;
  }
  return [start, end];
}

/**
 * Keeps the items of a list that touch the range [from, to) (instants), in the list's order. An item whose span
 * cannot be read is kept: the grid shows what it can of it, as it did before the filter.
 */
export function itemsInRange<T>(
  items: readonly T[],
  spans: readonly [number, number][],
  from: number,
  to: number,
): T[] {
  const kept: T[] = [];
  for (let index = 0; index < items.length; index += 1) {
    const [start, end] = spans[index];
    if ((start < to && end > from) || Number.isNaN(start) || Number.isNaN(end)) kept.push(items[index]);
  }
  return kept;
}

/** A time of day as the app writes it (spec §9's 12-hour clock): "9:05 AM". */
function clock(hour: number, minute: number): [string, string] {
  return [`${hour % 12 || 12}:${String(minute).padStart(2, '0')}`, hour < 12 ? 'AM' : 'PM'];
}

/**
 * The time written on an item in the grid, from its start's and end's wall-clock time: "9:00 AM", "9:00 – 9:45 AM",
 * "11:30 AM – 12:15 PM". Plain arithmetic: an Intl formatter's range formatting per item was much of a busy week's
 * drawing (bench/README.md, the calendar week view).
 */
export function eventTimeText(
  start: { hour: number; minute: number },
  end: { hour: number; minute: number } | null | undefined,
): string {
  const [from, fromHalf] = clock(start.hour, start.minute);
  if (!end) return `${from} ${fromHalf}`;
  const [to, toHalf] = clock(end.hour, end.minute);
  return fromHalf === toHalf ? `${from} – ${to} ${toHalf}` : `${from} ${fromHalf} – ${to} ${toHalf}`;
}

/**
 * What a timed item of the week and day grids shows, as one text: its time, then its title on a second line, or on
 * the same line when the item is too short for two ("short", as FullCalendar judges it). One text node instead of
 * FullCalendar's time and title elements: two elements fewer per drawn item (bench/README.md, the calendar week view).
 */
export function timedItemText(timeText: string, title: string, short: boolean): string {
  if (!timeText) return title;
  return `${timeText}${short ? ' ' : '\n'}${title}`;
}
