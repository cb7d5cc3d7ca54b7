import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState } from '@lifeboard/shared/ui/feedback';
import { minutesLabel, nightOf, sleepAverages } from '../sleep/sleep-stats';

/** Home widget: the average score and time asleep of the last seven nights logged. */
export function SleepWidget() {
  const { items } = useCollection('sleep_score');
  const week = sleepAverages(
    items
      .filter((s) => s.id > 0)
      .slice(0, 7)
      .map((record) => nightOf(record)),
  );
  if (!week.nights) return <EmptyState title="No nights logged" action={<Link to="/sleep">Log last night</Link>} />;
  return (
    <p>
      Last {week.nights} nights: score {week.score ?? '—'} / 100 ·{' '}
      {week.minutes === null ? '—' : minutesLabel(week.minutes)} asleep on average.
    </p>
  );
}
