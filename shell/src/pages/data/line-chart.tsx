export interface ChartPoint {
  /** `YYYY-MM-DD`. */
  date: string;
  value: number;
}

const width = 480;
const height = 160;
const pad = { left: 40, right: 12, top: 12, bottom: 24 };

/** Positions the points in the plot area: x by date order, y scaled between the smallest and largest value. */
export function plotPoints(points: readonly ChartPoint[]): { x: number; y: number }[] {
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  return points.map((point, i) => ({
    x: pad.left + (points.length === 1 ? innerW / 2 : (innerW * i) / (points.length - 1)),
    y: pad.top + innerH - ((point.value - min) / span) * innerH,
  }));
}

/** A small inline-SVG line chart of one number field over time (points sorted by date by the caller). */
export function LineChart({ title, points, unit }: { title: string; points: readonly ChartPoint[]; unit?: string | undefined }) {
  if (points.length === 0) return null;
  const xy = plotPoints(points);
  const values = points.map((p) => p.value);
  const suffix = unit ? ` ${unit}` : '';
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure>
      <svg className="lb-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${points.length} ${points.length === 1 ? 'value' : 'values'} from ${first?.date} to ${last?.date}`}>
        <line className="lb-chart-axis" x1={pad.left} y1={height - pad.bottom} x2={width - pad.right} y2={height - pad.bottom} />
        <line className="lb-chart-axis" x1={pad.left} y1={pad.top} x2={pad.left} y2={height - pad.bottom} />
        <text className="lb-chart-label" x={4} y={pad.top + 8}>{Math.max(...values)}</text>
        <text className="lb-chart-label" x={4} y={height - pad.bottom}>{Math.min(...values)}</text>
        <text className="lb-chart-label" x={pad.left} y={height - 6}>{first?.date}</text>
        <text className="lb-chart-label" x={width - pad.right} y={height - 6} textAnchor="end">{last?.date}</text>
        <polyline className="lb-chart-line" points={xy.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')} />
        {xy.map((p, i) => (
          <circle key={i} className="lb-chart-point" cx={p.x} cy={p.y} r={3}>
            <title>{`${points[i]?.date}: ${points[i]?.value}${suffix}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption>{title}{suffix ? ` (${unit})` : ''}</figcaption>
    </figure>
  );
}
