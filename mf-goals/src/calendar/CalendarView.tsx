import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EventDisplayInfo, EventInput, EventSourceFunc } from '@fullcalendar/react';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import type { CalendarItem } from './calendar-items';
import { eventTimeText, itemSpan, itemsInRange, timedItemText } from './calendar-range';

// Options that never change are made once: FullCalendar compares its options on each render and redoes the work
// of those it is handed anew.
const plugins = [classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const headerToolbar = {
  start: 'prev,next today',
  center: 'title',
  end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
};
const eventTimeFormat = (info: {
  start: { hour: number; minute: number };
  end?: { hour: number; minute: number } | null;
}) => eventTimeText(info.start, info.end);
// A timed item of the week and day grids is one text (`timedItemText`); elsewhere FullCalendar's own content (`true`).
// calendar.css sizes its lines as the theme sizes the time and title elements it replaces.
const eventContent = (info: EventDisplayInfo) =>
  !info.event.allDay && info.view.type.startsWith('timeGrid')
    ? timedItemText(info.timeText, info.event.title, info.isShort)
    : true;
const columnEventInnerClass = (info: EventDisplayInfo) =>
  info.isShort ? 'lb-event-line' : info.isNarrow ? 'lb-event-lines lb-event-narrow' : 'lb-event-lines';

const viewNames = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarViewName = (typeof viewNames)[number];

export interface CalendarViewProps {
  items: CalendarItem[];
  initialView?: CalendarViewName;
  /** The day shown first (`YYYY-MM-DD`); today when absent. */
  initialDate?: string;
  /** The view shown and its current day (`YYYY-MM-DD`), after each change: the page draws a phone's month itself. */
  onView?: (view: CalendarViewName, date: string) => void;
  /** The visible dates changed (paging, another view): first date and the day after the last. */
  onRange: (start: Date, end: Date) => void;
  onSelect: (item: CalendarItem) => void;
  /** An item was dragged or resized; call `revert` to put it back (a failed save, a cancelled choice). */
  onMove: (item: CalendarItem, start: Date, end: Date | null, allDay: boolean, revert: () => void) => void;
}

/** What FullCalendar draws of a range's items, as one string to compare. */
const drawnAs = (events: readonly EventInput[]) =>
  events
    .map(
      (e) =>
        `${String(e.id)}|${String(e.title)}|${String(e.start)}|${String(e.end)}|${String(e.allDay)}|${String(e.color)}|${String(e.editable)}`,
    )
    .join('\n');

/**
 * The calendar grid (FullCalendar): month, week, day and agenda views with paging. It is its own chunk,
 * loaded with the calendar screens only, and ships plain CSS files (no injected styles: the CSP allows none).
 */
export default function CalendarView({
  items,
  initialView = 'dayGridMonth',
  initialDate,
  onView,
  onRange,
  onSelect,
  onMove,
}: CalendarViewProps) {
  // The first view and day only: later ones are FullCalendar's own (its toolbar), reported through `onView`.
  const [first] = useState(() => ({ view: initialView, date: initialDate }));
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  // FullCalendar gets the items of the range it shows, not the whole list: the list holds the range fetched (a
  // month: ~10,000 items in a busy one), and FullCalendar sorts and slices every event it holds on each view it
  // draws. It asks for a view's range as it switches (no lazy fetching: a week inside the month asks again) and
  // the answer is given at once, so the new view is drawn once, with its own items. Answers are kept per range.
  const inRange = useMemo(() => {
    const inputs: EventInput[] = items.map((item) => ({
      id: item.id,
      title: item.title,
      start: item.start,
      end: item.end ?? undefined,
      allDay: item.allDay,
      color: item.color,
      editable: item.movable,
      // The day's habits line goes under the day's events.
      order: item.kind === 'habit' ? 1 : 0,
    }));
    const spans = items.map(itemSpan);
    const byRange = new Map<string, EventInput[]>();
    return (from: number, to: number) => {
      const key = `${from}/${to}`;
      let shown = byRange.get(key);
      if (!shown) {
        shown = itemsInRange(inputs, spans, from, to);
        byRange.set(key, shown);
      }
      return shown;
    };
  }, [items]);
  const latest = useRef(inRange);
  latest.current = inRange;
  const shown = useRef<{ from: number; to: number; answer: EventInput[] } | null>(null);
  // One function for the calendar's life: a new one would be a new source, whose events FullCalendar draws anew
  // (new elements: a click or the focus on one is lost) each time the list is reloaded, changed or not.
  const events = useCallback<EventSourceFunc>((range, success) => {
    const from = range.start.getTime();
    const to = range.end.getTime();
    const answer = latest.current(from, to);
    shown.current = { from, to, answer };
    success(answer);
  }, []);
  const calendar = useRef<CalendarRef>(null);
  // A reloaded list is handed over only when what the shown range holds changed (compared here, after the
  // drawing, not while a view switches).
  useEffect(() => {
    const last = shown.current;
    if (last && drawnAs(inRange(last.from, last.to)) !== drawnAs(last.answer))
      calendar.current?.getApi().refetchEvents();
  }, [inRange]);
  return (
    <div className="lb-calendar">
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        initialView={first.view}
        {...(first.date ? { initialDate: first.date } : {})}
        headerToolbar={headerToolbar}
        todayText="Today"
        // Its spoken name holds its words ("This Month" did not contain "Today": axe's label-in-name).
        todayHint="Today"
        monthText="Month"
        dayText="Day"
        listText="Agenda"
        firstDay={1}
        height="auto"
        dayMaxEvents={4}
        eventOrder="order,start,-duration,allDay,title"
        // At most 2 items side by side in a time slot, the rest behind "+N more": in a week's columns each keeps
        // room for its time and the start of its title, and a busy week (hundreds of items a day) is drawn in a
        // fraction of the time.
        eventMaxStack={2}
        nowIndicator
        eventTimeFormat={eventTimeFormat}
        eventContent={eventContent}
        columnEventInnerClass={columnEventInnerClass}
        // Hour-long slots 50 px high, the height FullCalendar assumes when it first draws a time grid: the measured
        // height then equals the assumed one, and the pass that follows the measure moves no item (bench/README.md,
        // the calendar week view). calendar.css draws the half-hour line; a drag still snaps to half hours.
        slotDuration="01:00"
        snapDuration="00:30"
        slotMinHeight={50}
        slotLaneClass="lb-hour"
        slotHeaderClass="lb-hour"
        events={events}
        lazyFetching={false}
        datesSet={(info) => {
          onRange(info.start, info.end);
          const view = viewNames.find((name) => name === info.view.type);
          if (view) onView?.(view, localDate(info.view.calendar.getDate()));
        }}
        eventClick={(info) => {
          const item = byId.get(info.event.id);
          if (item) onSelect(item);
        }}
        eventDrop={(info) => {
          const item = byId.get(info.event.id);
          if (item && info.event.start) onMove(item, info.event.start, info.event.end, info.event.allDay, info.revert);
        }}
        eventResize={(info) => {
          const item = byId.get(info.event.id);
          if (item && info.event.start) onMove(item, info.event.start, info.event.end, info.event.allDay, info.revert);
        }}
      />
    </div>
  );
}
