import { Link } from '@lifeboard/shared/lib/router';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState } from '@lifeboard/shared/ui/feedback';

/** Home widget: the latest workout session. */
export function LatestSession() {
  const { items } = useCollection('workout_session');
  const last = items.find((s) => s.id > 0);
  if (!last) return <EmptyState title="No sessions yet" action={<Link to="/workouts">Pick a workout</Link>} />;
  const sets = Array.isArray(last.sets) ? last.sets.length : 0;
  return (
    <p>
      <Link to={`/workout-session/${last.id}`}>
        {typeof last.title === 'string' && last.title ? last.title : formatDisplayDate(String(last.started_at))}
      </Link>{' '}
      · {sets} sets{last.ended_at ? '' : ' · in progress'}
    </p>
  );
}
