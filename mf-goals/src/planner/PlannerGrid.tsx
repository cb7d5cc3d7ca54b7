import FullCalendar from '@fullcalendar/react';
import interactionPlugin, { Draggable } from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useEffect, type RefObject } from 'react';
import type { CalendarItem } from '../calendar/calendar-items';

export interface PlannerGridProps {
  items: CalendarItem[];
  /** The tray: its `[data-tray-key]` elements can be dragged onto the grid. */
  trayRef: RefObject<HTMLElement | null>;
  onRange: (start: Date, end: Date) => void;
  onSelect: (item: CalendarItem) => void;
  onMove: (item: CalendarItem, start: Date, end: Date | null, allDay: boolean, revert: () => void) => void;
  onDropWork: (trayKey: string, start: Date, allDay: boolean) => void;
}

/** The planner's week time grid (FullCalendar): drag work in from the tray, move it between days, resize it. */
export default function PlannerGrid({ items, trayRef, onRange, onSelect, onMove, onDropWork }: PlannerGridProps) {
  useEffect(() => {
    const tray = trayRef.current;
    if (!tray) return undefined;
    const draggable = new Draggable(tray, {
      itemSelector: '[data-tray-key]',
      eventData: (el) => ({ title: el.getAttribute('data-title') ?? '', duration: '00:30', create: false }),
    });
    return () => draggable.destroy();
  }, [trayRef]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const moved = (id: string, start: Date | null, end: Date | null, allDay: boolean, revert: () => void) => {
    const item = byId.get(id);
    if (item && start) onMove(item, start, end, allDay, revert);
  };
  return (
    <div className="lb-calendar lb-planner-grid">
      <FullCalendar
        plugins={[classicThemePlugin, timeGridPlugin, interactionPlugin]}
        initialView="timeGridWeek"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: '' }}
        todayText="This week"
        firstDay={1}
        height="auto"
        slotMinTime="06:00:00"
        slotMaxTime="23:00:00"
        scrollTime="08:00:00"
        nowIndicator
        droppable
        events={items.map((item) => ({
          id: item.id,
          title: item.done ? `✓ ${item.title}` : item.title,
          start: item.start,
          end: item.end ?? undefined,
          allDay: item.allDay,
          color: item.color,
          editable: item.movable && !item.done,
        }))}
        datesSet={(info) => onRange(info.start, info.end)}
        eventClick={(info) => {
          const item = byId.get(info.event.id);
          if (item) onSelect(item);
        }}
        eventDrop={(info) => moved(info.event.id, info.event.start, info.event.end, info.event.allDay, info.revert)}
        eventResize={(info) => moved(info.event.id, info.event.start, info.event.end, info.event.allDay, info.revert)}
        drop={(info) => {
          const key = info.draggedEl.getAttribute('data-tray-key');
          if (key) onDropWork(key, info.date, info.allDay);
        }}
      />
    </div>
  );
}
