import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { registerClearable } from '@lifeboard/shared/stores/data';
import { persistentAtom, storageKeyPrefix } from '@lifeboard/shared/stores/persistent';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { Select, TextField } from '@lifeboard/shared/ui/fields';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { hoursAndMinutes } from '../planner/plan-actions';

/** A timer that runs while the page is closed: what, since when, under which category. */
export interface RunningTimer {
  title: string;
  startedAt: string;
  categoryId: number | null;
}
const isTimer = (value: unknown): value is RunningTimer | null =>
  value === null ||
  (typeof value === 'object' &&
    typeof (value as RunningTimer).title === 'string' &&
    !Number.isNaN(Date.parse(String((value as RunningTimer).startedAt))));
export const $runningTimer = persistentAtom<RunningTimer | null>(`${storageKeyPrefix}activityTimer`, null, isTimer);
// Signing out stops it: the next person on this device does not inherit it.
registerClearable(() => $runningTimer.set(null));

const pad = (n: number) => String(n).padStart(2, '0');
/** "4:05" or "1:02:09": a running clock. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * `/activities`' quick log: start a timer on what you are doing and stop it to log the activity with its
 * start, end and length; or log something already done by its minutes. The timer survives a reload.
 */
export function ActivityTimer() {
  const running = useStore($runningTimer);
  const categories = useCollection('category');
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState('');
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running]);

  const categoryOptions = categories.items
    .filter((c) => c.id > 0)
    .map((c) => ({ value: String(c.id), label: String(c.name) }));
  const categoryId = category ? Number(category) : null;

  const log = async (fields: Record<string, unknown>, what: string): Promise<boolean> => {
    setBusy(true);
    const result = await getCollection('activity').create(fields);
    setBusy(false);
    if (!result.ok) {
      setError(`"${what}" was not logged: ${result.error.message}`);
      return false;
    }
    setError(null);
    return true;
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (!text) return setError('Say what you are doing first.');
    setError(null);
    setMessage(null);
    $runningTimer.set({ title: text.slice(0, 200), startedAt: new Date().toISOString(), categoryId });
    setTitle('');
  };

  const stop = async () => {
    if (!running) return;
    const startedAt = new Date(running.startedAt);
    const end = new Date();
    const length = Math.min(1440, Math.max(0, Math.round((end.getTime() - startedAt.getTime()) / 60_000)));
    const ok = await log(
      {
        title: running.title,
        date: localDate(startedAt),
        start_at: startedAt.toISOString(),
        end_at: end.toISOString(),
        duration_min: length,
        ...(running.categoryId ? { category_id: running.categoryId } : {}),
      },
      running.title,
    );
    // A refused log keeps the timer, so nothing is lost.
    if (!ok) return;
    $runningTimer.set(null);
    setMessage(`Logged "${running.title}": ${hoursAndMinutes(length)}.`);
  };

  const logDone = async () => {
    const text = title.trim();
    const length = Number(minutes);
    if (!text) return setError('Say what you did first.');
    if (!minutes || !Number.isInteger(length) || length < 1 || length > 1440)
      return setError('How long it took: whole minutes, 1 to 1440.');
    const ok = await log(
      {
        title: text.slice(0, 200),
        date: localDate(),
        duration_min: length,
        ...(categoryId ? { category_id: categoryId } : {}),
      },
      text,
    );
    if (!ok) return;
    setTitle('');
    setMinutes('');
    setMessage(`Logged "${text}": ${hoursAndMinutes(length)}.`);
  };

  return (
    <Panel title="Quick log" level={2}>
      {running ? (
        <div className="lb-row" role="timer" aria-label="Running timer">
          <p>
            <strong>{running.title}</strong> · <span aria-live="off">{clock(now - Date.parse(running.startedAt))}</span>
          </p>
          <Button variant="primary" busy={busy} onClick={() => void stop()}>
            Stop and log
          </Button>
          <Button variant="ghost" onClick={() => $runningTimer.set(null)}>
            Discard
          </Button>
        </div>
      ) : (
        <form className="lb-row lb-planner-time" onSubmit={start} aria-label="Quick log">
          <TextField
            label="What are you doing?"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
          />
          {categoryOptions.length ? (
            <Select
              label="Category"
              value={category}
              placeholder="No category"
              options={categoryOptions}
              onChange={(e) => setCategory(e.target.value)}
            />
          ) : null}
          <Button type="submit" variant="primary">
            Start timer
          </Button>
          <TextField
            label="Or: minutes it took"
            type="number"
            min={1}
            max={1440}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
          <Button busy={busy} onClick={() => void logDone()}>
            Log it
          </Button>
        </form>
      )}
      {error ? (
        <p role="alert" className="lb-field__error">
          {error}
        </p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </Panel>
  );
}
