import { useMemo, useState } from 'react';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { ModelList } from '@lifeboard/shared/ui/ModelList';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useRecordsBetween } from '../training/api';
import { SleepInsights } from './SleepInsights';
import { SleepLogForm } from './SleepLogForm';
import { SleepTrends } from './SleepTrends';
import { nightOf } from './sleep-stats';

/** `/sleep`: log a night, see score and time asleep over weeks and months, the weekdays, and sleep beside the rest. */
export function SleepScreen() {
  const [version, setVersion] = useState(0);
  const today = localDate();
  const records = useRecordsBetween('sleep_score', addDays(today, -366), today, version);
  const nights = useMemo(() => (records ?? []).map((record) => nightOf(record)), [records]);
  const list = useCollection('sleep_score');
  return (
    <section className="lb-stack" data-model="sleep_score">
      <PageHeader title="Sleep" description="When you went to bed, when you woke and how it felt." />
      <Panel title="Log a night"><SleepLogForm onSaved={() => setVersion((n) => n + 1)} /></Panel>
      {records === undefined ? <Skeleton lines={4} /> : records === null ? <ErrorPanel message="Your nights could not be loaded. Try again later." onRetry={() => setVersion((n) => n + 1)} /> : (
        <>
          <SleepTrends nights={nights} />
          <SleepInsights nights={nights} />
        </>
      )}
      <Panel title="Nights">
        {list.items.length ? <ModelList model="sleep_score" items={list.items} /> : list.status === 'loading' ? <Skeleton lines={3} /> : <p>No nights logged yet.</p>}
      </Panel>
    </section>
  );
}
