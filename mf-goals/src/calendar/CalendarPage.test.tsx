import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { stubMatchMedia } from '@lifeboard/shared/lib/test-media-query';
import { setBoard } from '@lifeboard/shared/stores/board';
import { $calendarEvents, clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { CalendarPage } from './CalendarPage';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
  serveModel(api, 'event', 'events');
  serveModel(api, 'plannedactivity', 'plannedActivities');
  serveModel(api, 'goal', 'goals');
  serveModel(api, 'habit', 'habits');
  api.on('POST /api/calendar/connections', { body: { connections: [] } });
});
afterEach(() => {
  cleanup();
  clearData();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const tomorrow = addDays(localDate(), 1);
const today = localDate();
const show = () =>
  render(
    <MemoryRouter>
      <CalendarPage />
    </MemoryRouter>,
  );

describe('CalendarPage', () => {
  it("shows the server's items from every source in the agenda, with goals and habits due, through the shared store", async () => {
    serveModel(api, 'goal', 'goals').rows.push({
      id: 3,
      title: 'Run a 10k',
      status: 'active',
      target_date: today,
      milestones: [{ title: 'First 5k', due_date: today }],
    });
    serveModel(api, 'habit', 'habits').rows.push({ id: 4, title: 'Stretch', weekdays: [] });
    api.on('POST /api/google/events', {
      body: {
        events: [
          {
            id: 'event:1',
            title: 'Dentist',
            start: `${today}T09:00:00.000Z`,
            end: `${today}T10:00:00.000Z`,
            all_day: false,
            source: 'event',
            series: 'event:1',
            board: 1,
            date: today,
            repeat: null,
          },
          {
            id: 'ics:2:Yoga',
            title: 'Yoga',
            start: today,
            end: addDays(today, 1),
            all_day: true,
            source: 'ics',
            series: 'ics:2',
            date: today,
            repeat: null,
            calendar: 'Gym',
          },
        ],
      },
    });
    render(
      <MemoryRouter>
        <CalendarPage initialView="listWeek" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Dentist', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Yoga')).toBeTruthy();
    expect(await screen.findByText('Goal due: Run a 10k')).toBeTruthy();
    expect(screen.getByText('Milestone: First 5k')).toBeTruthy();
    expect(screen.getAllByText('Habit: Stretch').length).toBeGreaterThan(0); // today's line
    expect($calendarEvents.get().map((event) => event.title)).toEqual(['Dentist', 'Yoga']);
    const asked = api.requests.filter((request) => request.path === '/api/google/events').at(-1)?.body as {
      start_date: string;
      end_date: string;
    };
    expect(asked.start_date <= today && asked.end_date >= today).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  }, 20_000);

  it('shows no earlier events when loading fails: the list resets to empty (spec §4), with a note', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    $calendarEvents.set([{ id: 'old', title: 'Stale meeting', start: `${tomorrow}T11:00:00` }]);
    api.on('POST /api/google/events', { status: 500, body: { error: 'Calendar provider down' } });
    show();
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toMatch(/could not be loaded/);
    await waitFor(() => expect($calendarEvents.get()).toEqual([]));
    expect(screen.queryByText(/Stale meeting/)).toBeNull();
  }, 20_000);

  it("shows a synced CalDAV event in its calendar's colour; renaming and deleting it go to the server", async () => {
    api.on('POST /api/google/events', {
      body: {
        events: [
          {
            id: `caldav:5:0:${today}T09:00:00.000Z`,
            title: 'Standup',
            start: `${today}T09:00:00.000Z`,
            end: `${today}T09:30:00.000Z`,
            all_day: false,
            source: 'caldav',
            series: 'caldav:5',
            date: today,
            repeat: null,
            calendar: 'Work',
            color: '#ff8800',
            calendar_id: 2,
          },
        ],
      },
    });
    api.on('POST /api/calendar/caldav/events/update', { body: { event: { id: 5, calendar_id: 2, events: 1 } } });
    api.on('POST /api/calendar/caldav/events/delete', { body: { success: true } });
    render(
      <MemoryRouter>
        <CalendarPage initialView="listWeek" />
      </MemoryRouter>,
    );
    const event = await screen.findByText('Standup', {}, { timeout: 10_000 });
    expect(screen.getByText('Synced calendars')).toBeTruthy();
    expect((event.closest('[style]') as HTMLElement).style.getPropertyValue('--fc-event-color')).toBe('#ff8800');
    fireEvent.click(event);
    const panel = (await screen.findByRole('heading', { name: 'Standup' })).closest('section')!;
    expect(panel.textContent).toContain('Synced calendar: Work');
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Daily standup' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/calendar/caldav/events/update')?.body).toEqual({
        id: 5,
        title: 'Daily standup',
        occurrence: `${today}T09:00:00.000Z`,
        scope: 'one',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Renamed "Standup" to "Daily standup" in Work.');
    fireEvent.click(await screen.findByText('Standup'));
    const again = (await screen.findByRole('heading', { name: 'Standup' })).closest('section')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/calendar/caldav/events/delete')?.body).toEqual({
        id: 5,
        occurrence: `${today}T09:00:00.000Z`,
        scope: 'one',
      }),
    );
  }, 20_000);

  it('deletes one day of a repeating synced event, or it and all later ones, or every time, as the person chooses', async () => {
    const standup = (date: string) => ({
      id: `caldav:5:0:${date}T09:00:00.000Z`,
      title: 'Standup',
      start: `${date}T09:00:00.000Z`,
      end: `${date}T09:30:00.000Z`,
      all_day: false,
      source: 'caldav',
      series: 'caldav:5',
      date,
      repeat: 'FREQ=DAILY',
      calendar: 'Work',
      calendar_id: 2,
    });
    // Today's and tomorrow's: whichever day of the week it is, today's is in the week shown.
    api.on('POST /api/google/events', { body: { events: [standup(today), standup(tomorrow)] } });
    api.on('POST /api/calendar/caldav/events/delete', { body: { success: true } });
    render(
      <MemoryRouter>
        <CalendarPage initialView="listWeek" />
      </MemoryRouter>,
    );
    const deletes = () =>
      api.requests.filter((r) => r.path === '/api/calendar/caldav/events/delete').map((r) => r.body);
    const choose = async (answer: string) => {
      fireEvent.click((await screen.findAllByText('Standup', {}, { timeout: 10_000 }))[0]);
      const panel = (await screen.findByRole('heading', { name: 'Standup' })).closest('section')!;
      fireEvent.click(within(within(panel).getByRole('group', { name: 'Delete which ones?' })).getByText(answer));
      return (await screen.findByRole('status')).textContent;
    };
    expect(await choose('This one')).toBe('Deleted "Standup" on that day from Work.');
    expect(deletes().at(-1)).toEqual({ id: 5, occurrence: `${today}T09:00:00.000Z`, scope: 'one' });
    await choose('This and all future ones');
    await waitFor(() =>
      expect(deletes().at(-1)).toEqual({ id: 5, occurrence: `${today}T09:00:00.000Z`, scope: 'future' }),
    );
    await choose('All of them');
    await waitFor(() => expect(deletes().at(-1)).toEqual({ id: 5 }));
    expect(screen.getByRole('status').textContent).toBe('Deleted "Standup" (every time) from Work.');
  }, 20_000);

  it('renames one day of a repeating synced event, or it and all later ones, or every time, as the person chooses', async () => {
    const standup = (date: string) => ({
      id: `caldav:5:0:${date}T09:00:00.000Z`,
      title: 'Standup',
      start: `${date}T09:00:00.000Z`,
      end: `${date}T09:30:00.000Z`,
      all_day: false,
      source: 'caldav',
      series: 'caldav:5',
      date,
      repeat: 'FREQ=DAILY',
      calendar: 'Work',
      calendar_id: 2,
    });
    api.on('POST /api/google/events', { body: { events: [standup(today), standup(tomorrow)] } });
    api.on('POST /api/calendar/caldav/events/update', { body: { event: { id: 5, calendar_id: 2, events: 2 } } });
    render(
      <MemoryRouter>
        <CalendarPage initialView="listWeek" />
      </MemoryRouter>,
    );
    const updates = () =>
      api.requests.filter((r) => r.path === '/api/calendar/caldav/events/update').map((r) => r.body);
    const open = async () => {
      fireEvent.click((await screen.findAllByText('Standup', {}, { timeout: 10_000 }))[0]);
      return (await screen.findByRole('heading', { name: 'Standup' })).closest('section')!;
    };
    const rename = async (to: string, answer: string) => {
      const panel = await open();
      fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: to } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Rename' }));
      const question = within(panel).getByRole('group', { name: `Rename "Standup" to "${to}": which ones?` });
      // Nothing is written until the person says which days.
      expect(updates()).toHaveLength(before);
      fireEvent.click(within(question).getByRole('button', { name: answer }));
      await waitFor(() => expect(updates()).toHaveLength(before + 1));
      before += 1;
      return (await screen.findByRole('status')).textContent;
    };
    let before = 0;
    expect(await rename('Standup (room 4)', 'This one')).toBe(
      'Renamed "Standup" to "Standup (room 4)" (only this one) in Work.',
    );
    expect(updates().at(-1)).toEqual({
      id: 5,
      title: 'Standup (room 4)',
      occurrence: `${today}T09:00:00.000Z`,
      scope: 'one',
    });
    expect(await rename('Sync', 'This and all future ones')).toBe(
      'Renamed "Standup" to "Sync" (this one and all after it) in Work.',
    );
    expect(updates().at(-1)).toEqual({ id: 5, title: 'Sync', occurrence: `${today}T09:00:00.000Z`, scope: 'future' });
    expect(await rename('Daily sync', 'Every time')).toBe('Renamed "Standup" to "Daily sync" (every time) in Work.');
    expect(updates().at(-1)).toEqual({ id: 5, title: 'Daily sync' });

    // An empty title is refused on the field, and nothing is sent.
    let panel = await open();
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: '  ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Rename' }));
    expect(within(panel).getByText('Give the event a title.')).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: /^Rename/ })).toBeNull();
    expect(updates()).toHaveLength(before);

    // Refused by the server (changed elsewhere): the reason shows, and the panel keeps what was typed.
    api.on('POST /api/calendar/caldav/events/update', {
      status: 409,
      body: {
        success: false,
        error: 'This event was changed in another calendar app since Lifeboard last synced.',
        code: 'LB-CONFLICT',
      },
    });
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Standup (late)' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Rename' }));
    fireEvent.click(
      within(within(panel).getByRole('group', { name: 'Rename "Standup" to "Standup (late)": which ones?' })).getByRole(
        'button',
        { name: 'This one' },
      ),
    );
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Could not rename "Standup": This event was changed in another calendar app since Lifeboard last synced.',
    );
    panel = (await screen.findByRole('heading', { name: 'Standup' })).closest('section')!;
    expect(within(panel).getByLabelText<HTMLInputElement>('Title').value).toBe('Standup (late)');
  }, 20_000);

  it('redraws the grid when a reload changes what it shows, and keeps its elements when nothing changed', async () => {
    const standup = {
      id: `event:9:${today}`,
      title: 'Standup',
      start: `${today}T09:00:00.000Z`,
      end: `${today}T09:30:00.000Z`,
      all_day: false,
      source: 'event' as const,
      series: 'event:9',
      board: 1,
      date: today,
      repeat: null,
    };
    api.on('POST /api/google/events', { body: { events: [standup] } });
    render(
      <MemoryRouter>
        <CalendarPage initialView="listWeek" />
      </MemoryRouter>,
    );
    const drawn = await screen.findByText('Standup', {}, { timeout: 10_000 });
    // The same items again (a reload after an edit elsewhere): the grid keeps its elements.
    act(() => $calendarEvents.set([{ ...standup }]));
    expect(screen.getByText('Standup')).toBe(drawn);
    // A changed item: the grid shows the change.
    act(() => $calendarEvents.set([{ ...standup, title: 'Daily standup' }]));
    expect(await screen.findByText('Daily standup')).toBeTruthy();
    expect(screen.queryByText('Standup')).toBeNull();
  }, 20_000);

  it("switches FullCalendar's view on a wide screen without drawing the page again", async () => {
    // The page asks whether it is on a phone each time it is drawn.
    let drawn = 0;
    stubMatchMedia(() => {
      drawn += 1;
      return false;
    });
    api.on('POST /api/google/events', { body: { events: [] } });
    show();
    const week = await screen.findByRole('tab', { name: 'Week view' }, { timeout: 10_000 });
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/google/events')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = drawn;
    fireEvent.click(week);
    await screen.findByRole('button', { name: 'Next Week' });
    expect(week.getAttribute('aria-selected')).toBe('true');
    expect(drawn).toBe(before);
  }, 20_000);

  it('adds an event to a synced calendar, and says why the server refused one', async () => {
    api.on('POST /api/google/events', { body: { events: [] } });
    api.on('POST /api/calendar/connections', {
      body: {
        connections: [
          {
            id: 7,
            name: 'Radicale',
            url: 'http://127.0.0.1/',
            provider: 'caldav',
            username: 'alice',
            event_count: 0,
            last_synced_at: null,
            last_error: null,
            calendars: [
              { id: 2, name: 'Work', color: null, selected: true, event_count: 0 },
              { id: 3, name: 'Old', color: null, selected: false, event_count: 0 },
            ],
          },
        ],
      },
    });
    api.on('POST /api/calendar/caldav/events/create', {
      status: 409,
      body: { success: false, error: 'The calendar server refused to save the event.', code: 'LB-CONFLICT' },
    });
    show();
    fireEvent.click(await screen.findByText('Add an event to a synced calendar', {}, { timeout: 10_000 }));
    const form = screen.getByRole('form', { name: 'Add an event to a synced calendar' });
    expect(
      within(form)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Work']);
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Dentist' } });
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: tomorrow } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '14:00' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '15:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the event' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The calendar server refused to save the event.');
    expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe('Dentist');
    expect(api.requests.find((r) => r.path === '/api/calendar/caldav/events/create')?.body).toEqual({
      calendar_id: 2,
      title: 'Dentist',
      start: new Date(`${tomorrow}T14:00`).toISOString(),
      end: new Date(`${tomorrow}T15:00`).toISOString(),
      all_day: false,
    });
  }, 20_000);
});
