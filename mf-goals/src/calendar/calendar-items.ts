import type { CalendarEvent } from '@lifeboard/shared/api/calendar';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { isDueOn } from '../planner/due';
import { localDate } from '@lifeboard/shared/ui/model/local-date';

/** What the calendar shows, from every source, in one shape. */
export interface CalendarItem {
  id: string;
  title: string;
  /** An ISO date-time, or a date for an all-day item. */
  start: string;
  end: string | null;
  allDay: boolean;
  kind: 'event' | 'planned' | 'ics' | 'caldav' | 'google' | 'goal' | 'milestone' | 'habit';
  color: string;
  /** Events and planned activities can be dragged; the rest are shown only. */
  movable: boolean;
  /** Where it leads: the record's page. */
  href?: string;
  /** For events and planned activities: what a change applies to. */
  ref?: {
    kind: 'event' | 'planned';
    id: number;
    board: number;
    date: string;
    repeating: boolean;
    repeat: string | null;
  };
  /**
   * For an event of a synced CalDAV or Google calendar: the event (its whole series) on the server; a change to one
   * occurrence names it by the item's `start`.
   */
  remote?: { id: number; calendarId: number; repeating: boolean; repeat: string | null };
  calendar?: string;
  /** A planned activity that was done. */
  done?: boolean;
}

/** One colour per source, the same in the legend and on the grid. */
export const sourceColours: Record<CalendarItem['kind'], { colour: string; label: string }> = {
  event: { colour: '#2f5bd3', label: 'Events' },
  planned: { colour: '#1f8a4c', label: 'Planned activities' },
  ics: { colour: '#7b3fb8', label: 'Subscribed calendars' },
  caldav: { colour: '#a1356b', label: 'Synced calendars' },
  google: { colour: '#1a73e8', label: 'Google Calendar' },
  goal: { colour: '#c0531a', label: 'Goal target dates' },
  milestone: { colour: '#9a6a00', label: 'Milestones' },
  habit: { colour: '#0f7c86', label: 'Habits due' },
};

const dayAfter = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

export function fromServer(event: CalendarEvent): CalendarItem | null {
  const source = event.source ?? 'ics';
  const [kind, idText] = String(event.series ?? '').split(':');
  const id = Number(idText);
  const base = {
    id: String(event.id),
    title: String(event.title ?? ''),
    start: String(event.start ?? event.start_at ?? ''),
    end: event.end ?? event.end_at ?? null,
    allDay: event.all_day === true,
    kind: source,
    color: sourceColours[source].colour,
    movable: false,
    done: event.done === true,
  };
  if ((kind === 'caldav' || kind === 'google') && Number.isInteger(id) && typeof event.calendar_id === 'number') {
    const repeating = Boolean(event.repeat);
    // Dragging one occurrence of a repeating event asks "this one" or "this and all future ones", like Lifeboard's own.
    return {
      ...base,
      movable: true,
      color: typeof event.color === 'string' && /^#[0-9a-f]{6}$/i.test(event.color) ? event.color : base.color,
      remote: { id, calendarId: event.calendar_id, repeating, repeat: event.repeat ?? null },
      ...(event.calendar ? { calendar: event.calendar } : {}),
    };
  }
  if (!base.start) return null;
  if ((kind === 'event' || kind === 'planned') && Number.isInteger(id) && typeof event.board === 'number') {
    return {
      ...base,
      movable: true,
      href: kind === 'event' ? `/events/${id}` : `/plannedactivity/${id}`,
      ref: {
        kind,
        id,
        board: event.board,
        date: String(event.date ?? ''),
        repeating: Boolean(event.repeat),
        repeat: event.repeat ?? null,
      },
    };
  }
  return { ...base, ...(event.calendar ? { calendar: event.calendar } : {}) };
}

/** Goal target dates and milestone due dates between two dates (inclusive). */
export function goalItems(goals: readonly AnyRecord[], from: string, to: string): CalendarItem[] {
  const items: CalendarItem[] = [];
  const inRange = (date: unknown): date is string => typeof date === 'string' && date >= from && date <= to;
  for (const goal of goals) {
    if (goal.id <= 0 || goal.status === 'dropped') continue;
    if (inRange(goal.target_date)) {
      items.push({
        id: `goal:${goal.id}`,
        title: `Goal due: ${String(goal.title)}`,
        start: goal.target_date,
        end: dayAfter(goal.target_date),
        allDay: true,
        kind: 'goal',
        color: sourceColours.goal.colour,
        movable: false,
        href: `/goal/${goal.id}`,
      });
    }
    const milestones = Array.isArray(goal.milestones)
      ? (goal.milestones as { title?: string; due_date?: string | null; done_at?: string | null }[])
      : [];
    milestones.forEach((milestone, index) => {
      if (!inRange(milestone.due_date)) return;
      items.push({
        id: `milestone:${goal.id}:${index}`,
        title: `${milestone.done_at ? '✓ ' : ''}Milestone: ${milestone.title ?? ''}`,
        start: milestone.due_date,
        end: dayAfter(milestone.due_date),
        allDay: true,
        kind: 'milestone',
        color: sourceColours.milestone.colour,
        movable: false,
        href: `/goal/${goal.id}`,
      });
    });
  }
  return items;
}

/** The local date a habit was made (`YYYY-MM-DD`), or null when the record does not say. */
function startOf(habit: AnyRecord): string | null {
  const created = habit.created_at;
  if (typeof created !== 'string' || !created) return null;
  const made = new Date(created);
  return Number.isNaN(made.getTime()) ? null : localDate(made);
}

/**
 * The habits due on each day between two dates (inclusive), as one compact all-day line a day ("3 habits: Run,
 * Read, …"), so events keep their room. Only from today on (a past day's habits are on /habits, checked or not)
 * and never before a habit was made.
 */
export function habitItems(
  habits: readonly AnyRecord[],
  from: string,
  to: string,
  today: string = localDate(),
): CalendarItem[] {
  const items: CalendarItem[] = [];
  const starts = new Map(habits.map((habit) => [habit.id, startOf(habit)]));
  for (let date = from < today ? today : from; date <= to; date = dayAfter(date)) {
    const day = new Date(`${date}T12:00:00`);
    const due = habits.filter((habit) => {
      const start = starts.get(habit.id);
      return (
        habit.id > 0 &&
        (!start || start <= date) &&
        isDueOn(habit as { weekdays?: unknown; archived_at?: unknown }, day)
      );
    });
    if (!due.length) continue;
    const titles = due.map((habit) => String(habit.title));
    items.push({
      id: `habits:${date}`,
      title: due.length === 1 ? `Habit: ${titles[0]}` : `${due.length} habits: ${titles.join(', ')}`,
      start: date,
      end: dayAfter(date),
      allDay: true,
      kind: 'habit',
      color: sourceColours.habit.colour,
      movable: false,
      href: due.length === 1 ? `/habits/${due[0].id}` : '/habits',
    });
  }
  return items;
}
