import { lazy, Suspense, useMemo } from 'react';

// The app's one chart (uPlot) loads with a data type that has numbers to draw.
const TimeChart = lazy(() => import('@lifeboard/shared/ui/TimeChart'));

export interface ChartPoint {
  /** `YYYY-MM-DD`. */
  date: string;
  value: number;
}

/** One value per date for the chart: a day with several records shows their mean. */
export function dailyValues(points: readonly ChartPoint[]): { days: string[]; values: number[]; merged: boolean } {
  const sums = new Map<string, { total: number; count: number }>();
  for (const point of points) {
    const day = sums.get(point.date) ?? { total: 0, count: 0 };
    day.total += point.value;
    day.count += 1;
    sums.set(point.date, day);
  }
  const days = [...sums.keys()].sort();
  return {
    days,
    values: days.map((day) => sums.get(day)!.total / sums.get(day)!.count),
    merged: sums.size < points.length,
  };
}

/** A number field of a data type over time, placed by date (gaps between records are real time). */
export function DataChart({
  title,
  points,
  unit,
}: {
  title: string;
  points: readonly ChartPoint[];
  unit?: string | undefined;
}) {
  const { days, values, merged } = useMemo(() => dailyValues(points), [points]);
  const series = useMemo(
    () => [
      {
        label: unit ? `${title} (${unit})` : title,
        colour: 'var(--lb-chart-1)',
        values,
        format: (value: number) => `${Math.round(value * 100) / 100}${unit ? ` ${unit}` : ''}`,
      },
    ],
    [title, unit, values],
  );
  if (points.length === 0) return null;
  const last = values[values.length - 1];
  const summary =
    `${title}: ${points.length} ${points.length === 1 ? 'value' : 'values'} from ${days[0]} to ${days[days.length - 1]}, the last ${series[0].format(last)}` +
    (merged ? '; a day with several records shows their mean' : '');
  return (
    <figure>
      <Suspense fallback={<p role="status">Loading the chart of {title}…</p>}>
        <TimeChart days={days} series={series} summary={summary} height={180} />
      </Suspense>
      <figcaption>
        {title}
        {unit ? ` (${unit})` : ''}
      </figcaption>
    </figure>
  );
}
