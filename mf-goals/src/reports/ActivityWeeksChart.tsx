import { useMemo } from 'react';
import UPlotChart, { uPlot } from '../charts/UPlotChart';
import type { CategoryWeeks } from './activity-weeks';

const DAY_S = 86_400;
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * Hours per category per week as stacked bars (uPlot). uPlot draws series in order and has no stacking of
 * its own, so each bar is drawn from zero at its running total, tallest first: the ones after it cover
 * its lower part and what shows is each category's own share.
 */
export default function ActivityWeeksChart({ weeks, rows, label }: { weeks: string[]; rows: CategoryWeeks[]; label: string }) {
  const { options, data } = useMemo(() => {
    const xs = weeks.map((week) => Date.parse(`${week}T00:00:00Z`) / 1000);
    const totals = rows.map((_, j) => weeks.map((__, w) => rows.slice(0, j + 1).reduce((sum, row) => sum + hours(row.minutes[w] ?? 0), 0)));
    const order = rows.map((_, j) => rows.length - 1 - j);
    const bars = uPlot.paths.bars!({ size: [0.7, 48] });
    const built: Omit<uPlot.Options, 'width' | 'height'> = {
      scales: { x: { time: true, range: (_u, min, max) => [min - 4 * DAY_S, max + 4 * DAY_S] }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max))] } },
      axes: [
        { values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })) },
        { values: (_u, ticks) => ticks.map((t) => `${t} h`) },
      ],
      series: [
        { label: 'Week of', value: (_u, v) => (v == null ? '' : new Date(v * 1000).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })) },
        ...order.map((j) => ({
          label: rows[j]!.name, fill: rows[j]!.colour, stroke: rows[j]!.colour, paths: bars, points: { show: false },
          // The legend shows the category's own hours, not the running total the bar is drawn at.
          value: (_u: uPlot, _v: number | null, _s: number, i: number | null) => (i == null ? '' : `${hours(rows[j]!.minutes[i] ?? 0)} h`),
        })),
      ],
      legend: { show: true },
    };
    return { options: built, data: [xs, ...order.map((j) => totals[j]!)] as uPlot.AlignedData };
  }, [weeks, rows]);
  return <UPlotChart options={options} data={data} label={label} height={260} />;
}
