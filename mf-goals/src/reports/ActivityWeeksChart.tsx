import { useMemo } from 'react';
import TimeChart from '@lifeboard/shared/ui/TimeChart';
import type { CategoryWeeks } from './activity-weeks';

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
const hoursText = (value: number) => `${value} h`;

/** Hours per category per week as stacked bars, on the app's one chart. */
export default function ActivityWeeksChart({
  weeks,
  rows,
  label,
}: {
  weeks: string[];
  rows: CategoryWeeks[];
  label: string;
}) {
  const series = useMemo(
    () =>
      rows.map((row) => ({
        label: row.name,
        colour: row.colour,
        bars: true,
        format: hoursText,
        values: weeks.map((_, w) => hours(row.minutes[w] ?? 0)),
      })),
    [weeks, rows],
  );
  return <TimeChart days={weeks} series={series} summary={label} stacked height={260} />;
}
