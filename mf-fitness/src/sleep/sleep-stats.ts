/**
 * The arithmetic of the sleep log: nights, averages, weekdays and the insights that set sleep beside training,
 * mood and habits. A night belongs to the day you woke up (`date`).
 */

export interface Night {
  /** `YYYY-MM-DD`, the morning you woke up. */
  date: string;
  /** Minutes asleep (bed to wake), null when a time is missing. */
  minutes: number | null;
  score: number | null;
}

const MINUTE = 60_000;

/** Minutes from bed to wake; null when a time is missing or the span is not a night (0 or a day and more). */
export function sleepMinutes(bedAt: unknown, wakeAt: unknown): number | null {
  if (typeof bedAt !== 'string' || typeof wakeAt !== 'string') return null;
  const minutes = Math.round((Date.parse(wakeAt) - Date.parse(bedAt)) / MINUTE);
  return Number.isFinite(minutes) && minutes > 0 && minutes < 24 * 60 ? minutes : null;
}

/** A stored sleep record as a night. */
export function nightOf(record: Record<string, unknown>): Night {
  return {
    date: String(record.date ?? ''),
    minutes: sleepMinutes(record.bed_at, record.wake_at),
    score: typeof record.score === 'number' ? record.score : null,
  };
}

/**
 * The bed and wake instants of a night woken on `date`, from clock times ("23:30", "07:00") in the browser's
 * time zone: a bed time later than the wake time was the evening before.
 */
export function nightTimes(
  date: string,
  bedTime: string,
  wakeTime: string,
): { bed_at: string; wake_at: string } | null {
  const [y, m, d] = date.split('-').map(Number);
  const [bh, bm] = bedTime.split(':').map(Number);
  const [wh, wm] = wakeTime.split(':').map(Number);
  if ([y, m, d, bh, bm, wh, wm].some((n) => !Number.isInteger(n))) return null;
  const wake = new Date(y, m - 1, d, wh, wm);
  const bed = new Date(y, m - 1, bh * 60 + bm >= wh * 60 + wm ? d - 1 : d, bh, bm);
  if (wake.getTime() <= bed.getTime()) return null;
  return { bed_at: bed.toISOString(), wake_at: wake.toISOString() };
}

