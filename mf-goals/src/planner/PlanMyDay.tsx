import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchCalendarEvents } from '@lifeboard/shared/api/calendar';
import { persistentAtom, storageKeyPrefix } from '@lifeboard/shared/stores/persistent';
import { Button } from '@lifeboard/shared/ui/Button';
import { Checkbox, TextField } from '@lifeboard/shared/ui/fields';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { fromServer, type CalendarItem } from '../calendar/calendar-items';
import { moveOccurrence } from '../calendar/series-edit';
import { hoursAndMinutes, place, type TrayEntry } from './plan-actions';

const isHours = (value: unknown): value is number => typeof value === 'number' && value > 0 && value <= 24;
/** The hours someone has for planned work on a day: a setting of this screen, kept on this device. */
export const $hoursAvailable = persistentAtom<number>(`${storageKeyPrefix}planner:hoursAvailable`, 6, isHours);

const minutesOf = (item: CalendarItem) =>
  item.allDay || !item.end
    ? 0
    : Math.max(0, Math.round((new Date(item.end).getTime() - new Date(item.start).getTime()) / 60_000));
const pad = (n: number) => String(n).padStart(2, '0');

/** Where today's new time boxes begin: 09:00, or the next half hour once the day is under way. */
function firstFreeTime(now = new Date()): string {
  const minutes = now.getHours() * 60 + now.getMinutes();
  if (minutes < 9 * 60) return '09:00';
  const next = Math.min(Math.ceil((minutes + 1) / 30) * 30, 23 * 60);
  return `${pad(Math.floor(next / 60))}:${pad(next % 60)}`;
}

interface Choice {
  key: string;
  title: string;
  hint: string;
  minutes: number;
  yesterday?: CalendarItem;
  entry?: TrayEntry;
}

/**
 * The daily planning ritual: yesterday's unfinished plans are offered again, today's work is picked from
 * the tray with a length for each, and the total is weighed against the hours available. Picked work is
 * timeboxed one after another from a start time; the grid then holds it, ready to be dragged about.
 */
