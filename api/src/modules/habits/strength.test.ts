import { describe, expect, it } from 'vitest';
import { dayOf, habitHistory, habitStats, isoOf, type DayEntry, type HabitRule } from './strength';

const rule = (over: Partial<HabitRule> = {}): HabitRule => ({
  kind: 'yes_no',
  target: null,
  num: 1,
  den: 1,
  weekdays: [],
  paused: [],
  ...over,
});
/** `count` days from `from`, one entry per day `pick` returns a value for. */
function days(from: string, count: number, pick: (i: number, weekday: number) => DayEntry['value'] | null): DayEntry[] {
  const out: DayEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const day = dayOf(from) + i;
    const value = pick(i, new Date(day * 86_400_000).getUTCDay());
    if (value !== null) out.push({ date: isoOf(day), value });
  }
  return out;
}
const plus = (iso: string, n: number) => isoOf(dayOf(iso) + n);

// Expected values are worked out by hand from Loop's recurrence: score' = score·m + completion·(1 − m),
// m = 0.5^(√f / 13), and written down as numbers (see the comment on each).
describe('strength (Loop Habit Tracker score)', () => {
  it('daily: 13 days done in a row is exactly one half-life, 0.5', () => {
    const entries = days('2026-01-01', 13, () => 'yes');
    expect(habitStats(rule(), entries, '2026-01-13').score).toBeCloseTo(0.5, 12);
  });

  it('daily: a missed day pulls toward 0; a skipped day leaves the score unchanged', () => {
    const m = Math.pow(0.5, 1 / 13);
    const done2 = 1 - m * m;
    expect(
      habitStats(
        rule(),
        days('2026-01-01', 2, () => 'yes'),
        '2026-01-03',
      ).score,
    ).toBeCloseTo(done2 * m, 12);
    const skipped = [...days('2026-01-01', 2, () => 'yes'), { date: '2026-01-03', value: 'skip' as const }];
    expect(habitStats(rule(), skipped, '2026-01-03').score).toBeCloseTo(done2, 12);
  });

  it('3 times a week, Mon/Wed/Fri for 12 weeks: 0.9301 on the last Friday (Loop shows about 93 %)', () => {
    // Doubled to 6 in 14 days: completions 1,1,2,2,3,3,3,4,4,5,5,6,6,6 sixths over the first fortnight, then 1.
    const entries = days('2026-01-05', 82, (_, wd) => ([1, 3, 5].includes(wd) ? 'yes' : null));
    const stats = habitStats(rule({ num: 3, den: 7 }), entries, plus('2026-01-05', 81));
    expect(stats.score).toBeCloseTo(0.9301357923682503, 10);
    expect(stats.current_streak).toBe(12);
    expect(stats.best_streak).toBe(12);
    expect(stats.streak_unit).toBe('week');
    expect(stats.total_checkins).toBe(36);
  });

  it('every 3 days (1 in 3), done on schedule for 30 days: 0.5837', () => {
    const entries = days('2026-03-01', 30, (i) => (i % 3 === 0 ? 'yes' : null));
    const stats = habitStats(rule({ num: 1, den: 3 }), entries, plus('2026-03-01', 29));
    expect(stats.score).toBeCloseTo(0.5836675065224326, 10);
    expect(stats.streak_unit).toBe('period');
    expect(stats.current_streak).toBe(10);
  });

  it('at least 8 a day: amounts 8, 4, 10, 0, 8 give completions 1, ½, 1, 0, 1 → 0.1627', () => {
    const entries = [8, 4, 10, 0, 8].map((value, i) => ({ date: plus('2026-02-01', i), value }));
    const stats = habitStats(rule({ kind: 'at_least', target: 8 }), entries, '2026-02-05');
    expect(stats.score).toBeCloseTo(0.16266661798138266, 10);
    expect(stats.current_streak).toBe(1);
    expect(stats.best_streak).toBe(1);
  });

  it('at least 10 a week: the rolling 7-day sum against the target, not doubled → 0.1435', () => {
    const entries = [
      { date: '2026-02-01', value: 5 },
      { date: '2026-02-04', value: 5 },
      { date: '2026-02-09', value: 4 },
    ];
    expect(habitStats(rule({ kind: 'at_least', target: 10, den: 7 }), entries, '2026-02-10').score).toBeCloseTo(
      0.14351264595585772,
      10,
    );
  });

  it('at most 2 a day: starts at 1; amounts 1, 3, 2, 5 give 1, ½, 1, 0 → 0.9247', () => {
    const entries = [1, 3, 2, 5].map((value, i) => ({ date: plus('2026-02-01', i), value }));
    const stats = habitStats(rule({ kind: 'at_most', target: 2 }), entries, '2026-02-04');
    expect(stats.score).toBeCloseTo(0.9247422259556878, 10);
    expect(stats.current_streak).toBe(0);
    expect(stats.best_streak).toBe(1);
  });

  it('a paused range leaves the score and the streak as they were, and shows as paused', () => {
    const entries = days('2026-01-01', 13, () => 'yes');
    const paused = rule({ paused: [{ from: '2026-01-14', to: '2026-01-30' }] });
    const stats = habitStats(paused, entries, '2026-01-30');
    expect(stats.score).toBeCloseTo(0.5, 12);
    expect(stats.current_streak).toBe(13);
    expect(stats.paused_today).toBe(true);
    expect(stats.due_today).toBe(false);
    expect(stats.last7.map((d) => d.state)).toEqual(Array(7).fill('paused'));
    // Without the pause the same days are misses.
    const unpaused = habitStats(rule(), entries, '2026-01-30');
    expect(unpaused.score).toBeLessThan(0.5);
    expect(unpaused.current_streak).toBe(0);
  });
});

