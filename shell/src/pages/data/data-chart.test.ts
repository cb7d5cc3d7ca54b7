import { describe, expect, it } from 'vitest';
import { dailyValues } from './data-chart';

describe('dailyValues', () => {
  it('keeps the dates (not the records’ order) and gives a day with several records their mean', () => {
    expect(
      dailyValues([
        { date: '2026-11-21', value: 3 },
        { date: '2026-11-01', value: 1 },
        { date: '2026-11-21', value: 5 },
      ]),
    ).toEqual({ days: ['2026-11-01', '2026-11-21'], values: [1, 4], merged: true });
    expect(dailyValues([{ date: '2026-11-01', value: 2 }]).merged).toBe(false);
  });
});
