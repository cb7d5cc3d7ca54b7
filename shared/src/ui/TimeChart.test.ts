import { describe, expect, it } from 'vitest';
import { stackedTotals } from './TimeChart';

const series = (values: (number | null)[]) => ({ label: 'x', colour: '#000', format: String, values });

describe('stacked bars', () => {
  it('draw each series at the running total of the ones before it and itself, a missing value counting as none', () => {
    expect(stackedTotals([series([1, 2, null]), series([3, null, 1]), series([0.5, 1, 1])])).toEqual([
      [1, 2, 0],
      [4, 2, 1],
      [4.5, 3, 2],
    ]);
  });
});
