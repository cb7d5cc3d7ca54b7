import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link, useParams } from '@lifeboard/shared/lib/router';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { $board } from '@lifeboard/shared/stores/board';
import { notify } from '@lifeboard/shared/stores/notifications';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Button } from '@lifeboard/shared/ui/Button';
import { ModelDetailRoute, useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { adherence, doseState, dueSlots, scheduleOf, type Intake } from './doses';
import { ScheduleEditor } from './ScheduleEditor';

const intakesOf = (medicine: AnyRecord): Intake[] =>
  Array.isArray(medicine.intakes) ? (medicine.intakes as Intake[]) : [];

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
const dayText = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const stateWords = { taken: 'Taken', missed: 'Missed', open: 'Due', 'not logged': 'Not logged' } as const;

/** "Tue, Nov 24 · 08:00 dose: taken at 08:12" — a line of the dose log. */
export function intakeLine(intake: Intake): string {
  const when = `${dayText(localDate(new Date(intake.at)))}, ${clock(intake.at)}`;
  if (!intake.due) return `${when}: taken (not a scheduled dose)${intake.note ? ` — ${intake.note}` : ''}`;
  const slot = `${dayText(intake.due.slice(0, 10))} · ${intake.due.slice(11)} dose`;
  return intake.status === 'missed' ? `${slot}: missed` : `${slot}: taken at ${clock(intake.at)}`;
}

function Adherence({ medicine }: { medicine: AnyRecord }) {
  const schedule = scheduleOf(medicine);
  const today = localDate();
  // Doses count from the day the medicine was added, not before it.
  const since =
    typeof medicine.created_at === 'string' && medicine.created_at ? localDate(new Date(medicine.created_at)) : today;
  const line = (days: number) => {
    const from = addDays(today, -days + 1);
    const found = adherence(schedule, intakesOf(medicine), from > since ? from : since, today, Date.now());
    if (found.percent === null) return `Last ${days} days: no dose was due yet.`;
    return `Last ${days} days: ${found.taken} of ${found.due} doses taken (${found.percent}%)${found.missed ? ` · ${found.missed} missed` : ''}${found.notLogged ? ` · ${found.notLogged} not logged` : ''}.`;
  };
  if (schedule.times.length === 0)
    return (
      <Panel title="Adherence">
        <p>Taken as needed: adherence is worked out once the medicine has set times.</p>
      </Panel>
    );
  return (
    <Panel title="Adherence">
      <p data-testid="adherence-week">{line(7)}</p>
      <p>{line(30)}</p>
    </Panel>
  );
}

function DoseLog({ medicine }: { medicine: AnyRecord }) {
  const [busy, setBusy] = useState(false);
  const intakes = intakesOf(medicine);
  const schedule = scheduleOf(medicine);
  const today = localDate();
  const slots = dueSlots(schedule, today, today);
  const now = Date.now();
  const save = async (next: Intake[], failure: string) => {
    setBusy(true);
    const result = await updateRecord('medicine', medicine.id, { intakes: next });
    setBusy(false);
    if (!result.ok) notify({ kind: 'error', message: `${failure}: ${result.error.message}` });
  };
  const mark = (slot: string, status: 'taken' | 'missed') =>
    save(
      [...intakes.filter((i) => i.due !== slot), { at: new Date().toISOString(), due: slot, status }],
      'The dose was not logged',
    );
  const undo = (slot: string) =>
    save(
      intakes.filter((i) => i.due !== slot),
      'The dose was not changed',
    );
  const newest = [...intakes].sort(
    (a, b) => (b.due ? `${b.due}` : b.at).localeCompare(a.due ? `${a.due}` : a.at) || b.at.localeCompare(a.at),
  );
  return (
    <Panel title="Doses">
      {slots.length ? (
        <ul className="lb-stack" aria-label="Today's doses">
          {slots.map((slot) => {
            const { state } = doseState(slot, intakes, now);
            const time = slot.slice(11);
            return (
              <li key={slot} className="lb-row" data-slot={slot} data-state={state}>
                <span>
                  Today {time}: <strong>{stateWords[state]}</strong>
                </span>
                {state === 'taken' || state === 'missed' ? (
                  <Button size="small" variant="ghost" disabled={busy} onClick={() => void undo(slot)}>
                    Undo<span className="lb-visually-hidden"> the {time} dose</span>
                  </Button>
                ) : (
                  <>
                    <Button size="small" variant="primary" disabled={busy} onClick={() => void mark(slot, 'taken')}>
                      Taken<span className="lb-visually-hidden"> the {time} dose</span>
                    </Button>
                    <Button size="small" disabled={busy} onClick={() => void mark(slot, 'missed')}>
                      Missed<span className="lb-visually-hidden"> the {time} dose</span>
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{schedule.times.length ? 'No dose is due today.' : 'No set times: log each dose as you take it.'}</p>
      )}
      <Button
        disabled={busy}
        onClick={() => void save([...intakes, { at: new Date().toISOString() }], 'The dose was not logged')}
      >
        Log a dose now
      </Button>
      <h3>Dose log</h3>
      {newest.length ? (
        <ul data-testid="dose-log">
          {newest.slice(0, 60).map((i) => (
            <li key={`${i.at}-${i.due ?? ''}`}>{intakeLine(i)}</li>
          ))}
        </ul>
      ) : (
        <p>No doses logged yet.</p>
      )}
    </Panel>
  );
}

/** `/drug/:id`: the medicine, its schedule and reminders, today's doses, adherence and the dose log. */
export function DrugDetail() {
  const { id } = useParams();
  const { record } = useRecord('medicine', Number(id));
  const board = useStore($board);
  return (
    <ModelDetailRoute model="medicine" backHref="/medicines">
      {record ? (
        <>
          <ScheduleEditor medicine={record} board={board.id} />
          <DoseLog medicine={record} />
          <Adherence medicine={record} />
          <p className="lb-muted">
            Reminders for this medicine are on the <Link to="/reminders">Reminders</Link> page, with your other
            reminders.
          </p>
        </>
      ) : null}
    </ModelDetailRoute>
  );
}
