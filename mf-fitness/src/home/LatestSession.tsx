import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { useHome } from '@lifeboard/shared/stores/home';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';

/** Home widget: the latest workout session (from /home's one request). */
export function LatestSession() {
  const { data, status } = useHome();
  const last = data?.workout_session;
  if (!last && status === 'loading') return <Skeleton lines={1} />;
  if (!last) return <EmptyState title="No sessions yet" action={<Link to="/workouts">Pick a workout</Link>} />;
  return (
    <p>
      <Link to={`/workout-session/${last.id}`}>{last.title || formatDisplayDate(String(last.started_at))}</Link> ·{' '}
      {last.sets} sets{last.ended_at ? '' : ' · in progress'}
    </p>
  );
}
