import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchHabitWeeks, type HabitWeek } from '@lifeboard/shared/api/habits';
import { Link } from '@lifeboard/shared/lib/router';
import { describeSchedule, describeStreak } from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import {
  $habitRows,
  $habitRowsMore,
  $habitRowsStatus,
  loadHabitRows,
  loadMoreHabitRows,
} from '@lifeboard/shared/stores/habits';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { HabitDays } from '@lifeboard/shared/ui/HabitDays';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { LoopExportButton } from './LoopCsv';

// The chart (uPlot) loads with this report, not with the area.
const HabitWeeksChart = lazy(() => import('./HabitWeeksChart'));
const WEEKS = 12;

/**
 * `/report/habit-summary`: every habit with the server's strength and streaks (the same numbers as its page),
 * and a chart of its last 12 weeks: done against each week's goal, and strength at each week's end.
 */
export function HabitSummary() {
  const board = useStore($board);
  const rows = useStore($habitRows);
  const status = useStore($habitRowsStatus);
  const more = useStore($habitRowsMore);
  const [weeks, setWeeks] = useState<Map<number, HabitWeek[]> | null | undefined>(undefined);
  useEffect(() => {
    void loadHabitRows(board.id);
  }, [board.id]);
  const ids = rows.map((row) => row.habit.id).join(',');
  useEffect(() => {
    if (!ids) return;
    let live = true;
    setWeeks(undefined);
    void fetchHabitWeeks(board.id, ids.split(',').map(Number), WEEKS).then((answer) => {
      if (live) setWeeks(answer);
    });
    return () => {
      live = false;
    };
  }, [board.id, ids]);
  return (
    <section className="lb-stack">
      <PageHeader
        title="Habit summary"
        description={`Strength, streaks, the last 7 days and the last ${WEEKS} weeks of every habit.`}
        actions={
          rows.length ? <LoopExportButton board={board.id} label="Download CSV (Loop Habit Tracker's layout)" /> : null
        }
      />
      {status === 'loading' && !rows.length ? <Skeleton lines={4} /> : null}
      {status === 'error' && !rows.length ? (
        <ErrorPanel
          message="Your habits could not be loaded."
          onRetry={() => void loadHabitRows(board.id, { force: true })}
        />
      ) : null}
      {status === 'ready' && !rows.length ? (
        <EmptyState title="No habits yet" action={<Link to="/new-habit">Create your first habit</Link>} />
      ) : null}
      {weeks === null ? (
        <p role="alert">The weekly charts could not be loaded. The numbers above each are still today’s.</p>
      ) : null}
      {rows.map((row) => {
        const own = weeks?.get(row.habit.id);
        const title = String(row.habit.title);
        const numeric = row.habit.kind === 'at_least' || row.habit.kind === 'at_most';
        return (
          <Panel key={row.habit.id} title={<Link to={`/habits/${row.habit.id}`}>{title}</Link>} level={2}>
            <p>
              {describeSchedule(row.habit)} · strength <strong>{Math.round(row.stats.score * 100)}%</strong> · current
              streak {describeStreak(row.stats.current_streak, row.stats.streak_unit, row.stats.period_days)} · best{' '}
              {describeStreak(row.stats.best_streak, row.stats.streak_unit, row.stats.period_days)} ·{' '}
              {row.stats.total_checkins} check-ins
            </p>
            <HabitDays row={row} board={board.id} />
            {own ? (
              <Suspense fallback={<Skeleton lines={3} />}>
                <HabitWeeksChart
                  title={title}
                  weeks={own}
                  limit={row.habit.kind === 'at_most'}
                  unit={
                    numeric ? (typeof row.habit.unit === 'string' && row.habit.unit ? row.habit.unit : '') : 'times'
                  }
                  colour={typeof row.habit.color === 'string' && row.habit.color ? row.habit.color : '#2563eb'}
                />
              </Suspense>
            ) : weeks === undefined ? (
              <Skeleton lines={3} />
            ) : null}
          </Panel>
        );
      })}
      {more !== null ? <Button onClick={() => void loadMoreHabitRows(board.id)}>Show more habits</Button> : null}
    </section>
  );
}
