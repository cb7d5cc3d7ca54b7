import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { fetchHabitHistory, savePause, type HabitHistory } from '@lifeboard/shared/api/habits';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { Link, useNavigate, useParams } from '@lifeboard/shared/lib/router';
import {
  describeReminders,
  describeSchedule,
  describeStreak,
  weekdayNames,
} from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $habitCheckInsSaved, $habitRowsShown, forgetHabitRows, loadHabitRow } from '@lifeboard/shared/stores/habits';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { TextField } from '@lifeboard/shared/ui/fields';
import { DayCheckIn, HabitDays } from '@lifeboard/shared/ui/HabitDays';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { useRecord } from '@lifeboard/shared/ui/ModelDetail';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { HabitForm } from './HabitForm';
import { Heatmap } from './Heatmap';
import { LoopExportButton } from './LoopCsv';
import './habits.css';

const StrengthChart = lazy(() => import('./StrengthChart'));

function colourOf(habit: AnyRecord): string {
  return typeof habit.color === 'string' && habit.color ? habit.color : '#2f5bd3';
}

function pausesOf(habit: AnyRecord): { from: string; to: string | null }[] {
  return Array.isArray(habit.paused_ranges) ? (habit.paused_ranges as { from: string; to: string | null }[]) : [];
}

/** `/habits/:id`: strength now and over time, streaks, the years' heatmap, completion by weekday, notes, pauses. */
export function HabitDetail() {
  const { id } = useParams();
  const habitId = Number(id);
  const { record, error, reload } = useRecord('habit', habitId);
  if (error)
    return (
      <ErrorPanel
        message={error.status === 404 ? 'This habit does not exist, or is not yours.' : error.message}
        onRetry={reload}
      />
    );
  if (!record) return <Skeleton lines={6} />;
  return <HabitPage habit={record} reload={reload} />;
}

