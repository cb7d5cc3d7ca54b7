import { Link } from '@lifeboard/shared/lib/router';
import { useHome } from '@lifeboard/shared/stores/home';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { formatMoney } from '@lifeboard/shared/lib/money';

/** Home widget: the newest programs in the catalogue (from /home's one request). */
export function ProgramsWidget() {
  const { data, status } = useHome();
  const programs = data?.programs ?? [];
  if (!programs.length && status === 'loading') return <Skeleton lines={3} />;
  if (!programs.length)
    return <EmptyState title="No programs yet" action={<Link to="/programs">Browse programs</Link>} />;
  return (
    <ul>
      {programs.map((p) => (
        <li key={p.id}>
          <Link to={`/program/${p.id}`}>{p.title}</Link> — {formatMoney(p.price_cents, p.currency)}
        </li>
      ))}
    </ul>
  );
}
