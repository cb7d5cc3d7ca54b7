import { useStore } from '@nanostores/react';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { describeRepeat } from '@lifeboard/shared/lib/repeat-rule';
import { $calendarEvents } from '@lifeboard/shared/stores/data';
import { loadCalendarEvents } from '@lifeboard/shared/stores/data-loaders';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Button } from '@lifeboard/shared/ui/Button';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { fromServer, goalItems, habitItems, sourceColours, type CalendarItem } from './calendar-items';
import { deleteOccurrence, moveOccurrence, type NewTime, type Scope } from './series-edit';
import './calendar.css';

const CalendarView = lazy(() => import('./CalendarView'));

interface PendingMove { item: CalendarItem; time: NewTime; revert: () => void }

function when(item: CalendarItem): string {
  if (item.allDay) {
    const last = item.end ? addDays(item.end.slice(0, 10), -1) : item.start;
    const first = formatDisplayDate(`${item.start.slice(0, 10)}T12:00:00`).replace(/ @.*$/, '');
    return last > item.start.slice(0, 10) ? `${first} to ${formatDisplayDate(`${last}T12:00:00`).replace(/ @.*$/, '')} (all day)` : `${first} (all day)`;
  }
  const end = item.end ? ` – ${formatDisplayDate(item.end).replace(/^.*@ /, '')}` : '';
  return `${formatDisplayDate(item.start)}${end}`;
}

/** "This one / this and all future ones" for a change to a repeating item. */
function ScopeChoice({ question, onChoose, onCancel, allowAll }: { question: string; onChoose: (scope: Scope) => void; onCancel: () => void; allowAll: boolean }) {
  return (
    <div role="group" aria-label={question} className="lb-row">
      <span>{question}</span>
      <Button onClick={() => onChoose('one')}>This one</Button>
      <Button onClick={() => onChoose('future')}>This and all future ones</Button>
      {allowAll ? <Button onClick={() => onChoose('all')}>All of them</Button> : null}
      <Button variant="ghost" onClick={onCancel}>Cancel</Button>
    </div>
  );
}

/**
 * `/calendar`: month, week, day and agenda views of everything dated: events, planned activities and
 * subscribed calendars (repeats expanded by the server), goal target dates and milestones, and the habits due.
 */
export function CalendarPage({ initialView }: { initialView?: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek' }) {
  const [range, setRange] = useState(() => ({ from: localDate(), to: addDays(localDate(), 34) }));
  const [reload, setReload] = useState(0);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<CalendarItem | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const served = useStore($calendarEvents);
  const goals = useCollection('goal');
  const habits = useCollection('habit');

  useEffect(() => {
    let current = true;
    void loadCalendarEvents(range.from, range.to).then((ok) => { if (current) setFailed(!ok); });
    return () => { current = false; };
  }, [range.from, range.to, reload]);

  const items = useMemo(() => [
    ...served.map(fromServer).filter((item): item is CalendarItem => item !== null),
    ...goalItems(goals.items, range.from, range.to),
    ...habitItems(habits.items, range.from, range.to),
  ], [served, goals.items, habits.items, range.from, range.to]);

  const onRange = useCallback((start: Date, end: Date) => {
    setRange({ from: localDate(start), to: addDays(localDate(end), -1) });
  }, []);

  const saveMove = async (move: PendingMove, scope: Scope) => {
    setPendingMove(null);
    const ref = move.item.ref;
    if (!ref) return move.revert();
    const result = await moveOccurrence(ref, move.time, scope);
    if (!result.ok) {
      move.revert();
      setMessage(`Could not move "${move.item.title}": ${result.error.message}`);
      return;
    }
    setMessage(`Moved "${move.item.title}".`);
    setReload((n) => n + 1);
  };

  const onMove = (item: CalendarItem, start: Date, end: Date | null, allDay: boolean, revert: () => void) => {
    const move = { item, time: { start, end, allDay }, revert };
    if (item.ref?.repeating) setPendingMove(move);
    else void saveMove(move, 'one');
  };

  const remove = async (item: CalendarItem, scope: Scope) => {
    if (!item.ref) return;
    const result = await deleteOccurrence(item.ref, scope);
    if (!result.ok) return setMessage(`Could not delete "${item.title}": ${result.error.message}`);
    setSelected(null);
    setMessage(`Deleted "${item.title}"${item.ref.repeating ? (scope === 'one' ? ' on that day' : scope === 'future' ? ' from that day on' : ' (every time)') : ''}.`);
    setReload((n) => n + 1);
  };

  return (
    <section className="lb-stack">
      <PageHeader
        title="Calendar" description="Events, plans, goals and habits in one place. Drag an event or a plan to move it."
        actions={<span className="lb-row"><Link to="/events">Events</Link><Link to="/planner">Planner</Link><Link to="/calendar/connections">Connect a calendar</Link></span>}
      />
      {failed ? <p role="status" className="lb-muted">The calendar's events could not be loaded; only goals and habits are shown. Try again later.</p> : null}
      {message ? <p role="status">{message}</p> : null}
      {pendingMove ? (
        <ScopeChoice question={`Move "${pendingMove.item.title}": which ones?`} allowAll={false} onChoose={(scope) => void saveMove(pendingMove, scope)} onCancel={() => { pendingMove.revert(); setPendingMove(null); }} />
      ) : null}
      <ul className="lb-calendar-legend" aria-label="Colours">
        {Object.entries(sourceColours).map(([kind, { colour, label }]) => <li key={kind}><span className="lb-calendar-swatch" style={{ background: colour }} />{label}</li>)}
      </ul>
      <Suspense fallback={<p className="lb-muted">Loading the calendar…</p>}>
        <CalendarView items={items} initialView={initialView} onRange={onRange} onSelect={setSelected} onMove={onMove} />
      </Suspense>
      {selected ? (
        <Panel title={selected.title} level={2}>
          <p>{when(selected)}</p>
          <p className="lb-muted">{sourceColours[selected.kind].label.replace(/s$/, '')}{selected.calendar ? `: ${selected.calendar}` : ''}{selected.ref?.repeat ? ` · ${describeRepeat(selected.ref.repeat)}` : ''}</p>
          <div className="lb-row">
            {selected.href ? <Link to={selected.href}>Open</Link> : null}
            {selected.ref && !selected.ref.repeating ? <Button onClick={() => void remove(selected, 'all')}>Delete</Button> : null}
            <Button variant="ghost" onClick={() => setSelected(null)}>Close</Button>
          </div>
          {selected.ref?.repeating ? <ScopeChoice question="Delete which ones?" allowAll onChoose={(scope) => void remove(selected, scope)} onCancel={() => setSelected(null)} /> : null}
        </Panel>
      ) : null}
    </section>
  );
}
