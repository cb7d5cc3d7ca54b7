import { describe, expect, it } from 'vitest';
import { averageByPeriod, firstDayShown, periodStart } from './mood-averages';

const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('mood averages', () => {
  it('weeks start on Monday and months on the 1st', () => {
    expect(periodStart(new Date(2026, 10, 22), 'week')).toEqual(new Date(2026, 10, 16)); // Sunday → Monday before
    expect(periodStart(new Date(2026, 10, 16), 'week')).toEqual(new Date(2026, 10, 16));
    expect(periodStart(new Date(2026, 10, 22), 'month')).toEqual(new Date(2026, 10, 1));
  });

  it('averages per week, oldest first, keeping empty weeks as gaps', () => {
    const moods = [
      { score: 4, at: local(2026, 11, 16) },
      { score: 2, at: local(2026, 11, 22, 23) }, // this week: 3
      { score: 5, at: local(2026, 11, 2) }, // two weeks ago
      { score: 1, at: local(2026, 10, 1) }, // too old for 3 weeks
    ];
    const weeks = averageByPeriod(moods, 'week', new Date(2026, 10, 22, 18), 3);
    expect(weeks.map((w) => [w.key, w.label, w.average, w.count])).toEqual([
      ['2026-11-02', '2 Nov', 5, 1],
      ['2026-11-09', '9 Nov', null, 0],
      ['2026-11-16', '16 Nov', 3, 2],
    ]);
    expect(weeks[2].longLabel).toBe('Week of 16 Nov 2026');
  });

  it('averages per month across a year boundary, rounded to two decimals', () => {
    const moods = [
      { score: 5, at: local(2025, 12, 31) },
      { score: 4, at: local(2026, 1, 1) },
      { score: 4, at: local(2026, 1, 9) },
      { score: 5, at: local(2026, 1, 20) },
    ];
    const months = averageByPeriod(moods, 'month', new Date(2026, 0, 25), 2);
    expect(months.map((m) => [m.key, m.longLabel, m.average])).toEqual([
      ['2025-12', 'December 2025', 5],
      ['2026-01', 'January 2026', 4.33],
    ]);
  });

  it('ignores moods with a broken date and says where the history starts', () => {
    expect(averageByPeriod([{ score: 3, at: 'not a date' }], 'month', new Date(2026, 10, 22), 1)[0].count).toBe(0);
    expect(firstDayShown('week', new Date(2026, 10, 22), 12)).toBe('2026-08-31');
    expect(firstDayShown('month', new Date(2026, 10, 22), 12)).toBe('2025-12-01');
  });
});
