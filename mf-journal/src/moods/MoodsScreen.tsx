import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Spinner } from '@lifeboard/shared/ui/feedback';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { averageByPeriod, firstDayShown } from './mood-averages';
import type { MoodPoint, Period } from './mood-averages';
import { mergeHistory, useMoodHistory } from './mood-history';
import { MoodChart } from './MoodChart';
import { MoodList } from './MoodList';
import { MoodQuickLog } from './MoodQuickLog';
import './moods.css';

/** How far back each view goes: a quarter by weeks, a year by months. */
const periodsShown: Record<Period, number> = { week: 12, month: 12 };

/** `/moods`: log a mood in one tap, see the average per week or month, and the moods logged. */
export function MoodsScreen() {
  const [period, setPeriod] = useState<Period>('week');
  const [now] = useState(() => new Date());
  const count = periodsShown[period];
  const from = firstDayShown(period, now, count);
  const { history, status, retry } = useMoodHistory(from);
  const list = useStore(getCollection('mood').$items);
  const averages = useMemo(() => {
    const points = mergeHistory(history, list)
      .filter((m) => typeof m.score === 'number' && typeof m.at === 'string')
      .map((m): MoodPoint => ({ score: Number(m.score), at: String(m.at) }));
    return averageByPeriod(points, period, now, count);
  }, [history, list, period, now, count]);

  return (
    <section className="lb-stack" data-model="mood">
      <PageHeader title="Moods" description="How you feel, from 1 (awful) to 5 (great), and what was behind it." />
      <Panel title="How do you feel right now?">
        <MoodQuickLog />
      </Panel>
      <Panel title="Your mood over time">
        <div className="lb-row" role="group" aria-label="Average per">
          <Button
            size="small"
            aria-pressed={period === 'week'}
            variant={period === 'week' ? 'primary' : 'secondary'}
            onClick={() => setPeriod('week')}
          >
            By week
          </Button>
          <Button
            size="small"
            aria-pressed={period === 'month'}
            variant={period === 'month' ? 'primary' : 'secondary'}
            onClick={() => setPeriod('month')}
          >
            By month
          </Button>
          {status === 'loading' ? <Spinner label="Loading your mood history…" /> : null}
        </div>
        {status === 'error' ? (
          <ErrorPanel
            title="Could not load your mood history"
            message="The chart shows only the moods loaded so far."
            onRetry={retry}
          />
        ) : null}
        <MoodChart averages={averages} period={period} />
      </Panel>
      <Panel title="Logged moods">
        <MoodList />
      </Panel>
    </section>
  );
}
