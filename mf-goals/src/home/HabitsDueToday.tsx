import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { isDueOn } from '../planner/Planner';

/** Home widget: the habits due today, each linking to its check-in. */
export function HabitsDueToday() {
  const { items, status } = useCollection('habit');
  const due = items.filter((h) => h.id > 0 && isDueOn(h, new Date()));
  if (!due.length && status === 'loading') return <Skeleton lines={3} />;
  if (!due.length) return <EmptyState title="No habits due today" action={<Link to="/new-habit">Create a habit</Link>} />;
  return <ul>{due.map((h) => <li key={h.id}><Link to={`/habits/${h.id}`}>{h.title}</Link></li>)}</ul>;
}
