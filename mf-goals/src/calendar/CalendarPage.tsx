import { useStore } from '@nanostores/react';
import { Suspense, lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import * as api from '@lifeboard/shared/api/calendar';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { describeRepeat } from '@lifeboard/shared/lib/repeat-rule';
import { $board } from '@lifeboard/shared/stores/board';
import { $calendarConnections, $calendarEvents } from '@lifeboard/shared/stores/data';
import { loadCalendarConnections, loadCalendarEvents } from '@lifeboard/shared/stores/data-loaders';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { useMediaQuery } from '@lifeboard/shared/lib/use-media-query';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Button } from '@lifeboard/shared/ui/Button';
import { Checkbox, DateField, Select, TextField } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { fromServer, goalItems, habitItems, sourceColours, type CalendarItem } from './calendar-items';
import type { CalendarViewName } from './CalendarView';
import type { OtherView } from './PhoneMonth';
import { deleteOccurrence, moveOccurrence, type NewTime, type Scope } from './series-edit';
import './calendar.css';

const CalendarView = lazy(() => import('./CalendarView'));
// A phone's month is drawn by our own small grid (its own chunk): FullCalendar's month is unreadable at 390 px.
const PhoneMonth = lazy(() => import('./PhoneMonth'));

interface PendingMove {
  item: CalendarItem;
  time: NewTime;
  revert: () => void;
}

function when(item: CalendarItem): string {
  if (item.allDay) {
    const last = item.end ? addDays(item.end.slice(0, 10), -1) : item.start;
    const first = formatDisplayDate(`${item.start.slice(0, 10)}T12:00:00`).replace(/ @.*$/, '');
    return last > item.start.slice(0, 10)
      ? `${first} to ${formatDisplayDate(`${last}T12:00:00`).replace(/ @.*$/, '')} (all day)`
      : `${first} (all day)`;
  }
  const end = item.end ? ` – ${formatDisplayDate(item.end).replace(/^.*@ /, '')}` : '';
  return `${formatDisplayDate(item.start)}${end}`;
}

