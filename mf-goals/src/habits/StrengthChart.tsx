import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Strength over time (uPlot, loaded only with the screens that draw): x is the date, so gaps are real time. */
export default function StrengthChart({ scores, colour }: { scores: [string, number][]; colour: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !scores.length) return;
    const xs = scores.map(([date]) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const ys = scores.map(([, score]) => Math.round(score * 1000) / 10);
    const width = Math.max(280, element.clientWidth || 600);
    const chart = new uPlot({
      width, height: 220,
      scales: { x: { time: true }, y: { range: [0, 100] } },
      axes: [{}, { values: (_u, ticks) => ticks.map((t) => `${t}%`) }],
      series: [{ value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) }, { label: 'Strength', stroke: colour, width: 2, fill: `${colour}22`, value: (_u, v) => (v == null ? '' : `${v}%`) }],
      legend: { show: true },
    }, [xs, ys], element);
    const resize = () => chart.setSize({ width: Math.max(280, element.clientWidth), height: 220 });
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.destroy(); };
  }, [scores, colour]);
  return <div ref={box} role="img" aria-label={`Strength from ${scores[0]?.[0] ?? ''} to ${scores.at(-1)?.[0] ?? ''}: now ${Math.round((scores.at(-1)?.[1] ?? 0) * 100)}%`} />;
}
