import { monthNames, shortMonthNames } from '@lifeboard/shared/lib/date-display';

/** Averages of mood scores per week or per month, for the chart and its table (pure, local time). */
export type Period = 'week' | 'month';

export interface MoodPoint {
  score: number;
  /** ISO instant the mood was felt. */
  at: string;
}

export interface PeriodAverage {
  /** Stable key, e.g. `2026-11-16` (the Monday) or `2026-11`. */
  key: string;
  /** Short label for an axis: `16 Nov` or `Nov 2026`. */
  label: string;
  /** Long label for the table and screen readers: `Week of 16 Nov 2026` or `November 2026`. */
  longLabel: string;
  start: Date;
  /** Mean score, or null when nothing was logged in the period. */
  average: number | null;
  count: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local start of the period holding `date`: Monday 00:00 for weeks (ISO weeks), the 1st for months. */
export function periodStart(date: Date, period: Period): Date {
  if (period === 'month') return new Date(date.getFullYear(), date.getMonth(), 1);
  const daysSinceMonday = (date.getDay() + 6) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysSinceMonday);
}

function shift(start: Date, period: Period, by: number): Date {
  return period === 'month'
    ? new Date(start.getFullYear(), start.getMonth() + by, 1)
    : new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7 * by);
}

function describe(start: Date, period: Period): Pick<PeriodAverage, 'key' | 'label' | 'longLabel'> {
  const y = start.getFullYear();
  const m = start.getMonth();
  if (period === 'month')
    return { key: `${y}-${pad(m + 1)}`, label: `${shortMonthNames[m]} ${y}`, longLabel: `${monthNames[m]} ${y}` };
  const d = start.getDate();
  return {
    key: `${y}-${pad(m + 1)}-${pad(d)}`,
    label: `${d} ${shortMonthNames[m]}`,
    longLabel: `Week of ${d} ${shortMonthNames[m]} ${y}`,
  };
}

/**
 * The last `count` periods up to and including the one holding `now`, oldest first, each with the mean of
 * the scores logged in it. Periods with nothing logged are kept (average null), so gaps show as gaps.
 */
export function averageByPeriod(
  moods: readonly MoodPoint[],
  period: Period,
  now: Date,
  count: number,
): PeriodAverage[] {
  const last = periodStart(now, period);
  const periods = Array.from({ length: count }, (_, i) => {
    const start = shift(last, period, i - count + 1);
    return { ...describe(start, period), start, sum: 0, count: 0 };
  });
  const byKey = new Map(periods.map((p) => [p.key, p]));
  for (const mood of moods) {
    const at = new Date(mood.at);
    if (Number.isNaN(at.getTime()) || !Number.isFinite(mood.score)) continue;
    const bucket = byKey.get(describe(periodStart(at, period), period).key);
    if (!bucket) continue;
    bucket.sum += mood.score;
    bucket.count += 1;
  }
  return periods.map(({ sum, count: n, ...rest }) => ({
    ...rest,
    count: n,
    average: n ? Math.round((sum / n) * 100) / 100 : null,
  }));
}

/** The first day (`YYYY-MM-DD`, local) of the oldest period shown: the `from` of the history request. */
export function firstDayShown(period: Period, now: Date, count: number): string {
  const start = shift(periodStart(now, period), period, 1 - count);
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
}
