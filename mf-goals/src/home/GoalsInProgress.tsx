import { Link } from '@lifeboard/shared/lib/router';
import { useHome } from '@lifeboard/shared/stores/home';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';

/** Home widget: active goals with their progress now, as /home's one request answers it. */
export function GoalsInProgress() {
  const { data, status } = useHome();
  const active = data?.goals ?? [];
  if (!active.length && status === 'loading') return <Skeleton lines={3} />;
  if (!active.length) return <EmptyState title="No active goals" action={<Link to="/new-goal">Set a goal</Link>} />;
  return (
    <ul>
      {active.map((goal) => (
        <li key={goal.id}>
          <Link to={`/goal/${goal.id}`}>{goal.title}</Link>{' '}
          <progress max={100} value={goal.percent} aria-label={`${goal.title} progress`} /> {Math.round(goal.percent)}%
        </li>
      ))}
    </ul>
  );
}
