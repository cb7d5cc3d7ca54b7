import { useMemo, useState } from 'react';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useRecordsBetween } from '../training/api';
import { SleepInsights } from './SleepInsights';
import { NightsList } from './NightsList';
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
      <Panel title="Log a night">
        <SleepLogForm onSaved={() => setVersion((n) => n + 1)} />
      </Panel>
      {records === undefined ? (
        <Skeleton lines={4} />
      ) : records === null ? (
        <ErrorPanel
          message="Your nights could not be loaded. Try again later."
          onRetry={() => setVersion((n) => n + 1)}
        />
      ) : (
        <>
          <SleepTrends nights={nights} />
          <SleepInsights nights={nights} />
        </>
      )}
      <Panel title="Nights">
        {list.status === 'loading' && list.items.length === 0 ? (
          <Skeleton lines={3} />
        ) : (
          <NightsList nights={list.items} onChanged={() => setVersion((n) => n + 1)} />
        )}
      </Panel>
    </section>
  );
}
