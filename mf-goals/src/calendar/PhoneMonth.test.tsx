import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { stubMatchMedia } from '@lifeboard/shared/lib/test-media-query';
import { setBoard } from '@lifeboard/shared/stores/board';
import { $calendarEvents, clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { CalendarPage } from './CalendarPage';
import { habitItems, sourceColours, type CalendarItem } from './calendar-items';
import PhoneMonth from './PhoneMonth';

/** A local date-time as an instant: the grid places timed items by the browser's day. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 11, day, hour, minute).toISOString();

const event = (id: string, title: string, start: string, end: string | null, allDay = false): CalendarItem => ({
  id,
  title,
  start,
  end,
  allDay,
  kind: 'event',
  color: sourceColours.event.colour,
  movable: true,
});

const items: CalendarItem[] = [
  event('1', 'Audit Yoga Club membership renewal paperwork', at(10, 9), at(10, 10)),
  event('2', 'Dentist', at(10, 14, 30), at(10, 15, 15)),
  // Five on the 15th: three dots and a "+".
  ...[1, 2, 3, 4].map((n) => event(`b${n}`, `Meeting ${n}`, at(15, 8 + n), at(15, 9 + n))),
  event('b5', 'Conference', '2026-12-15', '2026-12-16', true),
];

const dayButton = (name: RegExp) => within(screen.getByRole('grid')).getByRole('button', { name });
const dots = (button: HTMLElement) => button.querySelectorAll('.lb-month-dot').length;

function showMonth(list: CalendarItem[] = items, onSelect = vi.fn<(item: CalendarItem) => void>()) {
  const onRange = vi.fn<(start: Date, end: Date) => void>();
  render(
    <PhoneMonth
      items={list}
      initialDate="2026-12-09"
      today="2026-12-09"
      onRange={onRange}
      onSelect={onSelect}
      onDate={() => undefined}
      onView={() => undefined}
    />,
  );
  return { onRange, onSelect };
}

afterEach(cleanup);

describe('PhoneMonth', () => {
  it("draws the month as dots, asks for FullCalendar's six weeks, and lists a tapped day's items in full", async () => {
    const { onRange, onSelect } = showMonth();
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    // Monday Nov 30th to the day after Sunday Jan 10th: FullCalendar's month range, so both get the same items.
    expect(onRange).toHaveBeenLastCalledWith(new Date(2026, 10, 30), new Date(2027, 0, 11));
    const tenth = dayButton(/^Thursday, December 10, 2026/);
    expect(tenth.getAttribute('aria-label')).toBe('Thursday, December 10, 2026, 2 events');
    expect(dots(tenth)).toBe(2);
    const fifteenth = dayButton(/^Tuesday, December 15, 2026/);
    expect(fifteenth.getAttribute('aria-label')).toBe('Tuesday, December 15, 2026, 5 events');
    expect(dots(fifteenth)).toBe(3);
    expect(fifteenth.textContent).toContain('+');
    expect(dots(dayButton(/^Friday, December 11, 2026/))).toBe(0);

    const today = dayButton(/^Wednesday, December 9, 2026/);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Nothing on this day.')).toBeTruthy();

    fireEvent.click(tenth);
    expect(tenth.closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(today.closest('td')?.getAttribute('aria-selected')).toBe('false');
    const agenda = screen.getByRole('region', { name: 'Thu, Dec 10th 2026' });
    expect(
      within(agenda)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['9:00 – 10:00 AMAudit Yoga Club membership renewal paperwork', '2:30 – 3:15 PMDentist']);
    await userEvent.click(within(agenda).getByRole('button', { name: /Dentist/ }));
    expect(onSelect).toHaveBeenCalledWith(items[1]);

    fireEvent.click(fifteenth);
    const busy = screen.getByRole('region', { name: 'Tue, Dec 15th 2026' });
    expect(within(busy).getAllByRole('listitem')[0].textContent).toBe('All dayConference');
    expect(within(busy).getAllByRole('listitem')).toHaveLength(5);
  });

  it('moves among the days with the arrow keys (one day on the tab order) and selects with Enter or Space', async () => {
    showMonth();
    const user = userEvent.setup();
    const focusable = () =>
      within(screen.getByRole('grid'))
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0);
    expect(focusable().map((button) => button.dataset.date)).toEqual(['2026-12-09']);
    dayButton(/^Wednesday, December 9, 2026/).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-10');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-17');
    await user.keyboard('{ArrowLeft}{ArrowUp}{Home}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-07');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-13');
    expect(focusable().map((button) => button.dataset.date)).toEqual(['2026-12-13']);
    // Moving focus does not select; Enter does.
    expect(screen.getByRole('region', { name: 'Wed, Dec 9th 2026' })).toBeTruthy();
    await user.keyboard('{ArrowUp}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-10');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Thu, Dec 10th 2026' })).toBeTruthy();
    // Past the month's end: the next month is shown, focus on its day.
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-date')).toBe('2027-01-01');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-31');
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: 'Thu, Dec 31st 2026' })).toBeTruthy();
  });

  it('pages the months and comes back to today', async () => {
    showMonth();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fri, Jan 1st 2027' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wed, Dec 9th 2026' })).toBeTruthy();
  });

  it("shows the habits due as one line a day, never before a habit's start", () => {
    const habits = [
      { id: 1, board_id: 1, updated_at: '', title: 'Stretch', weekdays: [], created_at: at(9, 8) },
      { id: 2, board_id: 1, updated_at: '', title: 'Read', weekdays: [], created_at: at(12, 8) },
    ];
    showMonth([...items, ...habitItems(habits, '2026-11-30', '2027-01-10', '2026-12-09')]);
    expect(dayButton(/^Friday, December 11, 2026/).getAttribute('aria-label')).toBe(
      'Friday, December 11, 2026, no events, habits due',
    );
    expect(dots(dayButton(/^Friday, December 11, 2026/))).toBe(1);
    // Before today (and before either habit was made): nothing.
    expect(dots(dayButton(/^Tuesday, December 8, 2026/))).toBe(0);
    fireEvent.click(dayButton(/^Friday, December 11, 2026/));
    expect(screen.getByRole('region', { name: 'Fri, Dec 11th 2026' }).textContent).toContain('DueHabit: Stretch');
    fireEvent.click(dayButton(/^Saturday, December 12, 2026/));
    expect(screen.getByRole('region', { name: 'Sat, Dec 12th 2026' }).textContent).toContain(
      'Due2 habits: Stretch, Read',
    );
    // The habits' line goes after the day's events.
    fireEvent.click(dayButton(/^Thursday, December 10, 2026/));
    expect(
      within(screen.getByRole('region', { name: 'Thu, Dec 10th 2026' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '9:00 – 10:00 AMAudit Yoga Club membership renewal paperwork',
      '2:30 – 3:15 PMDentist',
      'DueHabit: Stretch',
    ]);
  });
});

describe('the calendar page on a phone', () => {
  const api = withFakeApi();
  beforeEach(() => {
    // The page's own clock only (timers stay real): December 9th 2026, 10 AM.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 9, 10));
    stubMatchMedia((query) => query === '(max-width: 600px)');
    localStorage.clear();
    setBoard(1, 'Home');
    serveModel(api, 'event', 'events');
    serveModel(api, 'plannedactivity', 'plannedActivities');
    serveModel(api, 'goal', 'goals');
    serveModel(api, 'habit', 'habits');
    api.on('POST /api/calendar/connections', { body: { connections: [] } });
  });
  afterEach(() => {
    cleanup();
    clearData();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("draws the month with the page's items (the events asked for, the habits from their start) and opens one", async () => {
    serveModel(api, 'habit', 'habits').rows.push({ id: 4, title: 'Stretch', weekdays: [], created_at: at(11, 8) });
    api.on('POST /api/google/events', {
      body: {
        events: [
          {
            id: 'event:1',
            title: 'Dentist',
            start: at(10, 14, 30),
            end: at(10, 15, 15),
            all_day: false,
            source: 'event',
            series: 'event:1',
            board: 1,
            date: '2026-12-10',
            repeat: null,
          },
        ],
      },
    });
    render(
      <MemoryRouter>
        <CalendarPage />
      </MemoryRouter>,
    );
    const grid = await screen.findByRole('grid', { name: 'December 2026' }, { timeout: 10_000 });
    const asked = () =>
      api.requests.filter((request) => request.path === '/api/google/events').at(-1)?.body as
        { start_date: string; end_date: string } | undefined;
    await waitFor(() => expect(asked()).toEqual(expect.objectContaining({ start_date: '2026-11-30' })));
    expect(asked()?.end_date).toBe('2027-01-10');
    const tenth = within(grid).getByRole('button', { name: /^Thursday, December 10, 2026/ });
    await waitFor(() => expect(tenth.getAttribute('aria-label')).toBe('Thursday, December 10, 2026, 1 event'));
    const eleventh = within(grid).getByRole('button', { name: /^Friday, December 11, 2026/ });
    await waitFor(() =>
      expect(eleventh.getAttribute('aria-label')).toBe('Friday, December 11, 2026, no events, habits due'),
    );
    expect(tenth.getAttribute('aria-label')).not.toContain('habits');
    fireEvent.click(tenth);
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Thu, Dec 10th 2026' })).getByRole('button', { name: /Dentist/ }),
    );
    expect(await screen.findByRole('heading', { name: 'Dentist' })).toBeTruthy();
    expect(document.querySelector('.lb-calendar')).toBeNull();

    // The week of the day selected is FullCalendar's; its "Month" brings the phone's month back, on that day.
    await userEvent.click(screen.getByRole('tab', { name: 'Week view' }));
    await screen.findByRole('button', { name: 'Next Week' }, { timeout: 10_000 });
    expect(screen.getByRole('tab', { name: 'Week view' }).getAttribute('aria-selected')).toBe('true');
    expect(document.querySelector('[data-date="2026-12-10"]')).toBeTruthy();
    expect(document.querySelector('[data-date="2026-12-14"]')).toBeNull();
    expect(screen.queryByRole('grid', { name: 'December 2026' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Month view' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Thu, Dec 10th 2026' })).toBeTruthy());
    expect(document.querySelector('.lb-calendar')).toBeNull();
  }, 20_000);

  it('asks for the events again when a board is made current (the stores emptied), as after a first sign-in', async () => {
    const dentist = {
      id: 'event:1',
      title: 'Dentist',
      start: at(10, 14, 30),
      end: at(10, 15, 15),
      all_day: false,
      source: 'event',
      series: 'event:1',
      board: 2,
      date: '2026-12-10',
      repeat: null,
    };
    api.on('POST /api/google/events', { body: { events: [dentist] } });
    render(
      <MemoryRouter>
        <CalendarPage />
      </MemoryRouter>,
    );
    const tenth = await screen.findByRole('button', { name: /^Thursday, December 10, 2026/ }, { timeout: 10_000 });
    await waitFor(() => expect(tenth.getAttribute('aria-label')).toBe('Thursday, December 10, 2026, 1 event'));
    // The shell's board change: the data of the board left is dropped, then the new one is set.
    clearData();
    expect($calendarEvents.get()).toEqual([]);
    setBoard(2, 'Work');
    await waitFor(() => expect($calendarEvents.get().map((event) => event.title)).toEqual(['Dentist']));
    await waitFor(() => expect(tenth.getAttribute('aria-label')).toBe('Thursday, December 10, 2026, 1 event'));
  }, 20_000);
});
