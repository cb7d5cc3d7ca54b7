import { useStore } from '@nanostores/react';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { $board } from '@lifeboard/shared/stores/board';
import { $calendarEvents } from '@lifeboard/shared/stores/data';
import { $habitRows, loadHabitRows } from '@lifeboard/shared/stores/habits';
import { stillDueToday } from '@lifeboard/shared/models/habit-answers';
import { loadCalendarEvents } from '@lifeboard/shared/stores/data-loaders';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { fromServer, type CalendarItem } from '../calendar/calendar-items';
import { moveOccurrence } from '../calendar/series-edit';
import { markDone, place as placeEntry, type TrayEntry } from './plan-actions';
import '../calendar/calendar.css';
import './planner.css';

const PlannerGrid = lazy(() => import('./PlannerGrid'));
const PlanMyDay = lazy(() => import('./PlanMyDay').then((m) => ({ default: m.PlanMyDay })));
// The schema form (the shell's `kit-models` chunk, ~9 kB gzip) loads when a person opens it, not with the week.
const ModelForm = lazy(() => import('@lifeboard/shared/ui/ModelForm').then((m) => ({ default: m.ModelForm })));

const pad = (n: number) => String(n).padStart(2, '0');
const timeOf = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
const at = (date: string, time: string) => new Date(`${date}T${time || '09:00'}:00`);
const dayName = (date: string) => formatDisplayDate(`${date}T12:00:00`).replace(/ @.*$/, '');

/** The keyboard way to timebox (or move) something: a day of the week, a start time and a length. */
function TimeForm({
  days,
  label,
  initial,
  onSave,
}: {
  days: string[];
  label: string;
  initial?: { date: string; time: string; minutes: number };
  onSave: (start: Date, minutes: number) => void;
}) {
  const [date, setDate] = useState(
    initial?.date ?? (days.includes(localDate()) ? localDate() : (days[0] ?? localDate())),
  );
  const [time, setTime] = useState(initial?.time ?? '09:00');
  const [minutes, setMinutes] = useState(String(initial?.minutes ?? 30));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = Number(minutes);
    if (!/^\d{2}:\d{2}$/.test(time)) return setError('Pick a start time.');
    if (!Number.isInteger(length) || length < 5 || length > 720) return setError('A length between 5 and 720 minutes.');
    setError(null);
    onSave(at(date, time), length);
  };
  const dayOptions = [...new Set([...days, date])].map((d) => ({ value: d, label: dayName(d) }));
  return (
    <form className="lb-row lb-planner-time" onSubmit={submit} aria-label={label}>
      <Select label="Day" value={date} options={dayOptions} onChange={(e) => setDate(e.target.value)} />
      <TextField label="Start" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      <TextField
        label="Minutes"
        type="number"
        min={5}
        max={720}
        step={5}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" size="small">
        {label}
      </Button>
    </form>
  );
}

/**
 * `/planner`: the week on a time grid with a tray of unscheduled work (planned activities without a time,
 * habits due today, milestones due this week, open project tasks). Drag work onto the grid to timebox it,
 * drag or resize to change it, or use the forms; mark a plan done to log it as an activity.
 */
