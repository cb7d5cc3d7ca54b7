import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { startFakeApi } from '@lifeboard/shared/lib/test-api-server';
import type { FakeApi } from '@lifeboard/shared/lib/test-api-server';
import { setBoard } from '@lifeboard/shared/stores/board';
import { setConfig } from '@lifeboard/shared/stores/config';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { AreaRoutes } from './routes';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  setConfig({ apiUrl: api.url });
});
afterAll(() => api.close());
beforeEach(() => { localStorage.clear(); setBoard(1, 'Home'); api.requests.length = 0; });
afterEach(() => { cleanup(); clearData(); });

const at = (path: string) => render(<MemoryRouter initialEntries={[path]}><AreaRoutes /></MemoryRouter>);
const habit = { id: 4, board_id: 1, created_at: '', updated_at: '', title: 'Stretch', kind: 'yes_no', frequency_num: 1, frequency_den: 1, weekdays: [] };

describe('mf-goals routes', () => {
  it('/mission loads the answers and saves them through /api/simple_model/update', async () => {
    api.on('POST /api/simple_model/get', { body: { success: true, data: { energises: 'Building things' } } });
    api.on('POST /api/simple_model/update', ({ body }) => ({ body: { success: true, mission: body } }));
    const user = userEvent.setup();
    at('/mission');
    const first = await screen.findByLabelText('What activities make you lose track of time?');
    expect((first as HTMLTextAreaElement).value).toBe('Building things');
    await user.type(screen.getByLabelText('Your mission in one sentence'), 'I build tools so that people grow');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/simple_model/update')).toBe(true));
    const saved = api.requests.find((r) => r.path === '/api/simple_model/update')?.body as { model: string; responses: Record<string, string> };
    expect(saved).toMatchObject({ model: 'mission', responses: { energises: 'Building things', statement: 'I build tools so that people grow' } });
  });

  it('/report/habit-summary counts check-ins of the last 30 days', async () => {
    serveModel(api, 'habit', 'habits').rows.push(habit);
    const today = localDate();
    api.on('POST /api/habit/entries', { body: { success: true, entries: [
      { id: 1, habit_id: 4, date: today, value: 'yes', note: '' },
      { id: 2, habit_id: 4, date: addDays(today, -1), value: 'yes', note: '' },
      { id: 3, habit_id: 4, date: addDays(today, -40), value: 'yes', note: '' },
    ] } });
    at('/report/habit-summary');
    expect(await screen.findByText(/2 of 30 expected check-ins \(1 in 1 days\)/)).toBeTruthy();
  });

  it('/new-habit creates the habit and opens it', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    api.on('POST /api/habit/entries', { body: { success: true, entries: [] } });
    const user = userEvent.setup();
    at('/new-habit');
    await user.type(await screen.findByLabelText('Title (required)'), 'Read');
    await user.click(screen.getByRole('button', { name: 'Add habit' }));
    expect(await screen.findByRole('heading', { name: 'Read', level: 1 })).toBeTruthy();
    expect(habits.rows[0]).toMatchObject({ title: 'Read', kind: 'yes_no', frequency_num: 1, frequency_den: 1 });
    expect(screen.getByRole('button', { name: 'Done today' })).toBeTruthy();
  });

  it('/planner shows habits due today and /how-habits-work explains N in D', async () => {
    serveModel(api, 'habit', 'habits').rows.push(habit);
    serveModel(api, 'plannedactivity', 'plannedActivities');
    serveModel(api, 'reminder', 'reminders');
    at('/planner');
    expect(await screen.findByRole('link', { name: 'Stretch' })).toBeTruthy();
    cleanup();
    at('/how-habits-work');
    expect(screen.getByRole('heading', { name: 'Frequency: N times in D days' })).toBeTruthy();
  });
});
