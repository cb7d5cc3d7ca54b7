import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
      const value: 'skip' | number = day % 7 === 0 ? 'skip' : day % 3 === 0 ? 4 : 8;
      return { date: iso(day), value, note: '' };
    }).filter((e) => e.date < '2026-08-01' || e.date > '2026-08-10');
    const { container } = render(
      <Heatmap
        today={today}
        entries={entries}
        habit={{
          kind: 'at_least',
          target: 8,
          unit: 'glasses',
          weekdays: [],
          paused: [{ from: '2026-08-01', to: '2026-08-10' }],
          colour: '#2f5bd3',
        }}
      />,
    );
    // 2024-11-22 … 2026-11-22: three calendar years shown, newest first, every day a cell.
    const years = [...container.querySelectorAll('figcaption strong')].map((node) => node.textContent);
    expect(years).toEqual(['2026', '2025', '2024']);
    // Every day a cell, drawn as one path per state and shade.
    const cells = (state: string) =>
      [...container.querySelectorAll(`path[data-state="${state}"]`)].reduce(
        (n, path) => n + (path.getAttribute('d')?.match(/M/g)?.length ?? 0),
        0,
      );
    const counts = ['amount', 'skipped', 'paused', 'none', 'done', 'off'].map(cells);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(731);
    expect(cells('paused')).toBe(10);
    expect(cells('skipped')).toBe(entries.filter((e) => e.value === 'skip').length);
    expect(container.querySelectorAll('path').length).toBeLessThan(30);
    // A year focused reads its last day; the arrow keys walk the days.
    const thisYear = screen.getByRole('img', { name: /^2026: \d+ check-ins/ });
    const said = () => container.querySelector('.lb-heatmap__day')?.textContent;
    fireEvent.focus(thisYear);
    expect(said()).toBe('Sun, Nov 22nd 2026: 8 glasses');
    const walk = (key: string, times = 1) => {
      for (let i = 0; i < times; i += 1) fireEvent.keyDown(thisYear, { key });
    };
    walk('ArrowLeft', 15); // 105 days back: Aug 9th, in the pause
    expect(said()).toBe('Sun, Aug 9th 2026: paused');
    const skipped = entries.filter((e) => e.value === 'skip' && e.date.startsWith('2026-11')).at(-1)!.date;
    walk('End');
    walk('ArrowUp', dayOf(today) - dayOf(skipped));
    expect(said()).toMatch(/: skipped$/);
    walk('Home');
    const first = entries.find((e) => e.date === '2026-01-01')!.value;
    expect(said()).toBe(`Thu, Jan 1st 2026: ${first === 'skip' ? 'skipped' : `${first} glasses`}`);
  }, 30_000);
});

describe('Heatmap check-ins on past days', () => {
  it('opens the check-in form for a day chosen long ago, by keyboard or by click', () => {
    const today = '2026-11-22';
    const asked: string[] = [];
    const { container } = render(
      <Heatmap
        today={today}
        entries={[]}
        habit={{ kind: 'yes_no', target: null, unit: '', weekdays: [], paused: [], colour: '#2f5bd3' }}
        checkIn={(date) => {
          asked.push(date);
          return <p data-testid="form">Check in on {date}</p>;
        }}
      />,
    );
    const year = screen.getByRole('img', { name: /^2026: .*Enter to check in/ });
    fireEvent.focus(year);
    for (let i = 0; i < 10; i += 1) fireEvent.keyDown(year, { key: 'ArrowLeft' }); // ten weeks back
    fireEvent.keyDown(year, { key: 'Enter' });
    expect(screen.getByTestId('form').textContent).toBe('Check in on 2026-09-13');
    const box = { left: 0, top: 0, right: 800, bottom: 200, width: 800, height: 200, x: 0, y: 0, toJSON: () => '' };
    year.getBoundingClientRect = () => box;
    // The first column's Monday row: the year's first Monday on or before Jan 1st is shown from Jan 1st.
    fireEvent.click(year, { clientX: 28 + 14 * 2 + 1, clientY: 14 + 1 });
    expect(asked.at(-1)).toBe('2026-01-12');
    expect(container.querySelectorAll('[data-testid="form"]')).toHaveLength(1);
  });
});
