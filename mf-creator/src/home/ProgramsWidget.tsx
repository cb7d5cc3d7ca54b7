import { Link } from '@lifeboard/shared/lib/router';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { formatMoney } from '@lifeboard/shared/lib/money';
import { usePublishedPrograms } from '../catalogue/published';

/** Home widget: the newest programs in the catalogue. */
export function ProgramsWidget() {
  const { programs } = usePublishedPrograms();
  if (programs === null) return <Skeleton lines={3} />;
  if (!programs.length)
    return <EmptyState title="No programs yet" action={<Link to="/programs">Browse programs</Link>} />;
  return (
    <ul>
      {programs.slice(0, 3).map((p) => (
        <li key={p.id}>
          <Link to={`/program/${p.id}`}>{p.title}</Link> — {formatMoney(p.price_cents, p.currency)}
        </li>
      ))}
    </ul>
  );
}