export function PlanMyDay({
  board,
  tray,
  reload,
  onPlanned,
  onClose,
}: {
  board: number;
  tray: TrayEntry[];
  reload: number;
  onPlanned: (message: string) => void;
  onClose: () => void;
}) {
  const today = localDate();
  const yesterday = addDays(today, -1);
  const hours = useStore($hoursAvailable);
  const [hoursText, setHoursText] = useState(String(hours));
  const [hoursError, setHoursError] = useState<string | null>(null);
  const [items, setItems] = useState<CalendarItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<Record<string, boolean>>({});
  const [lengths, setLengths] = useState<Record<string, string>>({});
  const [startTime, setStartTime] = useState(firstFreeTime);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchCalendarEvents(yesterday, today).then((result) => {
      if (!current) return;
      setFailed(!result.ok);
      setItems(result.ok ? result.data.map(fromServer).filter((item): item is CalendarItem => item !== null) : []);
    });
    return () => {
      current = false;
    };
  }, [yesterday, today, reload]);

  const dayOf = (item: CalendarItem) => (item.allDay ? item.start.slice(0, 10) : localDate(new Date(item.start)));
  const plans = (items ?? []).filter((item) => item.kind === 'planned');
  // A repeating plan comes round again by itself; only one-off plans left undone are carried over.
  const unfinished = plans.filter((item) => dayOf(item) === yesterday && !item.done && !item.ref?.repeating);
  const plannedToday = plans.filter((item) => dayOf(item) === today && !item.allDay);
  const alreadyMinutes = plannedToday.reduce((sum, item) => sum + minutesOf(item), 0);

  const choices: Choice[] = [
    ...unfinished.map((item) => ({
      key: `yesterday:${item.id}`,
      title: item.title,
      hint: 'Not done yesterday',
      minutes: minutesOf(item) || 30,
      yesterday: item,
    })),
    // Plans without a time for yesterday are already offered above.
    ...tray
      .filter((entry) => !unfinished.some((item) => entry.plannedId === item.ref?.id))
      .map((entry) => ({ key: entry.key, title: entry.title, hint: entry.hint, minutes: 30, entry })),
  ];

  const lengthOf = (choice: Choice) => {
    const value = Number(lengths[choice.key] ?? choice.minutes);
    return Number.isInteger(value) && value >= 5 && value <= 720 ? value : null;
  };
  const chosen = choices.filter((choice) => picked[choice.key]);
  const pickedMinutes = chosen.reduce((sum, choice) => sum + (lengthOf(choice) ?? 0), 0);
  const total = alreadyMinutes + pickedMinutes;
  const available = hours * 60;

  const saveHours = (text: string) => {
    setHoursText(text);
    const value = Number(text);
    if (!isHours(value)) return setHoursError('Between 0.5 and 24 hours.');
    setHoursError(null);
    $hoursAvailable.set(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return setError('Pick at least one thing to do today.');
    const wrong = chosen.find((choice) => lengthOf(choice) === null);
    if (wrong) return setError(`Give "${wrong.title}" a length between 5 and 720 minutes.`);
    if (!/^\d{2}:\d{2}$/.test(startTime)) return setError('Pick the time your day starts.');
    setError(null);
    setBusy(true);
    let start = new Date(`${today}T${startTime}:00`);
    const done: string[] = [];
    for (const choice of chosen) {
      const minutes = lengthOf(choice)!;
      const end = new Date(start.getTime() + minutes * 60_000);
      const result = choice.yesterday?.ref
        ? await moveOccurrence(choice.yesterday.ref, { start, end, allDay: false }, 'one')
        : await place(board, choice.entry!, start, minutes);
      if (!result.ok) {
        setBusy(false);
        // What was planned so far stays planned; the rest stays picked to try again.
        setPicked(Object.fromEntries(chosen.filter((c) => !done.includes(c.key)).map((c) => [c.key, true])));
        onPlanned(done.length ? `Planned ${done.length} of ${chosen.length}.` : '');
        return setError(`Could not plan "${choice.title}": ${result.error.message}`);
      }
      done.push(choice.key);
      start = end;
    }
    setBusy(false);
    setPicked({});
    onPlanned(
      `Today is planned: ${chosen.length} ${chosen.length === 1 ? 'thing' : 'things'} added, ${hoursAndMinutes(total)} of ${hoursAndMinutes(available)}.`,
    );
  };

  return (
    <Panel title="Plan my day" level={2}>
      <form className="lb-stack" onSubmit={(event) => void submit(event)} aria-label="Plan my day">
        {failed ? (
          <p role="status" className="lb-muted">
            Yesterday's plans could not be loaded; you can still pick today's work.
          </p>
        ) : null}
        {items === null ? <p className="lb-muted">Looking at yesterday…</p> : null}
        {items !== null && unfinished.length === 0 ? (
          <p className="lb-muted">Nothing left over from yesterday.</p>
        ) : null}
        <fieldset className="lb-stack lb-plan-day__list">
          <legend>What will you do today?</legend>
          {choices.length === 0 ? (
            <p className="lb-muted">Nothing waiting in the tray. Add a plan below, or a task to a project.</p>
          ) : null}
          {choices.map((choice) => (
            <div key={choice.key} className="lb-row lb-plan-day__item">
              <Checkbox
                label={choice.title}
                checked={Boolean(picked[choice.key])}
                onChange={(e) => setPicked((p) => ({ ...p, [choice.key]: e.target.checked }))}
              />
              <span className="lb-muted">{choice.hint}</span>
              <TextField
                label={`Minutes for "${choice.title}"`}
                type="number"
                min={5}
                max={720}
                step={5}
                value={lengths[choice.key] ?? String(choice.minutes)}
                onChange={(e) => setLengths((l) => ({ ...l, [choice.key]: e.target.value }))}
              />
            </div>
          ))}
        </fieldset>
        <div className="lb-row lb-planner-time">
          <TextField
            label="Hours available today"
            type="number"
            min={0.5}
            max={24}
            step={0.5}
            value={hoursText}
            onChange={(e) => saveHours(e.target.value)}
            error={hoursError ?? undefined}
          />
          <TextField
            label="Start the day at"
            type="time"
            value={startTime}
            onChange={(e) => setStartTime(e.target.value)}
          />
        </div>
        <p role="status" aria-label="Planned time">
          <meter min={0} max={available} value={Math.min(total, available)} high={available * 0.9} aria-hidden="true" />{' '}
          {hoursAndMinutes(total)} planned of {hoursAndMinutes(available)} available
          {alreadyMinutes ? ` (${hoursAndMinutes(alreadyMinutes)} already on the grid)` : ''}.
          {total > available ? (
            <strong> That is {hoursAndMinutes(total - available)} more than you have.</strong>
          ) : null}
        </p>
        {error ? (
          <p role="alert" className="lb-field__error">
            {error}
          </p>
        ) : null}
        <div className="lb-row">
          <Button type="submit" variant="primary" busy={busy}>
            Plan today
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Panel>
  );
}
