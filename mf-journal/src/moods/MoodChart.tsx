import { useEffect, useId, useRef, useState } from 'react';
import { Table } from '@lifeboard/shared/ui/Table';
import type { Period, PeriodAverage } from './mood-averages';
import { moodWord } from './mood-scale';

export interface MoodChartProps {
  averages: PeriodAverage[];
  period: Period;
}

const height = 260;
const margin = { top: 16, right: 24, bottom: 36, left: 40 };
const plotHeight = height - margin.top - margin.bottom;

const y = (score: number) => margin.top + plotHeight * (1 - (score - 1) / 4);

/** One sentence a screen reader can take in: range, best and worst period, gaps. */
export function describeAverages(averages: readonly PeriodAverage[], period: Period): string {
  const unit = period === 'week' ? 'week' : 'month';
  const logged = averages.filter((a): a is PeriodAverage & { average: number } => a.average !== null);
  if (!logged.length) return `No moods logged in the last ${averages.length} ${unit}s.`;
  const best = logged.reduce((a, b) => (b.average > a.average ? b : a));
  const worst = logged.reduce((a, b) => (b.average < a.average ? b : a));
  const gaps = averages.length - logged.length;
  return (
    `Average mood per ${unit} over the last ${averages.length} ${unit}s, on a scale of 1 to 5. ` +
    `Highest: ${best.average} in ${best.longLabel}. Lowest: ${worst.average} in ${worst.longLabel}. ` +
    (gaps ? `${gaps} ${unit}${gaps === 1 ? '' : 's'} with no mood logged.` : `A mood was logged every ${unit}.`)
  );
}

/** The averages as a line over time (gaps where nothing was logged), described for screen readers and as a table. */
export function MoodChart({ averages, period }: MoodChartProps) {
  const titleId = useId();
  const descId = useId();
  // Drawn at the card's own width (not scaled), so it fills the card and its text stays 12 px on a phone too.
  const box = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setWidth(Math.max(280, Math.round(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const plotWidth = width - margin.left - margin.right;
  const step = averages.length > 1 ? plotWidth / (averages.length - 1) : 0;
  const x = (i: number) => margin.left + (averages.length > 1 ? i * step : plotWidth / 2);
  // Consecutive periods with an average form one segment; an empty period breaks the line.
  const segments: string[] = [];
  let current = '';
  averages.forEach((a, i) => {
    if (a.average === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${x(i).toFixed(1)},${y(a.average).toFixed(1)}`;
  });
  if (current) segments.push(current);
  // About one label per 80 px, so they never overlap.
  const labelEvery = Math.ceil(averages.length / Math.max(2, Math.floor(plotWidth / 80)));
  const unit = period === 'week' ? 'Week' : 'Month';

  return (
    <figure className="lb-mood-chart" ref={box}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="lb-mood-chart__svg"
      >
        <title id={titleId}>{`Average mood per ${period}`}</title>
        <desc id={descId}>{describeAverages(averages, period)}</desc>
        {[1, 2, 3, 4, 5].map((score) => (
          <g key={score}>
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={y(score)}
              y2={y(score)}
              className="lb-mood-chart__grid"
            />
            <text x={margin.left - 8} y={y(score) + 4} textAnchor="end" className="lb-mood-chart__axis">
              {score}
            </text>
          </g>
        ))}
        {averages.map((a, i) =>
          i % labelEvery === 0 || i === averages.length - 1 ? (
            // The last label ends at the last point and the first starts at the first, so neither is cut off.
            <text
              key={a.key}
              x={x(i)}
              y={height - 12}
              textAnchor={i === averages.length - 1 && i > 0 ? 'end' : i === 0 ? 'start' : 'middle'}
              className="lb-mood-chart__axis"
            >
              {a.label}
            </text>
          ) : null,
        )}
        {segments.map((d) => (
          <path key={d} d={d} className="lb-mood-chart__line" />
        ))}
        {averages.map((a, i) =>
          a.average === null ? null : (
            <circle key={a.key} cx={x(i)} cy={y(a.average)} r={4} className="lb-mood-chart__point" data-key={a.key}>
              <title>{`${a.longLabel}: ${a.average} (${a.count} logged)`}</title>
            </circle>
          ),
        )}
      </svg>
      <details className="lb-mood-chart__data">
        <summary>Show the data as a table</summary>
        <Table
          caption={<caption className="lb-visually-hidden">{`Average mood per ${period}`}</caption>}
          columns={[unit, 'Average (1–5)', 'Moods logged']}
          rows={averages}
          row={(a) => (
            <tr key={a.key}>
              <th scope="row">{a.longLabel}</th>
              <td>{a.average === null ? '—' : `${a.average} (${moodWord(Math.round(a.average))})`}</td>
              <td>{a.count}</td>
            </tr>
          )}
        />
      </details>
    </figure>
  );
}
