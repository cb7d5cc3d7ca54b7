import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarItem } from './calendar-items';
import CalendarView from './CalendarView';

const at = (day: number, hour: number, minute = 0) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), day, hour, minute).toISOString();
};
const today = new Date().getDate();
const other = today === 10 ? 20 : 10;
const event = (id: string, start: string, end: string): CalendarItem => ({
  id,
  title: id,
  start,
  end,
  allDay: false,
  kind: 'event',
  color: '#2f5bd3',
  movable: true,
});

let phone = true;
beforeEach(() => {
  phone = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CalendarView on a phone', () => {
  it('draws the month as dots per day and lists the chosen day below; a tap on an item opens it', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const items = [
      event('Lunch with Sam', at(today, 12, 30), at(today, 13, 30)),
      event('Yoga', at(today, 9), at(today, 9, 45)),
      event('Dentist', at(other, 15), at(other, 16)),
    ];
    // The items arrive after the grid is drawn, once it has said which dates it shows (as the page's fetch answers).
    function Page() {
      const [shown, setShown] = useState<CalendarItem[]>([]);
      const onRange = useCallback(() => {
        setTimeout(() => setShown(items), 50);
      }, []);
      return <CalendarView items={shown} onRange={onRange} onSelect={onSelect} onMove={() => undefined} />;
    }
    render(<Page />);
    await waitFor(() =>
      expect(document.querySelector('.lb-day-pick[aria-pressed="true"]')?.getAttribute('aria-label')).toMatch(
        /, 2 items$/,
      ),
    );
    expect(document.querySelectorAll('.lb-day-pick[aria-pressed="true"] .lb-day-dot')).toHaveLength(2);
    const agenda = screen.getByRole('region', { name: /\d{4}$/ });
    expect(
      within(agenda)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 – 9:45 AMYoga', '12:30 – 1:30 PMLunch with Sam']);
    expect(document.querySelectorAll('.fc-event')).toHaveLength(0);

    const otherDay = [...document.querySelectorAll<HTMLButtonElement>('.lb-day-pick')].find((b) =>
      b.getAttribute('aria-label')?.endsWith(', 1 item'),
    );
    if (!otherDay) throw new Error('no day with one item');
    await user.click(otherDay);
    await waitFor(() =>
      expect(
        within(agenda)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['3:00 – 4:00 PMDentist']),
    );
    await user.click(within(agenda).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith(items[2]);
  });
});
