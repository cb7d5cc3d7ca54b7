import { useState, type FormEvent } from 'react';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { TextArea, TextField } from '@lifeboard/shared/ui/fields';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { minutesLabel, nightTimes, sleepMinutes } from './sleep-stats';

interface Values {
  date: string;
  bed: string;
  wake: string;
  score: string;
  note: string;
}

const empty = (): Values => ({ date: localDate(), bed: '23:00', wake: '07:00', score: '', note: '' });

/** What is wrong with the values, in words; null when they can be saved. */
export function checkNight(values: Values): {
  times: ReturnType<typeof nightTimes>;
  score: number | null;
  error: string | null;
} {
  const times = values.date ? nightTimes(values.date, values.bed, values.wake) : null;
  if (!values.date) return { times, score: null, error: 'Say which morning you woke up.' };
  if (values.date > localDate()) return { times, score: null, error: 'That morning has not come yet.' };
  if (!times) return { times, score: null, error: 'Give the time you went to bed and the time you woke up.' };
  const score = values.score.trim() === '' ? null : Number(values.score);
  if (score !== null && (!Number.isInteger(score) || score < 0 || score > 100))
    return { times, score: null, error: 'The score is a whole number from 0 to 100.' };
  return { times, score, error: null };
}

/** Logs a night: the morning woken, bed and wake times (the time asleep is worked out), a score and a note. */
export function SleepLogForm({ onSaved }: { onSaved: () => void }) {
  const [values, setValues] = useState<Values>(empty);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const preview = checkNight(values);
  const minutes = preview.times ? sleepMinutes(preview.times.bed_at, preview.times.wake_at) : null;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { times, score, error: problem } = checkNight(values);
    if (problem || !times) {
      setError(problem ?? '');
      return;
    }
    setBusy(true);
    const result = await getCollection('sleep_score').create({
      date: values.date,
      ...times,
      score,
      quality: values.note.trim(),
    });
    setBusy(false);
    // On a failure everything typed stays in the form.
    if (!result.ok) {
      setError(`The night was not saved: ${result.error.message}`);
      return;
    }
    setError('');
    setValues(empty());
    onSaved();
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="lb-stack" aria-label="Log a night" noValidate>
      <div className="lb-row">
        <TextField
          label="Morning you woke up"
          type="date"
          value={values.date}
          max={localDate()}
          onChange={set('date')}
        />
        <TextField label="Went to bed" type="time" value={values.bed} onChange={set('bed')} />
        <TextField label="Woke up" type="time" value={values.wake} onChange={set('wake')} />
        <TextField
          label="Score (0 to 100)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={values.score}
          onChange={set('score')}
        />
      </div>
      <TextArea label="How it felt (optional)" value={values.note} onChange={set('note')} rows={2} maxLength={2000} />
      <p aria-live="polite" data-testid="sleep-duration">
        {minutes !== null ? `That is ${minutesLabel(minutes)} asleep.` : ''}
      </p>
      {error ? (
        <p role="alert" className="lb-field__error">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Log this night
        </Button>
      </div>
    </form>
  );
}
