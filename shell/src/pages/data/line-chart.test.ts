import { describe, expect, it } from 'vitest';
import { plotPoints } from './line-chart';

describe('plotPoints', () => {
  it('puts the smallest value at the bottom and the largest at the top', () => {
    const [low, high] = plotPoints([{ date: '2026-11-01', value: 1 }, { date: '2026-11-02', value: 3 }]);
    expect(low?.y).toBeGreaterThan(high?.y ?? Infinity);
    expect(low?.x).toBeLessThan(high?.x ?? -Infinity);
  });
});
