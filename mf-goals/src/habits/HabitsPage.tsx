import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadOnceStartingNow } from '@lifeboard/shared/lib/load-once';
import { fetchHabitOverview, type HabitRow } from '@lifeboard/shared/api/habits';
import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { describeSchedule, describeStreak } from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { $habitRows, $habitRowsMore, $habitRowsStatus, loadHabitRows, loadMoreHabitRows } from '@lifeboard/shared/stores/habits';
import { notify } from '@lifeboard/shared/stores/notifications';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { HabitDays } from '@lifeboard/shared/ui/HabitDays';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { HabitForm } from './HabitForm';
import { LoopCsvPanel } from './LoopCsv';
import './habits.css';

// Drag and drop (dnd-kit) loads with this screen, not with the area: asked for as soon as the screen's code runs,
// beside the habits' own request. The list waits for it rather than showing a plain list first: swapping that list
// for the sortable one remounted every line and closed an amount being typed.
const SortableItems = lazy(loadOnceStartingNow(() => import('@lifeboard/shared/ui/SortableItems')));

/** `/new-habit`: the habit form in people's words; the new habit's page opens when it is saved. */
export function NewHabitPage() {
  const navigate = useNavigate();
  return (
    <section className="lb-stack">
      <PageHeader title="New habit" actions={<Link to="/how-habits-work">How habits work</Link>} />
      <Panel><HabitForm habit={null} onSaved={(record) => navigate(`/habits/${record.id}`)} /></Panel>
    </section>
  );
}

/** One habit: its colour, name, schedule, strength and streak, and the last 7 days to check in on. */
function HabitLine({ row, board }: { row: HabitRow; board: number }) {
  const { habit, stats } = row;
  return (
    <>
      <span className="lb-habit-line__swatch" style={{ background: typeof habit.color === 'string' && habit.color ? habit.color : 'var(--lb-primary)' }} aria-hidden="true" />
      <div className="lb-habit-line__text">
        <Link to={`/habits/${habit.id}`} className="lb-habit-line__title">{String(habit.title)}</Link>
        <span className="lb-muted">
          {describeSchedule(habit)} · strength {Math.round(stats.score * 100)}% · streak {describeStreak(stats.current_streak, stats.streak_unit, stats.period_days)}
          {stats.paused_today ? ' · paused' : ''}
        </span>
      </div>
      <HabitDays row={row} board={board} />
    </>
  );
}

/** `/habits`: every habit with the last 7 days; tap a day to check in, drag (or use the keyboard) to reorder. */
export function HabitsPage() {
  const board = useStore($board);
  const rows = useStore($habitRows);
  const status = useStore($habitRowsStatus);
  const more = useStore($habitRowsMore);
  const [showArchived, setShowArchived] = useState(false);

  useEffect(() => { void loadHabitRows(board.id); }, [board.id]);

  async function reorder(from: number, to: number) {
    const before = $habitRows.get();
    if (from < 0 || to < 0 || from === to) return;
    const after = [...before];
    after.splice(to, 0, ...after.splice(from, 1));
    $habitRows.set(after);
    // Positions follow the new order; only the habits whose position changed are saved.
    const base = Math.min(...before.map((row) => Number(row.habit.position ?? 0)));
    const changes = after.map((row, i) => ({ row, position: base + i })).filter(({ row, position }) => row.habit.position !== position);
    const results = await Promise.all(changes.map(({ row, position }) => getCollection('habit').update(row.habit.id, { position })));
    if (results.some((result) => !result.ok)) {
      $habitRows.set(before);
      notify({ kind: 'error', message: 'The new order was not saved, so it was undone.' });
      return;
    }
    $habitRows.set($habitRows.get().map((row) => {
      const change = changes.find((c) => c.row.habit.id === row.habit.id);
      return change ? { ...row, habit: { ...row.habit, position: change.position } } : row;
    }));
  }

  return (
    <section className="lb-stack">
      <PageHeader title="Habits" description={`Tap a day to check in: done, then skipped, then nothing. Today is ${localDate()}.`}
        actions={<><Link to="/new-habit" className="lb-button lb-button--primary">New habit</Link> <Link to="/how-habits-work">How habits work</Link></>} />
      {status === 'error' && !rows.length ? <ErrorPanel message="Your habits could not be loaded." onRetry={() => void loadHabitRows(board.id, { force: true })} /> : null}
      {status === 'loading' && !rows.length ? <Skeleton lines={4} /> : null}
      {status === 'ready' && !rows.length ? <EmptyState title="No habits yet" description="A habit is something you do regularly: every day, 3 times a week, or at least 8 glasses a day." action={<Link to="/new-habit">Create your first habit</Link>} /> : null}
      {rows.length ? (
        <Suspense fallback={<Skeleton lines={Math.min(rows.length, 6)} />}>
          <SortableItems ids={rows.map((row) => String(row.habit.id))} labels={rows.map((row) => String(row.habit.title))} onMove={(from, to) => void reorder(from, to)}
            listLabel="Your habits" listClassName="lb-habit-list" itemClassName="lb-habit-line" itemAttributes={(i) => ({ 'data-habit-id': String(rows[i].habit.id) })}
            render={(i) => <HabitLine row={rows[i]} board={board.id} />} />
        </Suspense>
      ) : null}
      {more !== null ? <Button onClick={() => void loadMoreHabitRows(board.id)}>Show more habits</Button> : null}
      <div><Button variant="ghost" aria-expanded={showArchived} onClick={() => setShowArchived(!showArchived)}>{showArchived ? 'Hide archived habits' : 'Show archived habits'}</Button></div>
      {showArchived ? <ArchivedHabits board={board.id} /> : null}
      <LoopCsvPanel board={board.id} />
    </section>
  );
}

function ArchivedHabits({ board }: { board: number }) {
  const [rows, setRows] = useState<HabitRow[] | null | undefined>(undefined);
  useEffect(() => { void fetchHabitOverview(board, { archived: true, date: localDate(), limit: 100 }).then((page) => setRows(page ? page.habits : null)); }, [board]);
  if (rows === undefined) return <Skeleton lines={2} />;
  if (rows === null) return <p role="alert">Archived habits could not be loaded.</p>;
  if (!rows.length) return <p className="lb-muted">No archived habits.</p>;
  return (
    <ul className="lb-habit-list" aria-label="Archived habits">
      {rows.map((row) => (
        <li key={row.habit.id} className="lb-habit-line">
          <div className="lb-habit-line__text">
            <Link to={`/habits/${row.habit.id}`} className="lb-habit-line__title">{String(row.habit.title)}</Link>
            <span className="lb-muted">{describeSchedule(row.habit)} · archived · strength {Math.round(row.stats.score * 100)}%</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
