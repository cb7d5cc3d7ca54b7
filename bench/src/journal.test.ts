import { describe, expect, it } from 'vitest';
import { percentile } from './journal';
import { wordsBody } from './journal-data';

describe('percentile', () => {
  it('is the nearest-rank value, ignoring non-numbers', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([3, Number.NaN, 1, 2], 100)).toBe(3);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('wordsBody', () => {
  it('holds exactly the asked number of words, in paragraphs of 100', () => {
    const body = wordsBody(20_000);
    expect(body.match(/<p>/g)).toHaveLength(200);
    expect(
      body
        .replace(/<\/?p>/g, ' ')
        .split(/\s+/)
        .filter(Boolean),
    ).toHaveLength(20_000);
    expect(wordsBody(150, 0, 'a needle')).toMatch(/<p>a needle<\/p>$/);
  });
});
