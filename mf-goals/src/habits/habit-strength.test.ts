import { describe, expect, it } from 'vitest';
import { habitStrength, meetsTarget } from './habit-strength';

describe('habitStrength', () => {
  it('grows with check-ins, ignores skipped days and decays when missed', () => {
    const done = Array<boolean>(30).fill(true);
    const strong = habitStrength(done, 1, 1);
    expect(strong).toBeGreaterThan(0.6);
    expect(habitStrength([...done, null, null], 1, 1)).toBeCloseTo(strong);
    expect(habitStrength([...done, false, false], 1, 1)).toBeLessThan(strong);
    expect(habitStrength([], 1, 1)).toBe(0);
  });

  it('moves more slowly for a weekly habit than for a daily one', () => {
    const week = [true, true, true, true, true, true, true];
    expect(habitStrength(week, 1, 7)).toBeLessThan(habitStrength(week, 1, 1));
  });

  it('judges numeric targets by the habit kind', () => {
    expect(meetsTarget(8, 'at_least', 8)).toBe(true);
    expect(meetsTarget(3, 'at_most', 2)).toBe(false);
    expect(meetsTarget('skip', 'yes_no', null)).toBeNull();
  });
});
