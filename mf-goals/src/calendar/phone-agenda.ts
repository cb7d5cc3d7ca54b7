import type { CalendarItem } from './calendar-items';
import { eventTimeText, itemSpan } from './calendar-range';

// The phone's month (CalendarView): dots per day and the chosen day's agenda, worked out here from the items.

const pad = (n: number) => String(n).padStart(2, '0');
/** A local day as `YYYY-MM-DD`. */
export const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** At most this many days of one item are marked (a long all-day item): a month view shows 42. */
const MAX_DAYS = 42;

/** The items of each local day, in the list's order; an item spanning days is on each of them. */
export function itemsByDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const [start, end] = itemSpan(item);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    const day = new Date(start);
    day.setHours(0, 0, 0, 0);
    for (let count = 0; day.getTime() < end && count < MAX_DAYS; count += 1) {
      const key = dayKey(day);
      const list = byDay.get(key);
      if (list) list.push(item);
      else byDay.set(key, [item]);
      day.setDate(day.getDate() + 1);
    }
  }
  return byDay;
}

/** What the agenda writes before an item's title: "All day", or its time ("9:00 – 9:45 AM"). */
export function agendaTime(item: CalendarItem): string {
  if (item.allDay) return 'All day';
  const start = new Date(item.start);
  if (Number.isNaN(start.getTime())) return '';
  const end = item.end ? new Date(item.end) : null;
  return eventTimeText(
    { hour: start.getHours(), minute: start.getMinutes() },
    end && !Number.isNaN(end.getTime()) ? { hour: end.getHours(), minute: end.getMinutes() } : null,
  );
}

/** A day's items for the agenda: all-day ones first, then by start. */
export function agendaOf(items: readonly CalendarItem[]): CalendarItem[] {
  return [...items].sort((a, b) =>
    a.allDay !== b.allDay ? (a.allDay ? -1 : 1) : Date.parse(a.start) - Date.parse(b.start),
  );
}