function HabitPage({ habit, reload }: { habit: AnyRecord; reload: () => void }) {
  const board = useStore($board);
  const navigate = useNavigate();
  const row = useStore($habitRowsShown)[habit.id];
  const saved = useStore($habitCheckInsSaved);
  const [history, setHistory] = useState<HabitHistory | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const today = localDate();

  useEffect(() => {
    void loadHabitRow(board.id, habit);
  }, [board.id, habit]);
  useEffect(() => {
    let live = true;
    void fetchHabitHistory(board.id, habit.id).then((answer) => {
      if (live) setHistory(answer);
    });
    return () => {
      live = false;
    };
  }, [board.id, habit.id, saved, habit.updated_at]);

  async function archive() {
    const result = await getCollection('habit').update(habit.id, {
      archived_at: habit.archived_at ? null : new Date().toISOString(),
    });
    if (!result.ok)
      notify({
        kind: 'error',
        message: `The habit was not ${habit.archived_at ? 'restored' : 'archived'}: ${result.error.message}`,
      });
    else forgetHabitRows();
  }

  async function remove() {
    const undo = await getCollection('habit').remove(habit.id);
    if (!undo.ok) {
      notify({ kind: 'error', message: `The habit was not deleted: ${undo.error?.message ?? ''}` });
      return;
    }
    forgetHabitRows();
    notify({
      kind: 'success',
      message: `“${String(habit.title)}” was deleted.`,
      action: {
        label: 'Undo',
        run: async () => {
          await undo();
          forgetHabitRows();
        },
      },
    });
    void navigate('/habits');
  }

  const stats = row?.stats;
  const reminders = describeReminders(habit);
  const colour = colourOf(habit);
  const notes = (history?.entries ?? []).filter((e) => e.note).reverse();
  const maxWeekday = Math.max(1, ...(history?.by_weekday ?? [0]));
  return (
    <section className="lb-stack" style={{ '--lb-habit-colour': colour } as Record<string, string>}>
      <PageHeader
        title={String(habit.title)}
        description={`${describeSchedule(habit)}${habit.archived_at ? ' · archived' : ''}`}
        actions={<Link to="/habits">All habits</Link>}
      />
      {typeof habit.description === 'string' && habit.description ? <p>{habit.description}</p> : null}
      {reminders ? <p className="lb-muted">{reminders}</p> : null}
      {stats ? (
        <>
          <dl className="lb-habit-facts">
            <div>
              <dt>Strength now</dt>
              <dd>{Math.round(stats.score * 100)}%</dd>
            </div>
            <div>
              <dt>Current streak</dt>
              <dd>{describeStreak(stats.current_streak, stats.streak_unit, stats.period_days)}</dd>
            </div>
            <div>
              <dt>Best streak</dt>
              <dd>{describeStreak(stats.best_streak, stats.streak_unit, stats.period_days)}</dd>
            </div>
            <div>
              <dt>Total check-ins</dt>
              <dd>{stats.total_checkins}</dd>
            </div>
          </dl>
          {stats.paused_today ? (
            <p>This habit is paused today: days while paused neither lower its strength nor break its streak.</p>
          ) : null}
          <Panel title="Last 7 days">{row ? <HabitDays row={row} board={board.id} /> : null}</Panel>
        </>
      ) : (
        <Skeleton lines={2} />
      )}
      <Panel title="Strength over time">
        {history === undefined ? (
          <Skeleton lines={3} />
        ) : history === null ? (
          <p role="alert">The history could not be loaded.</p>
        ) : history.scores.length ? (
          <Suspense fallback={<Skeleton lines={3} />}>
            <StrengthChart scores={history.scores} colour={colour} />
          </Suspense>
        ) : (
          <p>No check-ins yet: strength starts with the first one.</p>
        )}
      </Panel>
      <Panel title="History">
        {history ? (
          <Heatmap
            today={today}
            entries={history.entries}
            checkIn={(date, close) => {
              if (!row) return null;
              const entry = history.entries.find((e) => e.date === date);
              const value = entry?.value ?? null;
              const state = value === null ? 'none' : value === 'skip' ? 'skipped' : 'done';
              return (
                <DayCheckIn
                  habit={row.habit}
                  board={board.id}
                  day={{ date, value, state, note: entry?.note ?? '' }}
                  onClose={close}
                />
              );
            }}
            habit={{
              kind: String(habit.kind ?? 'yes_no'),
              target: typeof habit.target === 'number' ? habit.target : null,
              unit: typeof habit.unit === 'string' ? habit.unit : '',
              weekdays: Array.isArray(habit.weekdays) ? (habit.weekdays as number[]) : [],
              paused: pausesOf(habit),
              colour,
            }}
          />
        ) : (
          <Skeleton lines={3} />
        )}
      </Panel>
      <Panel title="Done by day of the week">
        {history ? (
          <div className="lb-weekday-bars">
            {[1, 2, 3, 4, 5, 6, 0].map((d) => (
              <div key={d} style={{ display: 'contents' }}>
                <span>{weekdayNames[d].slice(0, 3)}</span>
                <span aria-hidden="true">
                  <span
                    className="lb-weekday-bars__bar"
                    style={{ display: 'block', width: `${(history.by_weekday[d] / maxWeekday) * 100}%` }}
                  />
                </span>
                <span aria-label={`${weekdayNames[d]}: ${history.by_weekday[d]} times`}>{history.by_weekday[d]}</span>
              </div>
            ))}
          </div>
        ) : (
          <Skeleton lines={2} />
        )}
      </Panel>
      <Panel title="Notes">
        {notes.length ? (
          <ul>
            {notes.map((e) => (
              <li key={e.date}>
                <strong>{e.date}</strong>: {e.note}
              </li>
            ))}
          </ul>
        ) : (
          <p className="lb-muted">No notes yet. A habit counted in amounts takes a note with each check-in.</p>
        )}
      </Panel>
      <PausePanel habit={habit} board={board.id} today={today} onChanged={reload} />
      <Panel title="Settings">
        {editing ? (
          <HabitForm habit={habit} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        ) : (
          <div className="lb-row">
            <Button onClick={() => setEditing(true)}>Edit habit</Button>
            <Button onClick={() => void archive()}>{habit.archived_at ? 'Restore from archive' : 'Archive'}</Button>
            <LoopExportButton board={board.id} habitId={habit.id} label="Export as CSV" />
            <Button variant="danger" onClick={() => void remove()}>
              Delete
            </Button>
          </div>
        )}
      </Panel>
    </section>
  );
}

function PausePanel({
  habit,
  board,
  today,
  onChanged,
}: {
  habit: AnyRecord;
  board: number;
  today: string;
  onChanged: () => void;
}) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 6));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pauses = pausesOf(habit);

  async function after(message: string) {
    setBusy(false);
    if (message) {
      setError(message);
      return;
    }
    setError('');
    onChanged();
    forgetHabitRows();
    await loadHabitRow(board, habit);
  }

  async function pause(event: FormEvent) {
    event.preventDefault();
    if (!from) {
      setError('Choose the first day of the pause.');
      return;
    }
    if (to && to < from) {
      setError('The pause cannot end before it starts.');
      return;
    }
    setBusy(true);
    await after(await savePause(board, habit.id, { from, to: to || null }));
  }

  return (
    <Panel title="Pause">
      <p>
        Away, ill, on holiday? Paused days neither lower the strength nor break the streak; they show in blue on the
        history.
      </p>
      {pauses.length ? (
        <ul>
          {pauses.map((p) => (
            <li key={p.from}>{p.to ? `From ${p.from} to ${p.to}` : `From ${p.from}, until you resume`}</li>
          ))}
        </ul>
      ) : null}
      <form className="lb-row" onSubmit={(e) => void pause(e)} aria-label="Pause this habit">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField
          label="To (leave empty: until you resume)"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" busy={busy}>
          Pause
        </Button>
        {pauses.some((p) => p.to === null || p.to >= today) ? (
          <Button
            busy={busy}
            onClick={() => {
              setBusy(true);
              void savePause(board, habit.id, { resumeFrom: today }).then(after);
            }}
          >
            Resume today
          </Button>
        ) : null}
      </form>
      {error ? (
        <p role="alert" className="lb-field__error">
          {error}
        </p>
      ) : null}
    </Panel>
  );
}
