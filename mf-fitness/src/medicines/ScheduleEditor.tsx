import { useEffect, useState, type FormEvent } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { updateRecord } from '@lifeboard/shared/ui/model/record-cache';
import { Button } from '@lifeboard/shared/ui/Button';
import { Checkbox, TextField } from '@lifeboard/shared/ui/fields';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { describeSchedule, scheduleOf } from './doses';
import { medicineReminders, syncMedicineReminders } from './reminders';

const weekdayLabels = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** What is wrong with a schedule being typed, in words; '' when it can be saved. */
export function checkTimes(times: string[]): string {
  if (times.some((t) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(t))) return 'Give each time of day, or remove the empty one.';
  if (new Set(times).size !== times.length) return 'Each time of day only once.';
  return '';
}

/** A medicine's schedule in words with its reminders, and a form to change them. */
export function ScheduleEditor({ medicine, board }: { medicine: AnyRecord; board: number }) {
  const schedule = scheduleOf(medicine);
  const remind = medicine.reminder === true;
  const [editing, setEditing] = useState(false);
  const [times, setTimes] = useState<string[]>(schedule.times);
  const [days, setDays] = useState<number[]>(schedule.days);
  const [reminder, setReminder] = useState(remind);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [reminderCount, setReminderCount] = useState<number | null>(null);
  const [synced, setSynced] = useState(0);
  useEffect(() => {
    if (!board) return;
    let live = true;
    void medicineReminders(board, medicine.id).then((found) => {
      if (live) setReminderCount(found ? found.length : null);
    });
    return () => {
      live = false;
    };
  }, [board, medicine.id, synced]);

  const open = () => {
    setTimes(schedule.times.length ? schedule.times : ['08:00']);
    setDays(schedule.days);
    setReminder(remind);
    setMessage('');
    setEditing(true);
  };
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkTimes(times);
    if (problem) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    const next = { times: [...times].sort(), days: [...days].sort((a, b) => a - b) };
    const saved = await updateRecord('medicine', medicine.id, { ...next, reminder: reminder && next.times.length > 0 });
    if (!saved.ok) {
      setBusy(false);
      setMessage(`The schedule was not saved: ${saved.error.message}`);
      return;
    }
    const remindersProblem = await syncMedicineReminders(
      board,
      { id: medicine.id, name: String(medicine.name ?? ''), dose: String(medicine.dose ?? '') },
      next,
      reminder && next.times.length > 0,
    );
    setBusy(false);
    setSynced((n) => n + 1);
    if (remindersProblem) {
      setMessage(`The schedule was saved, but: ${remindersProblem}`);
      return;
    }
    setEditing(false);
  }

  const reminderWords =
    !remind || schedule.times.length === 0
      ? 'No reminders.'
      : reminderCount === null
        ? 'Reminders by e-mail at these times.'
        : reminderCount === schedule.times.length
          ? `Reminded by e-mail at ${schedule.times.length === 1 ? 'this time' : `these ${schedule.times.length} times`}.`
          : 'Reminders are on, but they do not match the schedule: save the schedule again to fix them.';
  return (
    <Panel title="Schedule">
      <p data-testid="medicine-schedule">
        {describeSchedule(schedule)}
        {medicine.dose ? ` · ${String(medicine.dose)}` : ''}
      </p>
      <p data-testid="medicine-reminders">{reminderWords}</p>
      {editing ? (
        <form
          className="lb-stack"
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Change the schedule"
          noValidate
        >
          <fieldset className="lb-fieldset">
            <legend className="lb-field__label">Times of day</legend>
            {times.map((time, i) => (
              <div className="lb-row" key={i}>
                <TextField
                  label={`Time ${i + 1}`}
                  type="time"
                  value={time}
                  onChange={(e) => setTimes(times.map((t, j) => (j === i ? e.target.value : t)))}
                />
                <Button size="small" variant="ghost" onClick={() => setTimes(times.filter((_, j) => j !== i))}>
                  Remove<span className="lb-visually-hidden"> time {i + 1}</span>
                </Button>
              </div>
            ))}
            <Button size="small" onClick={() => setTimes([...times, ''])} disabled={times.length >= 12}>
              Add a time
            </Button>
          </fieldset>
          <fieldset className="lb-fieldset">
            <legend className="lb-field__label">On these days (none ticked: every day)</legend>
            <div className="lb-row">
              {weekdayLabels.map((label, d) => (
                <Checkbox
                  key={label}
                  label={label}
                  checked={days.includes(d)}
                  onChange={(e) => setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))}
                />
              ))}
            </div>
          </fieldset>
          <Checkbox
            label="Remind me by e-mail at these times"
            checked={reminder}
            onChange={(e) => setReminder(e.target.checked)}
          />
          {message ? (
            <p role="alert" className="lb-field__error">
              {message}
            </p>
          ) : null}
          <div className="lb-row">
            <Button type="submit" variant="primary" busy={busy}>
              Save schedule
            </Button>
            <Button onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          {message ? (
            <p role="alert" className="lb-field__error">
              {message}
            </p>
          ) : null}
          <Button onClick={open}>Change schedule</Button>
        </>
      )}
    </Panel>
  );
}