export function Planner() {
  const board = useStore($board);
  const [range, setRange] = useState(() => {
    const today = new Date();
    const monday = addDays(localDate(today), -((today.getDay() + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  });
  const [reload, setReload] = useState(0);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [selected, setSelected] = useState<CalendarItem | null>(null);
  const [planning, setPlanning] = useState(false);
  const [adding, setAdding] = useState(false);
  const trayRef = useRef<HTMLUListElement | null>(null);
  const served = useStore($calendarEvents);
  // The home page's store and rule: due today and not checked in yet.
  const habitRows = useStore($habitRows);
  useEffect(() => {
    if (board.id) void loadHabitRows(board.id);
  }, [board.id]);
  const goals = useCollection('goal');
  const projects = useCollection('project');

  useEffect(() => {
    let current = true;
    void loadCalendarEvents(range.from, range.to).then((ok) => {
      if (current) setFailed(!ok);
    });
    return () => {
      current = false;
    };
  }, [range.from, range.to, reload]);

  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(range.from, i)), [range.from]);
  const all = useMemo(() => served.map(fromServer).filter((item): item is CalendarItem => item !== null), [served]);
  // A plan without a time waits in the tray; everything else is on the grid.
  const unscheduled = all.filter(
    (item) => item.kind === 'planned' && item.allDay && !item.done && !item.ref?.repeating,
  );
  const onGrid = all.filter((item) => !unscheduled.includes(item));

  const today = localDate();
  const tray: TrayEntry[] = [
    ...unscheduled.map((item) => ({
      key: `planned:${item.ref!.id}`,
      title: item.title,
      hint: `Planned for ${dayName(item.start.slice(0, 10))}`,
      work: { title: item.title },
      plannedId: item.ref!.id,
      board: item.ref!.board,
    })),
    ...habitRows
      .filter((row) => stillDueToday(row.stats))
      .map(({ habit }) => ({
        key: `habit:${habit.id}`,
        title: String(habit.title),
        hint: 'Habit due today',
        work: { title: String(habit.title) },
      })),
    ...goals.items
      .filter((g) => g.id > 0 && g.status !== 'dropped' && g.status !== 'done')
      .flatMap((g) =>
        (Array.isArray(g.milestones) ? g.milestones : [])
          .map((m, i) => ({ m: m, i }))
          .filter(
            ({ m }) =>
              !m.done_at && typeof m.due_date === 'string' && m.due_date >= range.from && m.due_date <= range.to,
          )
          .map(({ m, i }) => ({
            key: `milestone:${g.id}:${i}`,
            title: String(m.title ?? ''),
            hint: `Milestone of "${String(g.title)}", due ${dayName(String(m.due_date))}`,
            work: { title: String(m.title ?? ''), goal_id: g.id },
          })),
      ),
    ...projects.items
      .filter((p) => p.id > 0 && (p.status === 'active' || p.status === 'planned'))
      .flatMap((p) =>
        (Array.isArray(p.tasks) ? p.tasks : [])
          .map((t, i) => ({ t: t, i }))
          .filter(({ t }) => !t.done_at)
          .slice(0, 10)
          .map(({ t, i }) => ({
            key: `task:${p.id}:${i}`,
            title: String(t.title ?? ''),
            hint: `Task of "${String(p.title)}"${t.due_date ? `, due ${dayName(t.due_date)}` : ''}`,
            work: { title: String(t.title ?? ''), goal_id: typeof p.goal_id === 'number' ? p.goal_id : null },
          })),
      ),
  ];

  const done = (text: string) => {
    setMessage(text);
    setReload((n) => n + 1);
  };

  const place = async (entry: TrayEntry, start: Date, minutes: number) => {
    const result = await placeEntry(board.id, entry, start, minutes);
    if (!result.ok) return setMessage(`Could not plan "${entry.title}": ${result.error.message}`);
    done(`Planned "${entry.title}" for ${formatDisplayDate(start.toISOString())}.`);
  };

  const onDropWork = (key: string, start: Date, allDay: boolean) => {
    const entry = tray.find((t) => t.key === key);
    if (!entry) return;
    if (allDay) return setMessage('Drop it on a time to timebox it.');
    void place(entry, start, 30);
  };

  const move = async (item: CalendarItem, start: Date, end: Date | null, allDay: boolean, revert?: () => void) => {
    if (!item.ref) return revert?.();
    const result = await moveOccurrence(item.ref, { start, end, allDay }, 'one');
    if (!result.ok) {
      revert?.();
      return setMessage(`Could not move "${item.title}": ${result.error.message}`);
    }
    setSelected(null);
    done(`Moved "${item.title}" to ${formatDisplayDate(start.toISOString())}.`);
  };

  const finish = async (item: CalendarItem) => {
    if (!item.ref) return;
    const result = await markDone(
      item.ref,
      item.title,
      item.allDay ? null : new Date(item.start),
      item.allDay || !item.end ? null : new Date(item.end),
    );
    if (!result.ok) return setMessage(`Could not mark "${item.title}" done: ${result.error.message}`);
    setSelected(null);
    done(`Done: "${item.title}" is logged in your activities.`);
  };

  const onRange = useCallback(
    (start: Date, end: Date) => setRange({ from: localDate(start), to: addDays(localDate(end), -1) }),
    [],
  );
  const selectedStart = selected && !selected.allDay ? new Date(selected.start) : null;
  const selectedMinutes =
    selected && selectedStart && selected.end
      ? Math.round((new Date(selected.end).getTime() - selectedStart.getTime()) / 60_000)
      : 30;

  return (
    <section className="lb-stack">
      <PageHeader
        title="Planner"
        description={`The week of ${dayName(range.from)}. Drag work from the tray onto a time to timebox it.`}
        actions={
          <div className="lb-row">
            <Button variant="primary" onClick={() => setPlanning(true)} aria-expanded={planning}>
              Plan my day
            </Button>
            <Link to="/calendar">Calendar</Link>
          </div>
        }
      />
      {failed ? (
        <p role="status" className="lb-muted">
          Your plans could not be loaded. Try again later.
        </p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      {planning ? (
        <Suspense fallback={<p className="lb-muted">Opening the day…</p>}>
          <PlanMyDay
            board={board.id}
            tray={tray}
            reload={reload}
            onPlanned={(text) => done(text)}
            onClose={() => setPlanning(false)}
          />
        </Suspense>
      ) : null}
      <div className="lb-planner">
        <aside className="lb-planner-tray" aria-label="Unscheduled">
          <h2 className="lb-panel__title">Unscheduled</h2>
          {/* Always rendered: the grid's drag source listens on this list for its items. */}
          <ul ref={trayRef} className="lb-stack">
            {tray.map((entry) => (
              <li key={entry.key} className="lb-planner-tray__item" data-tray-key={entry.key} data-title={entry.title}>
                <strong>{entry.title}</strong>
                <span className="lb-muted">{entry.hint}</span>
                <details>
                  <summary>Timebox without dragging</summary>
                  <TimeForm
                    days={days}
                    label={`Timebox "${entry.title}"`}
                    onSave={(start, minutes) => void place(entry, start, minutes)}
                  />
                </details>
              </li>
            ))}
          </ul>
          {tray.length ? null : (
            <p className="lb-muted">
              Nothing waiting. Add a plan below, or a task to a <Link to="/projects">project</Link>.
            </p>
          )}
        </aside>
        <div className="lb-planner-week">
          <Suspense fallback={<p className="lb-muted">Loading the week…</p>}>
            <PlannerGrid
              items={onGrid}
              trayRef={trayRef}
              onRange={onRange}
              onSelect={setSelected}
              onMove={(item, start, end, allDay, revert) => void move(item, start, end, allDay, revert)}
              onDropWork={onDropWork}
            />
          </Suspense>
        </div>
      </div>
      {selected ? (
        <Panel title={selected.done ? `✓ ${selected.title}` : selected.title} level={2}>
          <p>
            {selected.allDay
              ? `${dayName(selected.start.slice(0, 10))} (all day)`
              : `${formatDisplayDate(selected.start)}${selected.end ? ` – ${timeOf(new Date(selected.end))}` : ''}`}
          </p>
          <div className="lb-row">
            {selected.kind === 'planned' && !selected.done ? (
              <Button variant="primary" onClick={() => void finish(selected)}>
                Mark done
              </Button>
            ) : null}
            {selected.href ? <Link to={selected.href}>Open</Link> : null}
            <Button variant="ghost" onClick={() => setSelected(null)}>
              Close
            </Button>
          </div>
          {selected.movable && !selected.done ? (
            <TimeForm
              key={selected.id}
              days={days}
              label="Move"
              initial={{
                date:
                  selected.start.slice(0, 10) === selected.start ? selected.start : localDate(new Date(selected.start)),
                time: selectedStart ? timeOf(selectedStart) : '09:00',
                minutes: selectedMinutes,
              }}
              onSave={(start, minutes) =>
                void move(selected, start, new Date(start.getTime() + minutes * 60_000), false)
              }
            />
          ) : null}
        </Panel>
      ) : null}
      <Panel title="Plan something" level={2}>
        <details onToggle={(event) => event.currentTarget.open && setAdding(true)}>
          <summary>Add a plan</summary>
          {adding ? (
            <Suspense fallback={<p className="lb-muted">Opening the form…</p>}>
              <ModelForm
                model="plannedactivity"
                defaults={{ date: today }}
                submitLabel="Plan it"
                onSaved={() => setReload((n) => n + 1)}
              />
            </Suspense>
          ) : null}
        </details>
      </Panel>
    </section>
  );
}
