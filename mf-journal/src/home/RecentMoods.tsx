import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { MoodFace } from '../moods/MoodFace';
import { moodWord } from '../moods/mood-scale';

/** Home widget: the last five moods with their average. */
export function RecentMoods() {
  const { items, status } = useCollection('mood', { limit: 5 });
  const moods = items.filter((m) => m.id > 0 && typeof m.score === 'number').slice(0, 5);
  if (!moods.length && status === 'loading') return <Skeleton lines={2} />;
  if (!moods.length) return <EmptyState title="No moods logged" description="Log how you feel on the Moods page." />;
  const average = moods.reduce((sum, m) => sum + Number(m.score), 0) / moods.length;
  return (
    <div className="lb-stack">
      <p>
        Average of your last {moods.length}: <strong>{average.toFixed(1)} / 5</strong>
      </p>
      <ul>
        {moods.map((m) => (
          <li key={m.id}>
            <MoodFace score={Number(m.score)} size={18} /> {moodWord(m.score)} {m.score}/5 —{' '}
            {m.at ? formatDisplayDate(String(m.at)) : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