/** "7 h 30 min", "45 min". */
export function minutesLabel(minutes: number): string {
  const whole = Math.round(Math.abs(minutes));
  return whole >= 60 ? `${Math.floor(whole / 60)} h${whole % 60 ? ` ${whole % 60} min` : ''}` : `${whole} min`;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

export interface SleepAverages {
  nights: number;
  minutes: number | null;
  score: number | null;
}

export function sleepAverages(nights: readonly Night[]): SleepAverages {
  const minutes = mean(nights.flatMap((n) => (n.minutes === null ? [] : [n.minutes])));
  const score = mean(nights.flatMap((n) => (n.score === null ? [] : [n.score])));
  return {
    nights: nights.length,
    minutes: minutes === null ? null : Math.round(minutes),
    score: score === null ? null : Math.round(score),
  };
}

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface WeekdaySleep {
  weekday: number;
  nights: number;
  minutes: number | null;
  score: number | null;
}

/**
 * The best and worst weekday (of the morning woken), by average score where nights were scored, else by time
 * asleep. Only weekdays with at least `minNights` nights count; null when fewer than two weekdays do.
 */
export function weekdayExtremes(
  nights: readonly Night[],
  minNights = 2,
): { best: WeekdaySleep; worst: WeekdaySleep; by: 'score' | 'minutes' } | null {
  const days: WeekdaySleep[] = weekdayNames.map((_, weekday) => {
    const own = nights.filter((n) => weekdayOf(n.date) === weekday);
    return { weekday, ...sleepAverages(own) };
  });
  const scored = days.filter((d) => d.nights >= minNights && d.score !== null);
  const timed = days.filter((d) => d.nights >= minNights && d.minutes !== null);
  const by = scored.length >= 2 ? 'score' : 'minutes';
  const pool = by === 'score' ? scored : timed;
  if (pool.length < 2) return null;
  const sorted = [...pool].sort((a, b) => (b[by] as number) - (a[by] as number) || a.weekday - b.weekday);
  return { best: sorted[0], worst: sorted[sorted.length - 1], by };
}

/** Fewer nights than this on either side of a comparison, and it says nothing. */
export const MIN_NIGHTS = 5;

export interface Comparison {
  with: number;
  without: number;
  withCount: number;
  withoutCount: number;
  difference: number;
}

/** Two groups' means and their difference; null when either has fewer than `MIN_NIGHTS` values. */
export function compare(withValues: number[], withoutValues: number[]): Comparison | null {
  if (withValues.length < MIN_NIGHTS || withoutValues.length < MIN_NIGHTS) return null;
  const a = mean(withValues) as number;
  const b = mean(withoutValues) as number;
  return { with: a, without: b, withCount: withValues.length, withoutCount: withoutValues.length, difference: a - b };
}

const previousDay = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

export interface Insight {
  key: string;
  text: string;
  basis: string;
}

function longerOrShorter(difference: number): string {
  const minutes = Math.round(difference);
  if (minutes === 0) return 'slept just as long';
  return `slept ${minutesLabel(minutes)} ${minutes > 0 ? 'longer' : 'less'}`;
}

/** Nights after the days in `days` against the other nights: time asleep. */
function nightsAfter(nights: readonly Night[], days: ReadonlySet<string>): Comparison | null {
  const timed = nights.filter((n) => n.minutes !== null);
  return compare(
    timed.filter((n) => days.has(previousDay(n.date))).map((n) => n.minutes as number),
    timed.filter((n) => !days.has(previousDay(n.date))).map((n) => n.minutes as number),
  );
}

/** A habit's days: those it was done on, and those it counts on at all (from its first check-in). */
export interface HabitDays {
  name: string;
  done: ReadonlySet<string>;
  since: string;
}

/** Hours of sleep that split short nights from long ones in the mood comparison. */
export const LONG_NIGHT_MINUTES = 7 * 60;

/**
 * Sleep against training, mood and habits; each insight only where both sides have `MIN_NIGHTS` nights, and
 * each says how many days are behind it.
 */
export function sleepInsights(
  nights: readonly Night[],
  input: { trainingDays: ReadonlySet<string>; moodByDay: ReadonlyMap<string, number>; habits: readonly HabitDays[] },
): Insight[] {
  const insights: Insight[] = [];
  const training = nightsAfter(nights, input.trainingDays);
  if (training) {
    insights.push({
      key: 'training',
      text: `On nights after training you ${longerOrShorter(training.difference)}.`,
      basis: `${training.withCount} nights after training, ${training.withoutCount} without.`,
    });
  }
  const timed = nights.filter((n) => n.minutes !== null && input.moodByDay.has(n.date));
  const mood = compare(
    timed.filter((n) => (n.minutes as number) >= LONG_NIGHT_MINUTES).map((n) => input.moodByDay.get(n.date) as number),
    timed.filter((n) => (n.minutes as number) < LONG_NIGHT_MINUTES).map((n) => input.moodByDay.get(n.date) as number),
  );
  if (mood) {
    const points = Math.round(mood.difference * 10) / 10;
    const how = points === 0 ? 'the same as' : `${Math.abs(points).toFixed(1)} ${points > 0 ? 'higher' : 'lower'} than`;
    insights.push({
      key: 'mood',
      text: `After nights of 7 hours or more your mood was ${how} after shorter ones (${mood.with.toFixed(1)} against ${mood.without.toFixed(1)} out of 5).`,
      basis: `${mood.withCount} days after long nights, ${mood.withoutCount} after short ones.`,
    });
  }
  for (const habit of input.habits) {
    const comparison = nightsAfter(
      nights.filter((n) => previousDay(n.date) >= habit.since),
      habit.done,
    );
    if (!comparison) continue;
    insights.push({
      key: `habit:${habit.name}`,
      text: `On nights after you did “${habit.name}” you ${longerOrShorter(comparison.difference)}.`,
      basis: `${comparison.withCount} nights after it, ${comparison.withoutCount} without.`,
    });
  }
  return insights;
}
