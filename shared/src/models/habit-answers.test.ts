import { describe, expect, it } from 'vitest';
import { checkedInToday, stillDueToday, type HabitDay, type HabitStats } from './habit-answers';

const day = (date: string, value: HabitDay['value']): HabitDay => ({
  date,
  state: value === null ? 'none' : 'done',
  value,
  note: '',
});
const stats = (due: boolean, today: HabitDay['value'], asOf = '2026-03-08'): HabitStats => ({
  as_of: asOf,
  score: 0,
  current_streak: 0,
  best_streak: 0,
  streak_unit: 'day',
  period_days: 1,
  total_checkins: 0,
  first_date: null,
  paused_today: false,
  due_today: due,
  period_done: 0,
  period_goal: 1,
  last7: [day('2026-03-07', 'yes'), day('2026-03-08', today)],
});

describe('the one rule of "due today"', () => {
  it('is due when the period asks for it and today has no check-in yet', () => {
    expect(stillDueToday(stats(true, null))).toBe(true);
  });
  it('is not due once checked in today, done, an amount or skipped', () => {
    for (const value of ['yes', 'skip', 3] as const) {
      expect(checkedInToday(stats(true, value))).toBe(true);
      expect(stillDueToday(stats(true, value))).toBe(false);
    }
  });
  it('is not due when the period is met already (a weekly habit done this week)', () => {
    expect(stillDueToday(stats(false, null))).toBe(false);
  });
  it("reads today's check-in only from today's day, not yesterday's", () => {
    expect(checkedInToday(stats(true, 'yes', '2026-03-09'))).toBe(false);
  });
});
