import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useMemo } from 'react';
import type { CalendarItem } from './calendar-items';

export interface CalendarViewProps {
  items: CalendarItem[];
  initialView?: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';
  /** The visible dates changed (paging, another view): first date and the day after the last. */
  onRange: (start: Date, end: Date) => void;
  onSelect: (item: CalendarItem) => void;
  /** An item was dragged or resized; call `revert` to put it back (a failed save, a cancelled choice). */
  onMove: (item: CalendarItem, start: Date, end: Date | null, allDay: boolean, revert: () => void) => void;
}

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
  // Built once per list: FullCalendar re-reads every event when it is handed a new array.
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const events = useMemo(
    () =>
      items.map((item) => ({
        id: item.id,
        title: item.title,
        start: item.start,
        end: item.end ?? undefined,
        allDay: item.allDay,
        color: item.color,
        editable: item.movable,
      })),
    [items],
  );
  return (
    <div className="lb-calendar">
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={initialView}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
        }}
        todayText="Today"
        monthText="Month"
        dayText="Day"
        listText="Agenda"
        firstDay={1}
        height="auto"
        dayMaxEvents={4}
        // At most 3 items side by side in a time slot, the rest behind "+N more": a busy week (hundreds of items a
        // day) stays readable, and is drawn in a fraction of the time.
        eventMaxStack={3}
        nowIndicator
        events={events}
        datesSet={(info) => onRange(info.start, info.end)}
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
