import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import type { CalendarEvent } from '@lifeboard/shared/api/account';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { $calendarEvents } from '@lifeboard/shared/stores/data';
import { loadCalendarEvents } from '@lifeboard/shared/stores/data-loaders';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

interface DayItem { key: string; title: string; when: string; kind: string }

/** A connected-calendar event's start: the API sends `start`; `start_at` is the older name. */
function startOf(event: CalendarEvent): string {
  return event.start ?? event.start_at ?? '';
}

/**
 * `/calendar`: the next 14 days of events, planned activities and connected-calendar events, by day. The
 * connected calendar's events live in the shared `$calendarEvents` store, which empties when loading fails
 * (spec §4): no stale events from an earlier load are shown.
 */
export function CalendarPage() {
  const today = localDate();
  const end = addDays(today, 13);
  const events = useCollection('event', { from: today, to: end });
  const planned = useCollection('plannedactivity', { from: today, to: end });
  const google = useStore($calendarEvents);
  const [calendarFailed, setCalendarFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void loadCalendarEvents(today, end).then((ok) => { if (current) setCalendarFailed(!ok); });
    return () => { current = false; };
  }, [today, end]);
  const items: DayItem[] = [
    ...events.items.map((e) => ({ key: `e${e.id}`, title: String(e.title ?? ''), when: String(e.start_at ?? ''), kind: 'Event' })),
    ...planned.items.map((p) => ({ key: `p${p.id}`, title: String(p.title ?? ''), when: String(p.start_at ?? `${String(p.date)}T00:00:00`), kind: 'Planned' })),
    ...google.map((g, i) => ({ key: `g${String(g.id ?? i)}`, title: g.title ?? '', when: startOf(g), kind: 'Google' })),
  ];
  const days = Array.from({ length: 14 }, (_, i) => addDays(today, i));
  return (
    <section className="lb-stack">
      <PageHeader title="Calendar" description="The next two weeks." actions={<Link to="/events">Manage events</Link>} />
      {calendarFailed ? <p role="status" className="lb-muted">Your connected calendar could not be loaded; its events are not shown.</p> : null}
      {days.map((day) => {
        const onDay = items.filter((item) => localDate(new Date(item.when)) === day).sort((a, b) => a.when.localeCompare(b.when));
        return (
          <Panel key={day} title={formatDisplayDate(`${day}T12:00:00`).replace(/ @.*$/, '')} level={2}>
            {onDay.length ? <ul>{onDay.map((item) => <li key={item.key}><strong>{item.kind}:</strong> {item.title} {item.when.includes('T00:00:00') ? '' : `— ${formatDisplayDate(item.when).replace(/^.*@ /, '')}`}</li>)}</ul> : <p className="lb-muted">Free.</p>}
          </Panel>
        );
      })}
    </section>
  );
}
