import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';

/** Home widget: active goals with their progress. */
export function GoalsInProgress() {
  const { items, status } = useCollection('goal');
  const active = items.filter((g) => g.id > 0 && (g.status ?? 'active') === 'active').slice(0, 5);
  if (!active.length && status === 'loading') return <Skeleton lines={3} />;
  if (!active.length) return <EmptyState title="No active goals" action={<Link to="/new-goal">Set a goal</Link>} />;
  return (
    <ul>
      {active.map((g) => (
        <li key={g.id}><Link to={`/goal/${g.id}`}>{g.title}</Link> <progress max={100} value={Number(g.progress ?? 0)} aria-label={`${String(g.title)} progress`} /> {Math.round(Number(g.progress ?? 0))}%</li>
      ))}
    </ul>
  );
}
