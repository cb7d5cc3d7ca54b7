import { useMemo } from 'react';
import TimeChart from '@lifeboard/shared/ui/TimeChart';

const percent = (value: number) => `${value}%`;

/** Strength over time on the app's one chart (loaded lazily with the habit's page). */
export default function StrengthChart({ scores, colour }: { scores: [string, number][]; colour: string }) {
  const days = useMemo(() => scores.map(([date]) => date), [scores]);
  const series = useMemo(
    () => [
      { label: 'Strength', colour, format: percent, values: scores.map(([, score]) => Math.round(score * 1000) / 10) },
    ],
    [scores, colour],
  );
  const ranges = useMemo(() => ({ y: [0, 100] as [number, number] }), []);
  return (
    <TimeChart
      days={days}
      series={series}
      ranges={ranges}
      summary={`Strength from ${scores[0]?.[0] ?? ''} to ${scores.at(-1)?.[0] ?? ''}: now ${Math.round((scores.at(-1)?.[1] ?? 0) * 100)}%`}
    />
  );
}
