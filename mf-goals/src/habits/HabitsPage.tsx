import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { loadOnce } from '@lifeboard/shared/lib/load-once';
import { fetchHabitOverview, type HabitRow } from '@lifeboard/shared/api/habits';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { Link } from '@lifeboard/shared/lib/router';
import { describeSchedule, describeStreak } from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import {
  $habitRows,
  $habitRowsMore,
  $habitRowsStatus,
  loadHabitRows,
  loadMoreHabitRows,
} from '@lifeboard/shared/stores/habits';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { HabitDays } from '@lifeboard/shared/ui/HabitDays';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader } from '@lifeboard/shared/ui/Panel';
import { LoopCsvPanel } from './LoopCsv';
import './habits.css';

// Drag and drop (dnd-kit) loads when the reader turns to reordering (asked for as they point at or focus the
// button), not with the list: most visits only check in. Reordering shows the habits without their days, so
// nothing being typed in a day's amount is closed by the switch.
const loadSortable = loadOnce(() => import('@lifeboard/shared/ui/SortableItems'));
const SortableItems = lazy(loadSortable);

/** A habit's colour swatch, its name and a line about it under the name. */
function HabitLabel({ habit, name, about }: { habit: HabitRow['habit']; name: ReactNode; about: ReactNode }) {
  return (
    <>
      <span
        className="lb-habit-line__swatch"
        style={{ background: typeof habit.color === 'string' && habit.color ? habit.color : 'var(--lb-primary)' }}
        aria-hidden="true"
      />
      <div className="lb-habit-line__text">
        {name}
        <span className="lb-muted">{about}</span>
      </div>
    </>
  );
}

/** One habit: its colour, name, schedule, strength and streak, and the last 7 days to check in on. */
function HabitLine({ row, board }: { row: HabitRow; board: number }) {
  const { habit, stats } = row;
  return (
    <>
      <HabitLabel
        habit={habit}
        name={
          <Link to={`/habits/${habit.id}`} className="lb-habit-line__title">
            {String(habit.title)}
          </Link>
        }
        about={
          <>
            {describeSchedule(habit)} · strength {Math.round(stats.score * 100)}% · streak{' '}
            {describeStreak(stats.current_streak, stats.streak_unit, stats.period_days)}
            {stats.paused_today ? ' · paused' : ''}
          </>
        }
      />
      <HabitDays row={row} board={board} />
    </>
  );
}

/** A habit as the reorder mode lists it: its colour, name and schedule. */
function HabitName({ row }: { row: HabitRow }) {
  const { habit } = row;
  return (
    <HabitLabel
      habit={habit}
      name={<span className="lb-habit-line__title">{String(habit.title)}</span>}
      about={describeSchedule(habit)}
    />
  );
}

