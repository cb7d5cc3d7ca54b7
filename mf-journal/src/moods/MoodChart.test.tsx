import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoodChart } from './MoodChart';
import { MoodFace } from './MoodFace';
import type { PeriodAverage } from './mood-averages';

afterEach(cleanup);

const averages: PeriodAverage[] = Array.from({ length: 12 }, (_, i) => ({
  key: `w${i}`,
  label: `Nov ${i + 1}`,
  longLabel: `the week of November ${i + 1}`,
  start: new Date(2026, 10, i + 1),
  average: i % 3 === 0 ? null : 3 + (i % 2),
  count: i % 3 === 0 ? 0 : 2,
}));

describe('MoodChart', () => {
  it('ends its last axis label at the last point, so it is not cut off at the edge', () => {
    const { container } = render(<MoodChart averages={averages} period="week" />);
    const svg = container.querySelector('svg');
    const width = Number(svg?.getAttribute('viewBox')?.split(' ')[2]);
    const labels = [...container.querySelectorAll('text')].filter((text) => text.textContent?.startsWith('Nov'));
    const last = labels[labels.length - 1];
    expect(last.textContent).toBe('Nov 12');
    expect(last.getAttribute('text-anchor')).toBe('end');
    expect(Number(last.getAttribute('x'))).toBeLessThanOrEqual(width);
  });
});

describe('MoodFace', () => {
  it('draws a face for each score, no emoji (they are empty boxes without an emoji font)', () => {
    const { container } = render(
      <p>
        {[1, 2, 3, 4, 5].map((score) => (
          <MoodFace key={score} score={score} />
        ))}
      </p>,
    );
    const faces = container.querySelectorAll('svg[aria-hidden="true"]');
    expect(faces.length).toBe(5);
    expect(new Set([...faces].map((face) => face.querySelector('path')?.getAttribute('d'))).size).toBe(5);
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
