import { useStore } from '@nanostores/react';
import { Link } from '@lifeboard/shared/lib/router';
import { checkedInToday, stillDueToday } from '@lifeboard/shared/models/habit-answers';
import { describeSchedule } from '@lifeboard/shared/models/habit-schedule';
import { $board } from '@lifeboard/shared/stores/board';
import { $habitRows, $habitRowsStatus } from '@lifeboard/shared/stores/habits';
import { useHome } from '@lifeboard/shared/stores/home';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { HabitDays } from '@lifeboard/shared/ui/HabitDays';

/**
 * Home widget: the habits the schedule asks for today (a 3-a-week habit already done 3 times this week is not),
 * with today's check-in in one tap; one done today stays, ticked, so it can be undone. /home's one request fills
 * the habits' rows, which /habits shows too, so a check-in here shows there.
 */
export function HabitsDueToday() {
  const board = useStore($board);
  const rows = useStore($habitRows);
  const status = useStore($habitRowsStatus);
  const home = useHome();
  // Still due today, and those already checked in today (ticked, to be undone if need be).
  const due = rows.filter((row) => stillDueToday(row.stats) || checkedInToday(row.stats));
  if (!due.length && (home.status === 'loading' || status === 'loading')) return <Skeleton lines={3} />;
  if (!due.length && (home.status === 'error' || status === 'error'))
    return (
      <p role="alert">
        Your habits could not be loaded. <Link to="/habits">Open habits</Link>
      </p>
    );
  if (!due.length)
    return (
      <EmptyState
        title={rows.length ? 'Nothing due today' : 'No habits yet'}
        action={
          <Link to={rows.length ? '/habits' : '/new-habit'}>{rows.length ? 'See all habits' : 'Create a habit'}</Link>
        }
      />
    );
  return (
    <ul className="lb-stack" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Habits due today">
      {due.map((row) => (
        <li key={row.habit.id} className="lb-row" style={{ justifyContent: 'space-between' }}>
          <span>
            <Link to={`/habits/${row.habit.id}`}>{String(row.habit.title)}</Link>{' '}
            <span className="lb-muted">· {describeSchedule(row.habit)}</span>
          </span>
          <HabitDays row={row} board={board.id} days={1} />
        </li>
      ))}
    </ul>
  );
}
