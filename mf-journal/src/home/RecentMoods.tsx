import { homeMoodsParams, useHome } from '@lifeboard/shared/stores/home';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { MoodFace } from '../moods/MoodFace';
import { moodWord } from '../moods/mood-scale';

/** Home widget: the last five moods with their average; /home's one request fills the moods' list. */
export function RecentMoods() {
  const { status } = useHome();
  // The list /home's answer filled (a mood logged here joins it): subscribed, never asked for on its own.
  const { items } = useCollection('mood', homeMoodsParams, { enabled: false });
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
