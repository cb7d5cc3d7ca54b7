import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { describeSchedule, describeStreak } from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import { $habitRows, $habitRowsStatus, loadHabitRows } from '@lifeboard/shared/stores/habits';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { HabitDays } from '@lifeboard/shared/ui/HabitDays';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

/** `/report/habit-summary`: every habit with the server's strength and streaks (the same numbers as its page). */
export function HabitSummary() {
  const board = useStore($board);
  const rows = useStore($habitRows);
  const status = useStore($habitRowsStatus);
  useEffect(() => { void loadHabitRows(board.id); }, [board.id]);
  return (
    <section className="lb-stack">
      <PageHeader title="Habit summary" description="Strength, streaks and the last 7 days of every habit." />
      {status === 'loading' && !rows.length ? <Skeleton lines={4} /> : null}
      {status === 'error' && !rows.length ? <ErrorPanel message="Your habits could not be loaded." onRetry={() => void loadHabitRows(board.id, { force: true })} /> : null}
      {status === 'ready' && !rows.length ? <EmptyState title="No habits yet" action={<Link to="/new-habit">Create your first habit</Link>} /> : null}
      {rows.map((row) => (
        <Panel key={row.habit.id} title={<Link to={`/habits/${row.habit.id}`}>{String(row.habit.title)}</Link>} level={2}>
          <p>
            {describeSchedule(row.habit)} · strength <strong>{Math.round(row.stats.score * 100)}%</strong> · current streak {describeStreak(row.stats.current_streak, row.stats.streak_unit, row.stats.period_days)}
            {' '}· best {describeStreak(row.stats.best_streak, row.stats.streak_unit, row.stats.period_days)} · {row.stats.total_checkins} check-ins
          </p>
          <HabitDays row={row} board={board.id} />
        </Panel>
      ))}
    </section>
  );
}
