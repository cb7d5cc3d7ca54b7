import { useMemo } from 'react';
import UPlotChart, { type uPlot } from '../charts/UPlotChart';

/** Strength over time (uPlot, loaded only with the screens that draw): x is the date, so gaps are real time. */
export default function StrengthChart({ scores, colour }: { scores: [string, number][]; colour: string }) {
  const { options, data } = useMemo(() => {
    const built: Omit<uPlot.Options, 'width' | 'height'> = {
      scales: { x: { time: true }, y: { range: [0, 100] } },
      axes: [{}, { values: (_u, ticks) => ticks.map((t) => `${t}%`) }],
      series: [{ value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) }, { label: 'Strength', stroke: colour, width: 2, fill: `${colour}22`, value: (_u, v) => (v == null ? '' : `${v}%`) }],
      legend: { show: true },
    };
    const xs = scores.map(([date]) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const ys = scores.map(([, score]) => Math.round(score * 1000) / 10);
    return { options: built, data: [xs, ys] as uPlot.AlignedData };
  }, [scores, colour]);
  return <UPlotChart options={options} data={data} label={`Strength from ${scores[0]?.[0] ?? ''} to ${scores.at(-1)?.[0] ?? ''}: now ${Math.round((scores.at(-1)?.[1] ?? 0) * 100)}%`} />;
}
