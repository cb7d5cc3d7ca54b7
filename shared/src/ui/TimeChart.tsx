import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line (or bars) of a chart: a value per day of `days`, null where there is none. */
export interface ChartSeries {
  label: string;
  colour: string;
  values: (number | null)[];
  /** How a value reads on the axis and in the legend: "62.5 kg", "7 h 30 min". */
  format: (value: number) => string;
  /** Series that share a scale share an axis; a second scale gets its axis on the right. Default 'y'. */
  scale?: string;
  bars?: boolean;
}

export interface TimeChartProps {
  /** `YYYY-MM-DD`, ascending: x is the date, so gaps are real time. */
  days: string[];
  series: ChartSeries[];
  /** What the chart says, for people who cannot see it. */
  summary: string;
  /** Fixed ranges per scale, e.g. `{ y: [0, 100] }`; otherwise uPlot fits the data. */
  ranges?: Record<string, [number, number]>;
  /**
   * Bars stacked: each series' bar stands on the ones before it (uPlot has no stacking of its own, so each is
   * drawn from zero at its running total, tallest first, and the legend shows each series' own value).
   */
  stacked?: boolean;
  height?: number;
}

/**
 * A colour a canvas can use: series and axes are given as design tokens (`var(--lb-chart-1)`), which uPlot's canvas
 * cannot read, so they are looked up on the chart's element, as hex, in the theme shown now.
 */
function resolveColour(element: Element, colour: string): string {
  const token = /^var\((--[\w-]+)\)$/.exec(colour.trim());
  if (!token) return colour;
  return getComputedStyle(element).getPropertyValue(token[1]).trim() || '#808080';
}

/** Counts changes of the theme (the account menu's choice, or the system's), so the canvas is drawn again. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    query?.addEventListener('change', bump);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      query?.removeEventListener('change', bump);
      observer.disconnect();
    };
  }, []);
  return version;
}

/** Whether this browser can draw on a canvas (uPlot needs it); without one the chart's words stand in for it. */
const canDraw = () => typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;

const dayText = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The app's one chart (uPlot): values over dates. Import it lazily (`lazy(() => import(...))`) so uPlot
 * loads only with the screens that draw.
 */
/** The running totals a stacked chart draws: series j at the sum of series 0..j. */
export function stackedTotals(series: readonly ChartSeries[]): (number | null)[][] {
  const totals: (number | null)[][] = [];
  series.forEach((line, j) => {
    totals.push(line.values.map((value, i) => (value ?? 0) + (j > 0 ? (totals[j - 1][i] ?? 0) : 0)));
  });
  return totals;
}

export default function TimeChart({
  days,
  series,
  summary,
  ranges = {},
  stacked = false,
  height = 220,
}: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const themeVersion = useThemeVersion();
  useEffect(() => {
    const element = box.current;
    if (!element || !days.length || !canDraw()) return;
    const colourOf = (colour: string) => resolveColour(element, colour);
    const axisText = colourOf('var(--lb-text-muted)');
    const grid = { stroke: colourOf('var(--lb-chart-grid)'), width: 1 };
    const ticks = { stroke: grid.stroke, width: 1 };
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const scales: uPlot.Scales = { x: { time: true } };
    const axes: uPlot.Axis[] = [{ stroke: axisText, grid, ticks }];
    for (const line of series) {
      const key = line.scale ?? 'y';
      if (scales[key]) continue;
      scales[key] = ranges[key] ? { range: ranges[key] } : {};
      axes.push({
        scale: key,
        side: axes.length === 1 ? 3 : 1,
        grid: { ...grid, show: axes.length === 1 },
        ticks,
        stroke: axisText,
        size: 70,
        values: (_u, ticks) => ticks.map((t) => line.format(t)),
      });
    }
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    if (series.some((line) => line.bars) && xs.length > 1) {
      // Bars at the first and last dates would be cut in half at the chart's edges: half a gap of room each side.
      const gap = Math.min(...xs.slice(1).map((x, i) => x - xs[i]));
      scales.x = { time: true, range: (_u, min, max) => [min - gap / 2, max + gap / 2] };
    }
    const drawn = stacked ? stackedTotals(series) : series.map((line) => line.values);
    // Stacked: the tallest (last) total first, so each later bar covers the lower part of the one before it.
    const order = series.map((_, j) => (stacked ? series.length - 1 - j : j));
    const width = Math.max(280, element.clientWidth || 600);
    const chart = new uPlot(
      {
        width,
        height,
        scales,
        axes,
        series: [
          { value: (_u, v) => (v == null ? '' : dayText(v)) },
          ...order.map((j) => {
            const line = series[j];
            const colour = colourOf(line.colour);
            return {
              label: line.label,
              stroke: colour,
              width: 2,
              scale: line.scale ?? 'y',
              spanGaps: true,
              fill: line.bars ? (stacked ? colour : `${colour}99`) : `${colour}18`,
              ...(line.bars && bars ? { paths: bars, points: { show: false } } : {}),
              // The legend reads the series' own value at the hovered date, not the total it is drawn at.
              value: (_u: uPlot, _v: number | null, _s: number, i: number | null) => {
                const own = i === null ? null : (line.values[i] ?? null);
                return own === null ? '—' : line.format(own);
              },
            };
          }),
        ],
        legend: { show: true },
      },
      [xs, ...order.map((j) => drawn[j])],
      element,
    );
    // Follows its card's width (a sidebar opening, a phone turned), not only the window's.
    const resize = () => chart.setSize({ width: Math.max(280, element.clientWidth), height });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(element);
    window.addEventListener('resize', resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [days, series, ranges, stacked, height, themeVersion]);
  return <div ref={box} role="img" aria-label={summary} />;
}
