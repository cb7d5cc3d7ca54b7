import { lazy, Suspense, useMemo, useState } from 'react';
import { weekOf } from '@lifeboard/shared/models/training';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { ChoiceButtons } from '../ChoiceButtons';
import { minutesLabel, sleepAverages, weekdayExtremes, weekdayNames, type Night } from './sleep-stats';

const TimeChart = lazy(() => import('@lifeboard/shared/ui/TimeChart'));

export type SleepRange = 'weeks' | 'quarter' | 'year';
export const rangeLabels: Record<SleepRange, string> = { weeks: '4 weeks', quarter: '3 months', year: '12 months' };
const rangeDays: Record<SleepRange, number> = { weeks: 28, quarter: 91, year: 365 };

/** The nights of a range, ending today. */
export function nightsIn(nights: readonly Night[], range: SleepRange, today = localDate()): Night[] {
  const from = addDays(today, -rangeDays[range] + 1);
  return nights.filter((n) => n.date >= from && n.date <= today);
}

/** What the chart draws: each night over weeks; over a year, each week's averages (on its Monday). */
export function chartPoints(
  nights: readonly Night[],
  range: SleepRange,
): { day: string; minutes: number | null; score: number | null }[] {
  const sorted = [...nights].sort((a, b) => a.date.localeCompare(b.date));
  if (range !== 'year') return sorted.map((n) => ({ day: n.date, minutes: n.minutes, score: n.score }));
  const weeks = new Map<string, Night[]>();
  for (const night of sorted) weeks.set(weekOf(night.date), [...(weeks.get(weekOf(night.date)) ?? []), night]);
  return [...weeks.entries()]
    .map(([day, own]) => ({ day, ...sleepAverages(own) }))
    .map(({ day, minutes, score }) => ({ day, minutes, score }));
}

const hoursText = (hours: number) => minutesLabel(hours * 60);

/** The weekday phrase of a night woken on that weekday: "Friday to Saturday". */
export const nightName = (weekday: number) => `${weekdayNames[(weekday + 6) % 7]} to ${weekdayNames[weekday]}`;

/** Score and time asleep over weeks or months, the averages, and the best and worst night of the week. */
export function SleepTrends({ nights }: { nights: readonly Night[] }) {
  const [range, setRange] = useState<SleepRange>('weeks');
  const shown = useMemo(() => nightsIn(nights, range), [nights, range]);
  const points = useMemo(() => chartPoints(shown, range), [shown, range]);
  const days = useMemo(() => points.map((p) => p.day), [points]);
  const series = useMemo(
    () => [
      {
        label: 'Score',
        colour: 'var(--lb-chart-4)',
        scale: 'score',
        values: points.map((p) => p.score),
        format: (v: number) => `${Math.round(v)}`,
      },
      {
        label: 'Asleep',
        colour: 'var(--lb-chart-1)',
        scale: 'hours',
        values: points.map((p) => (p.minutes === null ? null : Math.round((p.minutes / 60) * 100) / 100)),
        format: hoursText,
      },
    ],
    [points],
  );
  const ranges = useMemo(() => ({ score: [0, 100] as [number, number] }), []);
  const averages = sleepAverages(shown);
  const extremes = weekdayExtremes(shown);
  const averageWords =
    averages.nights === 0
      ? `No nights logged in the last ${rangeLabels[range]}.`
      : `${averages.nights} ${averages.nights === 1 ? 'night' : 'nights'} · on average ${averages.minutes === null ? 'no times logged' : `${minutesLabel(averages.minutes)} asleep`}${averages.score === null ? '' : ` · score ${averages.score} / 100`}`;
  const describe = (day: { weekday: number; nights: number; minutes: number | null; score: number | null }) =>
    `${nightName(day.weekday)} (${extremes?.by === 'score' ? `score ${day.score}` : minutesLabel(day.minutes ?? 0)}, ${day.nights} nights)`;
  return (
    <Panel title="Your sleep over time">
      <ChoiceButtons label="Period" labels={rangeLabels} value={range} onChange={setRange} />
      <p data-testid="sleep-averages">{averageWords}</p>
      <p data-testid="sleep-weekdays">
        {extremes
          ? `Best night of the week: ${describe(extremes.best)} · worst: ${describe(extremes.worst)}.`
          : 'Best and worst night of the week: shown once two weekdays have two nights each.'}
      </p>
      {points.length >= 2 ? (
        <Suspense fallback={<Skeleton lines={3} />}>
          <TimeChart
            days={days}
            series={series}
            ranges={ranges}
            summary={`Sleep score and time asleep, last ${rangeLabels[range]}${range === 'year' ? ' (weekly averages)' : ''}. ${averageWords}`}
          />
        </Suspense>
      ) : (
        <p>The chart starts with your second night in this period.</p>
      )}
    </Panel>
  );
}
