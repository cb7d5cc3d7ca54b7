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
import type { DayCellInfo, EventDisplayInfo, EventInput, EventSourceFunc } from '@fullcalendar/react';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import type { CalendarItem } from './calendar-items';
import { eventTimeText, itemSpan, itemsInRange, timedItemText } from './calendar-range';
import { agendaOf, agendaTime, dayKey, itemsByDay } from './phone-agenda';

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

export interface CalendarViewProps {
  items: CalendarItem[];
  initialView?: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';
  /** The visible dates changed (paging, another view): first date and the day after the last. */
  onRange: (start: Date, end: Date) => void;
  onSelect: (item: CalendarItem) => void;
  /** An item was dragged or resized; call `revert` to put it back (a failed save, a cancelled choice). */
  onMove: (item: CalendarItem, start: Date, end: Date | null, allDay: boolean, revert: () => void) => void;
}

/** A phone's width: the month is drawn as dots per day, with the chosen day's agenda below. */
const PHONE = '(max-width: 600px)';

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof matchMedia === 'function' && matchMedia(PHONE).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return undefined;
    const query = matchMedia(PHONE);
    const change = () => setPhone(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return phone;
}

const itemCount = (n: number) => (n === 0 ? 'nothing planned' : n === 1 ? '1 item' : `${n} items`);

/** The chosen day's items under the phone's month, each opening like a click on the grid. */
function DayAgenda({
  day,
  items,
  onSelect,
}: {
  day: string;
  items: CalendarItem[];
  onSelect: (item: CalendarItem) => void;
}) {
  return (
    <section className="lb-day-agenda" aria-labelledby="lb-day-agenda-title">
      <h2 id="lb-day-agenda-title" className="lb-day-agenda__title">
        {formatDisplayDay(day)}
      </h2>
      {items.length === 0 ? (
        <p className="lb-muted">Nothing planned on this day.</p>
      ) : (
        <ul className="lb-day-agenda__list">
          {agendaOf(items).map((item) => (
            <li key={item.id}>
              <button type="button" className="lb-day-agenda__item" onClick={() => onSelect(item)}>
                <span className="lb-calendar-swatch" style={{ background: item.color }} aria-hidden="true" />
                <span className="lb-day-agenda__time">{agendaTime(item)}</span>
                <span className="lb-day-agenda__what">{item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
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
  onRange,
  onSelect,
  onMove,
}: CalendarViewProps) {
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
  // On a phone the month holds no event chips (titles cut to a few letters): a dot per item on each day, and the
  // chosen day's items listed below the grid.
  const phone = usePhone();
  const [viewType, setViewType] = useState<string>(initialView);
  const dots = phone && viewType === 'dayGridMonth';
  const dotsNow = useRef(dots);
  dotsNow.current = dots;
  const [chosenDay, setChosenDay] = useState(() => dayKey(new Date()));
  const byDay = useMemo(() => (dots ? itemsByDay(items) : new Map<string, CalendarItem[]>()), [dots, items]);
  const dayCellTopContent = useCallback(
    (info: DayCellInfo) => {
      if (!dots) return true;
      // FullCalendar's dates here carry the wall-clock day in their UTC fields.
      const date = info.date;
      const key = dayKey(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
      const list = byDay.get(key) ?? [];
      return (
        <button
          type="button"
          className="lb-day-pick"
          aria-pressed={key === chosenDay}
          aria-label={`${formatDisplayDay(key)}, ${itemCount(list.length)}`}
          onClick={() => setChosenDay(key)}
        >
          <span>{info.dayNumberText}</span>
          <span className="lb-day-dots" aria-hidden="true">
            {list.slice(0, 3).map((item) => (
              <span key={item.id} className="lb-day-dot" style={{ background: item.color }} />
            ))}
            {list.length > 3 ? <span className="lb-day-more">+</span> : null}
          </span>
        </button>
      );
    },
    [dots, byDay, chosenDay],
  );
  const shown = useRef<{ from: number; to: number; answer: EventInput[] } | null>(null);
  // One function for the calendar's life: a new one would be a new source, whose events FullCalendar draws anew
  // (new elements: a click or the focus on one is lost) each time the list is reloaded, changed or not.
  const events = useCallback<EventSourceFunc>((range, success) => {
    const from = range.start.getTime();
    const to = range.end.getTime();
    const answer = dotsNow.current ? [] : latest.current(from, to);
    shown.current = { from, to, answer };
    success(answer);
  }, []);
  const calendar = useRef<CalendarRef>(null);
  // A reloaded list is handed over only when what the shown range holds changed (compared here, after the
  // drawing, not while a view switches).
  // Into or out of the dots: the grid's chips go or come back.
  const drawnDots = useRef(dots);
  useEffect(() => {
    if (drawnDots.current === dots) return;
    drawnDots.current = dots;
    calendar.current?.getApi().refetchEvents();
  }, [dots]);
  useEffect(() => {
    if (dotsNow.current) return;
    const last = shown.current;
    if (last && drawnAs(inRange(last.from, last.to)) !== drawnAs(last.answer))
      calendar.current?.getApi().refetchEvents();
  }, [inRange]);
  return (
    <div className="lb-calendar">
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        initialView={initialView}
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
          setViewType(info.view.type);
          // The chosen day follows the month shown: today when it is in it, else the month's first day.
          const first = dayKey(info.view.currentStart);
          const after = dayKey(info.view.currentEnd);
          setChosenDay((day) => (day >= first && day < after ? day : first));
          onRange(info.start, info.end);
        }}
        dayCellTopContent={dayCellTopContent}
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
      {dots ? <DayAgenda day={chosenDay} items={byDay.get(chosenDay) ?? []} onSelect={onSelect} /> : null}
    </div>
  );
}