/** "This one / this and all future ones" (and, where it applies, all of them) for a change to a repeating item. */
function ScopeChoice({
  question,
  onChoose,
  onCancel,
  allowAll,
  allLabel = 'All of them',
}: {
  question: string;
  onChoose: (scope: Scope) => void;
  onCancel: () => void;
  allowAll: boolean;
  allLabel?: string;
}) {
  return (
    <div role="group" aria-label={question} className="lb-row">
      <span>{question}</span>
      <Button onClick={() => onChoose('one')}>This one</Button>
      <Button onClick={() => onChoose('future')}>This and all future ones</Button>
      {allowAll ? <Button onClick={() => onChoose('all')}>{allLabel}</Button> : null}
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** A time from the grid as a synced calendar takes it: all-day items run from midnight UTC of their first day. */
function remoteTimes(
  start: Date,
  end: Date | null,
  allDay: boolean,
): Pick<api.CaldavEventInput, 'start' | 'end' | 'all_day'> {
  if (allDay) {
    const first = localDate(start);
    const after = end ? localDate(end) : addDays(first, 1);
    return {
      start: `${first}T00:00:00.000Z`,
      end: `${after > first ? after : addDays(first, 1)}T00:00:00.000Z`,
      all_day: true,
    };
  }
  return {
    start: start.toISOString(),
    end: (end && end > start ? end : new Date(start.getTime() + 3600_000)).toISOString(),
    all_day: false,
  };
}

/** A new event on one of the synced calendars (CalDAV or Google); it is written to the server at once. */
function NewRemoteEvent({
  calendars,
  onSaved,
}: {
  calendars: { id: number; name: string }[];
  onSaved: (message: string) => void;
}) {
  const [calendarId, setCalendarId] = useState(String(calendars[0]?.id ?? ''));
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(localDate());
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('10:00');
  const [allDay, setAllDay] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Give the event a title.';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = 'Pick a day.';
    const start = new Date(`${date}T${from}`);
    const end = new Date(`${date}T${to}`);
    if (!allDay && !(end > start)) found.to = 'The end must be after the start.';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const result = await api.createCaldavEvent(Number(calendarId), {
      title: title.trim(),
      ...remoteTimes(allDay ? new Date(`${date}T00:00`) : start, allDay ? null : end, allDay),
    });
    setBusy(false);
    if (!result.ok) return setErrors({ form: result.error.message });
    const name = calendars.find((c) => String(c.id) === calendarId)?.name ?? '';
    setTitle('');
    onSaved(`Added "${title.trim()}" to ${name}.`);
  };
  return (
    <form
      className="lb-stack"
      onSubmit={(event) => void submit(event)}
      aria-label="Add an event to a synced calendar"
      noValidate
    >
      <div className="lb-row">
        <Select
          label="Calendar"
          value={calendarId}
          onChange={(e) => setCalendarId(e.target.value)}
          options={calendars.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <TextField
          label="Title"
          value={title}
          maxLength={300}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
        />
      </div>
      <div className="lb-row">
        <DateField label="Day" value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} />
        {allDay ? null : <TextField label="From" type="time" value={from} onChange={(e) => setFrom(e.target.value)} />}
        {allDay ? null : (
          <TextField label="To" type="time" value={to} onChange={(e) => setTo(e.target.value)} error={errors.to} />
        )}
        <Checkbox label="All day" checked={allDay} onChange={(e) => setAllDay(e.target.checked)} />
      </div>
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Add the event
        </Button>
      </div>
      {errors.form ? <p role="alert">{errors.form}</p> : null}
    </form>
  );
}

/**
 * Renaming an event of a synced calendar. For a repeating one the person says which days: this one (an override on
 * the server, or Google's instance), this and all future ones (a new series from that day), or every time.
 */
function RemoteEventActions({
  item,
  onSaved,
  onFailed,
}: {
  item: CalendarItem & { remote: NonNullable<CalendarItem['remote']> };
  onSaved: (message: string) => void;
  /** The server refused (or took a newer version): the form stays, with what was typed. */
  onFailed: () => void;
}) {
  const [title, setTitle] = useState(item.title);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<{ title?: string; form?: string }>({});
  useEffect(() => setTitle(item.title), [item.title]);
  const newTitle = title.trim();
  const { repeating } = item.remote;
  const save = async (scope: Scope) => {
    setAsking(false);
    setBusy(true);
    // Named by where it is: a single event is renamed whole, one moved on its own alone; a series as chosen.
    const at = !repeating
      ? { occurrence: item.start, scope: 'one' as const }
      : scope === 'all'
        ? undefined
        : { occurrence: item.start, scope };
    const result = await api.updateCaldavEvent(item.remote.id, { title: newTitle }, at);
    setBusy(false);
    if (!result.ok) {
      setError({ form: `Could not rename "${item.title}": ${result.error.message}` });
      return onFailed();
    }
    const which = repeating
      ? { one: ' (only this one)', future: ' (this one and all after it)', all: ' (every time)' }[scope]
      : '';
    onSaved(`Renamed "${item.title}" to "${newTitle}"${which} in ${item.calendar ?? 'its calendar'}.`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!newTitle) return setError({ title: 'Give the event a title.' });
    if (newTitle === item.title) return setError({ title: 'Type the new title first.' });
    setError({});
    if (repeating) setAsking(true);
    else void save('one');
  };
  return (
    <div className="lb-stack">
      <form className="lb-row" onSubmit={submit} aria-label="Rename the event" noValidate>
        <TextField
          label="Title"
          value={title}
          maxLength={300}
          onChange={(e) => setTitle(e.target.value)}
          error={error.title}
        />
        <Button type="submit" busy={busy}>
          Rename
        </Button>
      </form>
      {asking ? (
        <ScopeChoice
          question={`Rename "${item.title}" to "${newTitle}": which ones?`}
          allowAll
          allLabel="Every time"
          onChoose={(scope) => void save(scope)}
          onCancel={() => setAsking(false)}
        />
      ) : null}
      {error.form ? <p role="alert">{error.form}</p> : null}
    </div>
  );
}

/**
 * `/calendar`: month, week, day and agenda views of everything dated: events, planned activities and
 * subscribed calendars (repeats expanded by the server), goal target dates and milestones, and the habits due.
 */
export function CalendarPage({ initialView = 'dayGridMonth' }: { initialView?: CalendarViewName }) {
  const phone = useMediaQuery('(max-width: 600px)');
  // The view and the day shown, so a switch between the phone's month and FullCalendar's views keeps both. Refs,
  // read when a view is first drawn: paging FullCalendar or switching its view does not draw the page again (that
  // second drawing of the page and of FullCalendar made a click on "Week" ~20 ms slower). Only on a phone, where
  // the page draws the month itself, does a change of view draw the page.
  const shownView = useRef<CalendarViewName>(initialView);
  const shownDay = useRef(localDate());
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const onView = useCallback(
    (next: CalendarViewName, day: string) => {
      // FullCalendar's own month on a phone gives way to the page's.
      const toPhoneMonth = phone && next === 'dayGridMonth' && shownView.current !== next;
      shownView.current = next;
      shownDay.current = day;
      if (toPhoneMonth) redraw();
    },
    [phone],
  );
  const onPhoneView = useCallback((next: OtherView) => {
    shownView.current = next;
    redraw();
  }, []);
  const onPhoneDay = useCallback((day: string) => {
    shownDay.current = day;
  }, []);
  const [range, setRange] = useState(() => ({ from: localDate(), to: addDays(localDate(), 34) }));
  const [reload, setReload] = useState(0);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<CalendarItem | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const served = useStore($calendarEvents);
  const connections = useStore($calendarConnections);
  const syncedCalendars = useMemo(
    () =>
      connections
        .filter((c) => c.provider !== 'ics')
        .flatMap((c) =>
          (c.calendars ?? [])
            .filter((cal) => cal.selected)
            .map((cal) => ({
              id: cal.id,
              name: connections.filter((o) => o.provider !== 'ics').length > 1 ? `${cal.name} (${c.name})` : cal.name,
            })),
        ),
    [connections],
  );
  useEffect(() => {
    void loadCalendarConnections();
  }, []);
  const goals = useCollection('goal');
  const habits = useCollection('habit');

  // A board made current (the first after signing in comes once the user has loaded, after this page asked)
  // empties the stores: the events are asked for again.
  const board = useStore($board).id;
  useEffect(() => {
    let current = true;
    void loadCalendarEvents(range.from, range.to).then((ok) => {
      if (current) setFailed(!ok);
    });
    return () => {
      current = false;
    };
  }, [range.from, range.to, reload, board]);

  const items = useMemo(
    () => [
      ...served.map(fromServer).filter((item): item is CalendarItem => item !== null),
      ...goalItems(goals.items, range.from, range.to),
      ...habitItems(habits.items, range.from, range.to),
    ],
    [served, goals.items, habits.items, range.from, range.to],
  );

  // The range fetched: a view inside the one already held (the week of the month shown) keeps it, so switching
  // views draws at once from the items in hand instead of fetching and drawing them all again.
  const onRange = useCallback((start: Date, end: Date) => {
    const next = { from: localDate(start), to: addDays(localDate(end), -1) };
    setRange((held) => (held.from <= next.from && next.to <= held.to ? held : next));
  }, []);

  const saveMove = async (move: PendingMove, scope: Scope) => {
    setPendingMove(null);
    const remote = move.item.remote;
    if (remote) {
      // Named by where it was: a single event moves whole, one already moved on its own moves alone.
      const result = await api.updateCaldavEvent(
        remote.id,
        remoteTimes(move.time.start, move.time.end, move.time.allDay),
        { occurrence: move.item.start, scope: remote.repeating && scope === 'future' ? 'future' : 'one' },
      );
      if (!result.ok) {
        move.revert();
        setMessage(`Could not move "${move.item.title}": ${result.error.message}`);
        setReload((n) => n + 1);
        return;
      }
      const which = remote.repeating ? (scope === 'future' ? ' (this one and all after it)' : ' (only this one)') : '';
      setMessage(`Moved "${move.item.title}"${which} in ${move.item.calendar ?? 'its calendar'}.`);
      setReload((n) => n + 1);
      return;
    }
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
    if (item.ref?.repeating || item.remote?.repeating) setPendingMove(move);
    else void saveMove(move, 'one');
  };

  const remove = async (item: CalendarItem, scope: Scope) => {
    const target = item.ref ?? item.remote;
    if (!target) return;
    // A synced calendar's item is named by where it is, so deleting one moved on its own never deletes its series.
    const result = item.remote
      ? await api.deleteCaldavEvent(
          item.remote.id,
          scope === 'all' ? undefined : { occurrence: item.start, scope: item.remote.repeating ? scope : 'one' },
        )
      : await deleteOccurrence(item.ref!, scope);
    if (!result.ok) return setMessage(`Could not delete "${item.title}": ${result.error.message}`);
    setSelected(null);
    const which = target.repeating
      ? scope === 'one'
        ? ' on that day'
        : scope === 'future'
          ? ' from that day on'
          : ' (every time)'
      : '';
    setMessage(`Deleted "${item.title}"${which}${item.remote ? ` from ${item.calendar ?? 'its calendar'}` : ''}.`);
    setReload((n) => n + 1);
  };

  return (
    <section className="lb-stack">
      <PageHeader
        title="Calendar"
        description="Events, plans, goals and habits in one place. Drag an event or a plan to move it."
        actions={
          <span className="lb-row">
            <Link to="/events">Events</Link>
            <Link to="/planner">Planner</Link>
            <Link to="/calendar/connections">Connect a calendar</Link>
          </span>
        }
      />
      {failed ? (
        <p role="status" className="lb-muted">
          The calendar's events could not be loaded; only goals and habits are shown. Try again later.
        </p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      {pendingMove ? (
        <ScopeChoice
          question={`Move "${pendingMove.item.title}": which ones?`}
          allowAll={false}
          onChoose={(scope) => void saveMove(pendingMove, scope)}
          onCancel={() => {
            pendingMove.revert();
            setPendingMove(null);
          }}
        />
      ) : null}
      <ul className="lb-calendar-legend" aria-label="Colours">
        {Object.entries(sourceColours).map(([kind, { colour, label }]) => (
          <li key={kind}>
            <span className="lb-calendar-swatch" style={{ background: colour }} />
            {label}
          </li>
        ))}
      </ul>
      <Suspense fallback={<p className="lb-muted">Loading the calendar…</p>}>
        {phone && shownView.current === 'dayGridMonth' ? (
          <PhoneMonth
            items={items}
            initialDate={shownDay.current}
            onRange={onRange}
            onSelect={setSelected}
            onDate={onPhoneDay}
            onView={onPhoneView}
          />
        ) : (
          <CalendarView
            items={items}
            initialView={shownView.current}
            initialDate={shownDay.current}
            onView={onView}
            onRange={onRange}
            onSelect={setSelected}
            onMove={onMove}
          />
        )}
      </Suspense>
      {syncedCalendars.length ? (
        <details className="lb-stack">
          <summary>Add an event to a synced calendar</summary>
          <NewRemoteEvent
            calendars={syncedCalendars}
            onSaved={(text) => {
              setMessage(text);
              setReload((n) => n + 1);
            }}
          />
        </details>
      ) : null}
      {selected ? (
        <Panel title={selected.title} level={2}>
          <p>{when(selected)}</p>
          <p className="lb-muted">
            {sourceColours[selected.kind].label.replace(/s$/, '')}
            {selected.calendar ? `: ${selected.calendar}` : ''}
            {selected.ref?.repeat ? ` · ${describeRepeat(selected.ref.repeat)}` : ''}
          </p>
          <div className="lb-row">
            {selected.href ? <Link to={selected.href}>Open</Link> : null}
            {selected.ref && !selected.ref.repeating ? (
              <Button onClick={() => void remove(selected, 'all')}>Delete</Button>
            ) : null}
            {selected.remote && !selected.remote.repeating ? (
              <Button variant="danger" onClick={() => void remove(selected, 'one')}>
                Delete
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setSelected(null)}>
              Close
            </Button>
          </div>
          {selected.ref?.repeating || selected.remote?.repeating ? (
            <ScopeChoice
              question="Delete which ones?"
              allowAll
              onChoose={(scope) => void remove(selected, scope)}
              onCancel={() => setSelected(null)}
            />
          ) : null}
          {selected.remote ? (
            <RemoteEventActions
              key={selected.id}
              item={{ ...selected, remote: selected.remote }}
              onSaved={(text) => {
                setMessage(text);
                setSelected(null);
                setReload((n) => n + 1);
              }}
              onFailed={() => setReload((n) => n + 1)}
            />
          ) : null}
        </Panel>
      ) : null}
    </section>
  );
}
