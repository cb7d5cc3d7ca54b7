/**
 * What the habit endpoints answer (`/api/habit/stats`, `/overview`, `/history`, `/weeks`): computed by the API
 * (api/src/modules/habits/strength.ts), shown by the screens, which never work these numbers out themselves.
 */

/** One check-in's value: done, skipped, or an amount (numeric habits). */
export type CheckInValue = 'yes' | 'skip' | number;

export type StreakUnit = 'day' | 'week' | 'month' | 'period';

export interface HabitDay {
  date: string;
  /**
   * done, skipped (by hand), paused, off (not a scheduled weekday), missed (a past day a day-by-day habit asked
   * for), none (nothing recorded that counts against it)
   */
  state: 'done' | 'skipped' | 'paused' | 'off' | 'missed' | 'none';
  value: CheckInValue | null;
  note: string;
}

export interface HabitStats {
  as_of: string;
  score: number;
  current_streak: number;
  best_streak: number;
  streak_unit: StreakUnit;
  period_days: number;
  /** Check-ins that were done (yes or an amount), all time up to `as_of`. */
  total_checkins: number;
  first_date: string | null;
  paused_today: boolean;
  /** Whether the schedule asks for this habit today (a 3-a-week habit done 3 times this week is not due). */
  due_today: boolean;
  /** Done (or, for amounts, the sum) so far in the current period, and what the period asks for. */
  period_done: number;
  period_goal: number;
  last7: HabitDay[];
}

/** A habit's page: strength on every day, done days by weekday, every check-in with its note. */
export interface HabitHistory {
  scores: [string, number][];
  by_weekday: number[];
  entries: { date: string; value: CheckInValue; note: string }[];
}

/** A week of `/report/habit-summary`: done against the week's goal, and strength at its end. */
export interface HabitWeek {
  from: string;
  done: number;
  goal: number;
  score: number;
}

/** Whether today (`as_of`) has a check-in of any kind: done, an amount, or skipped by hand. */
export function checkedInToday(stats: HabitStats): boolean {
  const today = stats.last7.at(-1);
  return today?.date === stats.as_of && today.value !== null;
}

/**
 * The one rule of "due today" for every screen and the daily e-mail: the habit asks for a check-in today (its
 * period is not met yet, it is scheduled and not paused) and today has none yet. Home lists these and the
 * ones already checked in today; the planner and the e-mail list only these.
 */
export function stillDueToday(stats: HabitStats): boolean {
  return stats.due_today && !checkedInToday(stats);
}
