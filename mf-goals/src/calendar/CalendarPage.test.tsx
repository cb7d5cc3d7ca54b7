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
});
afterEach(() => {
  cleanup();
  clearData();
  vi.restoreAllMocks();
});

const tomorrow = addDays(localDate(), 1);
const show = () => render(<MemoryRouter><CalendarPage /></MemoryRouter>);

describe('CalendarPage', () => {
  it("shows the connected calendar's events on their day, through the shared store", async () => {
    api.on('POST /api/google/events', { body: { events: [{ id: 'g1', title: 'Dentist', start: `${tomorrow}T09:00:00`, end: `${tomorrow}T10:00:00`, all_day: false }] } });
    show();
    expect(await screen.findByText(/Dentist/)).toBeTruthy();
    expect($calendarEvents.get().map((event) => event.title)).toEqual(['Dentist']);
    const asked = api.requests.find((request) => request.path === '/api/google/events')?.body;
    expect(asked).toEqual({ start_date: localDate(), end_date: addDays(localDate(), 13) });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows no earlier events when loading fails: the list resets to empty (spec §4), with a note', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    $calendarEvents.set([{ id: 'old', title: 'Stale meeting', start: `${tomorrow}T11:00:00` }]);
    api.on('POST /api/google/events', { status: 500, body: { error: 'Calendar provider down' } });
    show();
    expect((await screen.findByRole('status')).textContent).toMatch(/connected calendar could not be loaded/);
    await waitFor(() => expect($calendarEvents.get()).toEqual([]));
    expect(screen.queryByText(/Stale meeting/)).toBeNull();
  });
});
