import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { useLiveProgress } from '../goals/use-live-progress';

/** Home widget: active goals with their progress now (a goal measured by its habits moves with their check-ins). */
export function GoalsInProgress() {
  const { items, status } = useCollection('goal');
  const percentOf = useLiveProgress(items);
  const active = items.filter((g) => g.id > 0 && (g.status ?? 'active') === 'active').slice(0, 5);
  if (!active.length && status === 'loading') return <Skeleton lines={3} />;
  if (!active.length) return <EmptyState title="No active goals" action={<Link to="/new-goal">Set a goal</Link>} />;
  return (
    <ul>
      {active.map((g) => {
        const percent = percentOf(g);
        return (
          <li key={g.id}>
            <Link to={`/goal/${g.id}`}>{g.title}</Link>{' '}
            <progress max={100} value={percent} aria-label={`${String(g.title)} progress`} /> {Math.round(percent)}%
          </li>
        );
      })}
    </ul>
  );
}
