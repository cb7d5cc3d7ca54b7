import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState } from '@lifeboard/shared/ui/feedback';

/** Average score and hours of the last seven nights. */
function useSleepWeek() {
  const { items } = useCollection('sleep_score');
  const nights = items.filter((s) => s.id > 0).slice(0, 7);
  const scored = nights.filter((s) => typeof s.score === 'number');
  const hours = nights.filter((s) => s.bed_at && s.wake_at).map((s) => (Date.parse(String(s.wake_at)) - Date.parse(String(s.bed_at))) / 3_600_000);
  return {
    nights: nights.length,
    score: scored.length ? Math.round(scored.reduce((sum, s) => sum + Number(s.score), 0) / scored.length) : null,
    hours: hours.length ? Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10 : null,
  };
}

function SleepStats() {
  const week = useSleepWeek();
  if (!week.nights) return <EmptyState title="No nights logged" action={<Link to="/sleep">Log last night</Link>} />;
  return <p>Last {week.nights} nights: score {week.score ?? '—'} / 100 · {week.hours ?? '—'} h asleep on average.</p>;
}

/** Home widget: the sleep week. */
export function SleepWidget() {
  return <SleepStats />;
}
