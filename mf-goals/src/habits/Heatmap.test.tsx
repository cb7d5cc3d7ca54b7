import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Heatmap } from './Heatmap';

afterEach(cleanup);

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

describe('Heatmap', () => {
  it('draws a calendar per year, one cell a day, with done, skipped, paused and amounts', () => {
    const today = '2026-11-22';
    const end = dayOf(today);
    const entries = Array.from({ length: 731 }, (_, i) => {
      const day = end - 730 + i;
      return { date: iso(day), value: (day % 7 === 0 ? 'skip' : day % 3 === 0 ? 4 : 8) as 'skip' | number, note: '' };
    }).filter((e) => e.date < '2026-08-01' || e.date > '2026-08-10');
    const { container } = render(<Heatmap today={today} entries={entries} habit={{
      kind: 'at_least', target: 8, unit: 'glasses', weekdays: [], paused: [{ from: '2026-08-01', to: '2026-08-10' }], colour: '#2f5bd3',
    }} />);
    // 2024-11-22 … 2026-11-22: three calendar years shown, newest first, every day a cell.
    const years = [...container.querySelectorAll('figcaption strong')].map((node) => node.textContent);
    expect(years).toEqual(['2026', '2025', '2024']);
    expect(container.querySelectorAll('rect[rx]')).toHaveLength(731);
    const label = (date: string) => [...container.querySelectorAll('title')].find((t) => t.textContent?.startsWith(`${date}:`))?.textContent;
    expect(label('2026-08-05')).toBe('2026-08-05: paused');
    const skipped = entries.find((e) => e.value === 'skip')?.date ?? '';
    expect(label(skipped)).toBe(`${skipped}: skipped`);
    const four = entries.find((e) => e.value === 4)?.date ?? '';
    expect(label(four)).toBe(`${four}: 4 glasses`);
  }, 30_000);
});
