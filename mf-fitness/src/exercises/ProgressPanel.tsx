import { lazy, Suspense, useMemo, useState } from 'react';
import {
  formatWeight,
  fromKg,
  progressOver,
  type ProgressPoint,
  type WeightUnit,
} from '@lifeboard/shared/models/training';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import type { PastSession } from '../training/api';
import { ChoiceButtons } from '../ChoiceButtons';

// uPlot comes with this panel only when there is something to draw.
const TimeChart = lazy(() => import('@lifeboard/shared/ui/TimeChart'));

export type ProgressMetric = 'best_set' | 'best_e1rm' | 'volume';

export const metricLabels: Record<ProgressMetric, string> = {
  best_set: 'Best set',
  best_e1rm: 'Estimated 1RM',
  volume: 'Volume',
};

/** A metric's value of one day, kg (null: nothing to draw that day). */
export function metricValue(point: ProgressPoint, metric: ProgressMetric): number | null {
  if (metric === 'best_set') return point.best_set?.weight ?? null;
  if (metric === 'best_e1rm') return point.best_e1rm;
  return point.volume > 0 ? point.volume : null;
}

const dayOf = (iso: string) => localDate(new Date(iso));
const round = (value: number) => Math.round(value * 10) / 10;

/** What the chart says in words: first and last value, and the change. */
export function progressSummary(points: ProgressPoint[], metric: ProgressMetric, unit: WeightUnit): string {
  const drawn = points.filter((p) => metricValue(p, metric) !== null);
  if (drawn.length === 0) return `${metricLabels[metric]}: nothing to draw yet`;
  const first = metricValue(drawn[0], metric) as number;
  const last = metricValue(drawn[drawn.length - 1], metric) as number;
  const change = last - first;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${metricLabels[metric]} over ${drawn.length} training ${drawn.length === 1 ? 'day' : 'days'}: ${formatWeight(first, unit)} to ${formatWeight(last, unit)} (${sign}${formatWeight(Math.abs(change), unit)})`;
}

/** An exercise's progress: best set, estimated 1RM or volume per training day, on the app's one chart. */
export function ProgressPanel({
  history,
  exerciseId,
  unit,
}: {
  history: PastSession[];
  exerciseId: number;
  unit: WeightUnit;
}) {
  const [metric, setMetric] = useState<ProgressMetric>('best_set');
  const points = useMemo(() => progressOver(history, exerciseId, dayOf), [history, exerciseId]);
  const drawn = useMemo(() => points.filter((p) => metricValue(p, metric) !== null), [points, metric]);
  const days = useMemo(() => drawn.map((p) => p.day), [drawn]);
  const series = useMemo(
    () => [
      {
        label: metricLabels[metric],
        colour: 'var(--lb-chart-1)',
        values: drawn.map((p) => round(fromKg(metricValue(p, metric) as number, unit))),
        format: (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`,
      },
    ],
    [drawn, metric, unit],
  );
  const best = points.at(-1)?.best_set;
  return (
    <Panel title="Progress">
      <ChoiceButtons label="What to chart" labels={metricLabels} value={metric} onChange={setMetric} />
      <p data-progress-summary>{progressSummary(points, metric, unit)}</p>
      {best ? (
        <p>
          Last time, best set: {formatWeight(best.weight, unit)} × {best.reps}
        </p>
      ) : null}
      {drawn.length >= 2 ? (
        <Suspense fallback={<Skeleton lines={3} />}>
          <TimeChart days={days} series={series} summary={progressSummary(points, metric, unit)} />
        </Suspense>
      ) : drawn.length === 1 ? (
        <p>One training day so far: the chart starts with the second.</p>
      ) : null}
    </Panel>
  );
}
