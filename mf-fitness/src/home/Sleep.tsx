import { Link } from '@lifeboard/shared/lib/router';
import { useHome } from '@lifeboard/shared/stores/home';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { minutesLabel, nightOf, sleepAverages } from '../sleep/sleep-stats';

/** Home widget: the average score and time asleep of the last seven nights logged (from /home's one request). */
export function SleepWidget() {
  const { data, status } = useHome();
  const week = sleepAverages((data?.sleep ?? []).map((record) => nightOf(record)));
  if (!week.nights && status === 'loading') return <Skeleton lines={1} />;
  if (!week.nights) return <EmptyState title="No nights logged" action={<Link to="/sleep">Log last night</Link>} />;
  return (
    <p>
      Last {week.nights} nights: score {week.score ?? '—'} / 100 ·{' '}
      {week.minutes === null ? '—' : minutesLabel(week.minutes)} asleep on average.
    </p>
  );
}
