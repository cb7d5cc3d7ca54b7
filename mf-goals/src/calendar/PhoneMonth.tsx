import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatDisplayDay, monthNames } from '@lifeboard/shared/lib/date-display';
import { weekdayNames } from '@lifeboard/shared/models/habit-schedule';
import { addDays, localDate, mondayOf } from '@lifeboard/shared/ui/model/local-date';
import { Button } from '@lifeboard/shared/ui/Button';
import type { CalendarItem } from './calendar-items';
import { eventTimeText } from './calendar-range';
import './phone-month.css';

export type OtherView = 'timeGridWeek' | 'timeGridDay' | 'listWeek';

export interface PhoneMonthProps {
  items: CalendarItem[];
  /** The day selected first (`YYYY-MM-DD`); its month is shown. */
  initialDate: string;
  today?: string;
  /** The dates shown changed: first date and the day after the last, the range FullCalendar's month asks for. */
  onRange: (start: Date, end: Date) => void;
  onSelect: (item: CalendarItem) => void;
  /** The selected day changed: another view opens on it. */
  onDate: (date: string) => void;
  /** Week, day or agenda chosen: FullCalendar draws it. */
  onView: (view: OtherView) => void;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const otherViews: [OtherView, string][] = [
  ['timeGridWeek', 'Week'],
  ['timeGridDay', 'Day'],
  ['listWeek', 'Agenda'],
];
const MAX_DOTS = 3;

const dateOf = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const addMonths = (month: string, months: number) => {
  const day = dateOf(month);
  return localDate(new Date(day.getFullYear(), day.getMonth() + months, 1));
};

/**
 * The days an item is on (`YYYY-MM-DD`, first and last), as FullCalendar's month places it: an all-day item from its
 * start date to the day before its end, a timed one from its start's local day to the local day of the instant
 * before its end (an event ending at midnight does not reach the next day).
 */
export function itemDays(item: Pick<CalendarItem, 'start' | 'end' | 'allDay'>): [string, string] {
  if (item.allDay) {
    const first = item.start.slice(0, 10);
    const last = item.end ? addDays(item.end.slice(0, 10), -1) : first;
    return [first, last > first ? last : first];
  }
  const start = new Date(item.start);
  const end = item.end ? new Date(item.end) : start;
  const first = localDate(start);
  const last = end > start ? localDate(new Date(end.getTime() - 1)) : first;
  return [first, last > first ? last : first];
}

/**
 * The time an item takes on one day, in words: "All day", "9:00 – 10:00 AM", "Until 10:00 AM", "From 11:00 PM"; the
 * habits' line is "Due".
 */
function timeOnDay(item: CalendarItem, day: string): string {
  if (item.kind === 'habit') return 'Due';
  if (item.allDay) return 'All day';
  const start = new Date(item.start);
  const end = item.end ? new Date(item.end) : null;
  const startsBefore = localDate(start) < day;
  const endsAfter = end !== null && end > start && localDate(new Date(end.getTime() - 1)) > day;
  const at = (date: Date) => ({ hour: date.getHours(), minute: date.getMinutes() });
  if (startsBefore && endsAfter) return 'All day';
  if (startsBefore && end) return `Until ${eventTimeText(at(end), null)}`;
  if (endsAfter) return `From ${eventTimeText(at(start), null)}`;
  return eventTimeText(at(start), end && end > start ? at(end) : null);
}

/** The day's events first (all-day ones, then by time), its habits line last: FullCalendar's order. */
const byDayOrder = (a: CalendarItem, b: CalendarItem) =>
  Number(a.kind === 'habit') - Number(b.kind === 'habit') ||
  Number(b.allDay) - Number(a.allDay) ||
  (a.allDay ? 0 : new Date(a.start).getTime() - new Date(b.start).getTime()) ||
  a.title.localeCompare(b.title);

/**
 * A day's spoken name, "Thursday, December 10, 2026, 2 events": the number shown in the cell is a word of it (axe's
 * label-in-name; the spec's "10th" is not "10"), and what the dots stand for is said.
 */
function dayLabel(date: string, items: readonly CalendarItem[]): string {
  const day = dateOf(date);
  const events = items.filter((item) => item.kind !== 'habit').length;
  const held = events ? `${events} ${events === 1 ? 'event' : 'events'}` : 'no events';
  const habits = items.length > events ? ', habits due' : '';
  return `${weekdayNames[day.getDay()]}, ${monthNames[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}, ${held}${habits}`;
}

/**
 * The month on a phone: a compact grid of days, each with up to three dots for what it holds ("+" for more), and the
 * selected day's agenda below it, every title in full. Fed by the same items as FullCalendar's month (the page asks
 * for the same range), so both show the same. The grid is an ARIA grid: arrows move among the days (Page Up/Down a
 * month, Home/End the week's ends), Enter or Space selects one.
 */
export default function PhoneMonth({
  items,
  initialDate,
  today = localDate(),
  onRange,
  onSelect,
  onDate,
  onView,
}: PhoneMonthProps) {
  const [selected, setSelected] = useState(initialDate);
  const [focused, setFocused] = useState(initialDate);
  const month = firstOfMonth(focused);
  const gridStart = mondayOf(month);
  const gridEnd = addDays(gridStart, 42);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  useEffect(() => onRange(dateOf(gridStart), dateOf(gridEnd)), [gridStart, gridEnd, onRange]);
  useEffect(() => onDate(selected), [selected, onDate]);
  // Focus follows the arrow keys only: a tap or a new month keeps it where it is.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const byDay = useMemo(() => {
    const days = new Map<string, CalendarItem[]>();
    for (const item of items) {
      const [first, last] = itemDays(item);
      for (let day = first < gridStart ? gridStart : first; day <= last && day < gridEnd; day = addDays(day, 1)) {
        const list = days.get(day);
        if (list) list.push(item);
        else days.set(day, [item]);
      }
    }
    for (const list of days.values()) list.sort(byDayOrder);
    return days;
  }, [items, gridStart, gridEnd]);

  // The weeks that hold a day of the month (four to six); the grid's range stays FullCalendar's six.
  const weeks: string[][] = [];
  for (let week = gridStart; firstOfMonth(week) <= month; week = addDays(week, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(week, index)));
  }

  const choose = (date: string) => {
    setSelected(date);
    setFocused(date);
  };
  const showMonth = (first: string) => {
    const pick = firstOfMonth(today) === first ? today : first;
    choose(pick);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const step: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => mondayOf(focused),
      End: () => addDays(mondayOf(focused), 6),
      PageUp: () => addMonths(month, -1),
      PageDown: () => addMonths(month, 1),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocused(next());
  };

  const [year, monthIndex] = month.split('-').map(Number);
  const title = `${monthNames[monthIndex - 1]} ${year}`;
  const agenda = byDay.get(selected) ?? [];
  return (
    <div className="lb-month">
      <div className="lb-month-toolbar">
        <div className="lb-row" role="group" aria-label="Months">
          <Button size="small" aria-label="Previous month" onClick={() => showMonth(addMonths(month, -1))}>
            ‹
          </Button>
          <Button size="small" aria-label="Next month" onClick={() => showMonth(addMonths(month, 1))}>
            ›
          </Button>
          <Button size="small" onClick={() => choose(today)}>
            Today
          </Button>
        </div>
        <h2 className="lb-month-title" aria-live="polite">
          {title}
        </h2>
        {/* The views as FullCalendar names them (tabs "Month view", "Week view", …), so both toolbars read alike. */}
        <div className="lb-row" role="tablist" aria-label="View">
          <Button size="small" role="tab" aria-selected="true" aria-label="Month view">
            Month
          </Button>
          {otherViews.map(([view, label]) => (
            <Button
              key={view}
              size="small"
              role="tab"
              aria-selected="false"
              aria-label={`${label} view`}
              onClick={() => onView(view)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      <table ref={grid} role="grid" className="lb-month-grid" aria-label={title} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const held = byDay.get(date) ?? [];
                const classes = [
                  'lb-month-day',
                  firstOfMonth(date) !== month ? 'lb-month-day--other' : '',
                  date === today ? 'lb-month-day--today' : '',
                ];
                return (
                  <td key={date} role="gridcell" aria-selected={date === selected}>
                    <button
                      type="button"
                      data-date={date}
                      className={classes.filter(Boolean).join(' ')}
                      tabIndex={date === focused ? 0 : -1}
                      aria-label={dayLabel(date, held)}
                      aria-current={date === today ? 'date' : undefined}
                      onClick={() => choose(date)}
                      onFocus={() => setFocused(date)}
                    >
                      <span className="lb-month-number">{Number(date.slice(8))}</span>
                      <span className="lb-month-dots" aria-hidden="true">
                        {held.slice(0, MAX_DOTS).map((item) => (
                          <span key={item.id} className="lb-month-dot" style={{ background: item.color }} />
                        ))}
                        {held.length > MAX_DOTS ? <span className="lb-month-more">+</span> : null}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section className="lb-month-agenda" aria-labelledby="lb-month-agenda-day">
        <h3 id="lb-month-agenda-day">{formatDisplayDay(selected)}</h3>
        {agenda.length ? (
          <ul>
            {agenda.map((item) => (
              <li key={item.id}>
                <button type="button" className="lb-month-item" onClick={() => onSelect(item)}>
                  <span className="lb-month-dot" style={{ background: item.color }} aria-hidden="true" />
                  <span className="lb-month-time">{timeOnDay(item, selected)}</span>
                  <span className="lb-month-item-title">{item.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="lb-muted">Nothing on this day.</p>
        )}
      </section>
    </div>
  );
}