/** `/habits`: every habit with the last 7 days; tap a day to check in. "Reorder" turns the list sortable (drag or keyboard). */
export function HabitsPage() {
  const board = useStore($board);
  const rows = useStore($habitRows);
  const status = useStore($habitRowsStatus);
  const more = useStore($habitRowsMore);
  const [showArchived, setShowArchived] = useState(false);
  const [reordering, setReordering] = useState(false);
  const habitId = (i: number) => ({ 'data-habit-id': String(rows[i].habit.id) });
  const plainList = (line: (row: HabitRow) => ReactNode) => (
    <ol className="lb-habit-list" aria-label="Your habits">
      {rows.map((row, i) => (
        <li key={row.habit.id} className="lb-habit-line" {...habitId(i)}>
          {line(row)}
        </li>
      ))}
    </ol>
  );

  useEffect(() => {
    void loadHabitRows(board.id);
  }, [board.id]);

  async function reorder(from: number, to: number) {
    const before = $habitRows.get();
    if (from < 0 || to < 0 || from === to) return;
    const after = [...before];
    after.splice(to, 0, ...after.splice(from, 1));
    $habitRows.set(after);
    // Positions follow the new order; only the habits whose position changed are saved.
    const base = Math.min(...before.map((row) => Number(row.habit.position ?? 0)));
    const changes = after
      .map((row, i) => ({ row, position: base + i }))
      .filter(({ row, position }) => row.habit.position !== position);
    const results = await Promise.all(
      changes.map(({ row, position }) => getCollection('habit').update(row.habit.id, { position })),
    );
    if (results.some((result) => !result.ok)) {
      $habitRows.set(before);
      notify({ kind: 'error', message: 'The new order was not saved, so it was undone.' });
      return;
    }
    $habitRows.set(
      $habitRows.get().map((row) => {
        const change = changes.find((c) => c.row.habit.id === row.habit.id);
        return change ? { ...row, habit: { ...row.habit, position: change.position } } : row;
      }),
    );
  }

  return (
    <section className="lb-stack">
      <PageHeader
        title="Habits"
        description={`Tap a day to check in: done, then skipped, then nothing. Today is ${formatDisplayDay(localDate())}.`}
        actions={
          <>
            <Link to="/new-habit" className="lb-button lb-button--primary">
              New habit
            </Link>{' '}
            <Link to="/how-habits-work">How habits work</Link>
          </>
        }
      />
      {status === 'error' && !rows.length ? (
        <ErrorPanel
          message="Your habits could not be loaded."
          onRetry={() => void loadHabitRows(board.id, { force: true })}
        />
      ) : null}
      {status === 'loading' && !rows.length ? <Skeleton lines={4} /> : null}
      {status === 'ready' && !rows.length ? (
        <EmptyState
          title="No habits yet"
          description="A habit is something you do regularly: every day, 3 times a week, or at least 8 glasses a day."
          action={<Link to="/new-habit">Create your first habit</Link>}
        />
      ) : null}
      {rows.length > 1 ? (
        <div className="lb-row">
          <Button
            size="small"
            aria-pressed={reordering}
            onClick={() => setReordering(!reordering)}
            onPointerEnter={() => void loadSortable().catch(() => undefined)}
            onFocus={() => void loadSortable().catch(() => undefined)}
          >
            {reordering ? 'Done reordering' : 'Reorder habits'}
          </Button>
          {reordering ? (
            <span className="lb-muted">
              Drag a habit by its handle, or focus the handle and use Space and the arrow keys.
            </span>
          ) : null}
        </div>
      ) : null}
      {rows.length && reordering ? (
        <Suspense
          fallback={plainList((row) => (
            <HabitName row={row} />
          ))}
        >
          <SortableItems
            ids={rows.map((row) => String(row.habit.id))}
            labels={rows.map((row) => String(row.habit.title))}
            onMove={(from, to) => void reorder(from, to)}
            listLabel="Your habits"
            listClassName="lb-habit-list"
            itemClassName="lb-habit-line"
            itemAttributes={habitId}
            render={(i) => <HabitName row={rows[i]} />}
          />
        </Suspense>
      ) : rows.length ? (
        plainList((row) => <HabitLine row={row} board={board.id} />)
      ) : null}
      {more !== null ? <Button onClick={() => void loadMoreHabitRows(board.id)}>Show more habits</Button> : null}
      <div>
        <Button variant="ghost" aria-expanded={showArchived} onClick={() => setShowArchived(!showArchived)}>
          {showArchived ? 'Hide archived habits' : 'Show archived habits'}
        </Button>
      </div>
      {showArchived ? <ArchivedHabits board={board.id} /> : null}
      <LoopCsvPanel board={board.id} />
    </section>
  );
}

function ArchivedHabits({ board }: { board: number }) {
  const [rows, setRows] = useState<HabitRow[] | null | undefined>(undefined);
  useEffect(() => {
    void fetchHabitOverview(board, { archived: true, date: localDate(), limit: 100 }).then((page) =>
      setRows(page ? page.habits : null),
    );
  }, [board]);
  if (rows === undefined) return <Skeleton lines={2} />;
  if (rows === null) return <p role="alert">Archived habits could not be loaded.</p>;
  if (!rows.length) return <p className="lb-muted">No archived habits.</p>;
  return (
    <ul className="lb-habit-list" aria-label="Archived habits">
      {rows.map((row) => (
        <li key={row.habit.id} className="lb-habit-line">
          <div className="lb-habit-line__text">
            <Link to={`/habits/${row.habit.id}`} className="lb-habit-line__title">
              {String(row.habit.title)}
            </Link>
            <span className="lb-muted">
              {describeSchedule(row.habit)} · archived · strength {Math.round(row.stats.score * 100)}%
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
