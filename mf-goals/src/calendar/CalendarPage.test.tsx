import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { $calendarEvents, clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { CalendarPage } from './CalendarPage';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
  serveModel(api, 'event', 'events');
  serveModel(api, 'plannedactivity', 'plannedActivities');
  serveModel(api, 'goal', 'goals');
  serveModel(api, 'habit', 'habits');
});
afterEach(() => {
  cleanup();
  clearData();
  vi.restoreAllMocks();
});

const tomorrow = addDays(localDate(), 1);
const today = localDate();
const show = () => render(<MemoryRouter><CalendarPage /></MemoryRouter>);

describe('CalendarPage', () => {
  it("shows the server's items from every source in the agenda, with goals and habits due, through the shared store", async () => {
    serveModel(api, 'goal', 'goals').rows.push({ id: 3, title: 'Run a 10k', status: 'active', target_date: today, milestones: [{ title: 'First 5k', due_date: today }] });
    serveModel(api, 'habit', 'habits').rows.push({ id: 4, title: 'Stretch', weekdays: [] });
    api.on('POST /api/google/events', { body: { events: [
      { id: 'event:1', title: 'Dentist', start: `${today}T09:00:00.000Z`, end: `${today}T10:00:00.000Z`, all_day: false, source: 'event', series: 'event:1', board: 1, date: today, repeat: null },
      { id: 'ics:2:Yoga', title: 'Yoga', start: today, end: addDays(today, 1), all_day: true, source: 'ics', series: 'ics:2', date: today, repeat: null, calendar: 'Gym' },
    ] } });
    render(<MemoryRouter><CalendarPage initialView="listWeek" /></MemoryRouter>);
    expect(await screen.findByText('Dentist', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Yoga')).toBeTruthy();
    expect(await screen.findByText('Goal due: Run a 10k')).toBeTruthy();
    expect(screen.getByText('Milestone: First 5k')).toBeTruthy();
    expect(screen.getAllByText('Habit: Stretch').length).toBeGreaterThan(0);
    expect($calendarEvents.get().map((event) => event.title)).toEqual(['Dentist', 'Yoga']);
    const asked = api.requests.filter((request) => request.path === '/api/google/events').at(-1)?.body as { start_date: string; end_date: string };
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
});
