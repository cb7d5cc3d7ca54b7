import { describe, expect, it } from 'vitest';
import { addMonths, daysInMonth, monthRange, monthTitle, monthWeeks } from './calendar';
import { dayOf, displayDay, groupByDay } from './day-groups';

const entry = (id: number, date: string | undefined, created_at = '2026-01-01T10:00:00.000Z') => ({
  id,
  date,
  created_at,
});

describe('groupByDay', () => {
  it('groups entries by their day, newest day first, keeping the list order inside a day', () => {
    const groups = groupByDay([
      entry(1, '2026-11-20'),
      entry(2, '2026-11-22'),
      entry(3, '2026-11-20'),
      entry(4, '2025-12-31'),
    ]);
    expect(groups.map((g) => [g.date, g.entries.map((e) => e.id)])).toEqual([
      ['2026-11-22', [2]],
      ['2026-11-20', [1, 3]],
      ['2025-12-31', [4]],
    ]);
  });

  it('puts an entry without a date on the day it was written', () => {
    expect(dayOf(entry(1, undefined, '2026-03-04T23:00:00.000Z'))).toBe('2026-03-04');
    expect(groupByDay([])).toEqual([]);
  });

  it('shows a day in the spec’s format without the time (April is Apl)', () => {
    expect(displayDay('2026-11-22')).toBe('Sun, Nov 22nd 2026');
    expect(displayDay('2026-04-01')).toBe('Wed, Apl 1st 2026');
    expect(displayDay('2026-04-13')).toBe('Mon, Apl 13th 2026');
  });
});

describe('the month calendar', () => {
  it('lays a month out in weeks from Sunday', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday; 30 days make five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0][0]).toEqual({ date: '2026-11-01', day: 1 });
    expect(weeks[4].map((d) => d.day)).toEqual([29, 30, 0, 0, 0, 0, 0]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('leaves the days before the 1st blank', () => {
    // 1 February 2026 is a Sunday, 1 March 2026 too; 1 April 2026 is a Wednesday.
    expect(monthWeeks('2026-04')[0].map((d) => d.date)).toEqual([
      null,
      null,
      null,
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
  });

  it('knows month lengths, ranges, neighbours and names', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-04')).toBe('April 2026');
  });
});