describe('streaks', () => {
  it('a skip keeps the streak without adding to it; today without a check-in does not break it', () => {
    const entries: DayEntry[] = [
      { date: '2026-04-01', value: 'yes' },
      { date: '2026-04-02', value: 'yes' },
      { date: '2026-04-03', value: 'skip' },
      { date: '2026-04-04', value: 'yes' },
    ];
    const stats = habitStats(rule(), entries, '2026-04-05');
    expect(stats.current_streak).toBe(3);
    expect(stats.due_today).toBe(true);
    expect(stats.last7.at(-1)).toMatchObject({ date: '2026-04-05', state: 'none' });
    expect(stats.last7.at(-3)).toMatchObject({ date: '2026-04-03', state: 'skipped' });
    // The day after, the unchecked day is a miss.
    expect(habitStats(rule(), entries, '2026-04-06').current_streak).toBe(0);
    expect(habitStats(rule(), entries, '2026-04-06').best_streak).toBe(3);
  });

  it('fixed weekdays count only those days: Mon/Thu done for 3 weeks is a 6-day streak, other days off', () => {
    const entries = days('2026-01-05', 21, (_, wd) => ([1, 4].includes(wd) ? 'yes' : null));
    const stats = habitStats(rule({ weekdays: [1, 4] }), entries, '2026-01-25');
    expect(stats.current_streak).toBe(6);
    expect(stats.due_today).toBe(false); // a Sunday
    expect(stats.last7.filter((d) => d.state === 'off')).toHaveLength(5);
  });

  it('3 times a week: a week with 2 breaks the streak; the current week is open until met', () => {
    const weeks = [[1, 3, 5], [1, 3], [1, 2, 3], [1]]; // weekdays done in each of 4 weeks from Mon 2026-01-05
    const entries = weeks.flatMap((wds, w) =>
      wds.map((wd) => ({ date: plus('2026-01-05', w * 7 + wd - 1), value: 'yes' as const })),
    );
    const stats = habitStats(rule({ num: 3, den: 7 }), entries, '2026-01-27'); // Tuesday of week 4
    expect(stats.current_streak).toBe(1);
    expect(stats.best_streak).toBe(1);
    expect(stats.due_today).toBe(true);
    expect(stats.period_done).toBe(1);
    expect(stats.period_goal).toBe(3);
  });

  it('3 times a week already done 3 times this week is not due', () => {
    const entries = ['2026-01-05', '2026-01-06', '2026-01-07'].map((date) => ({ date, value: 'yes' as const }));
    const stats = habitStats(rule({ num: 3, den: 7 }), entries, '2026-01-08');
    expect(stats.due_today).toBe(false);
    expect(stats.current_streak).toBe(1);
  });
});

describe('history', () => {
  it('gives the score of every day from the first check-in, and done days by weekday', () => {
    const entries = days('2026-01-05', 14, () => 'yes');
    const history = habitHistory(rule(), entries, '2026-01-20');
    expect(history.scores).toHaveLength(16);
    expect(history.scores[0]).toEqual(['2026-01-05', expect.closeTo(1 - Math.pow(0.5, 1 / 13), 4)]);
    expect(history.by_weekday).toEqual([2, 2, 2, 2, 2, 2, 2]);
  });
});
