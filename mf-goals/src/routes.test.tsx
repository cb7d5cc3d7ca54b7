import { allTasks } from 'nanostores';
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
import { routeTable } from '../../shell/src/routes/route-table';
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
    // In the planner's tray of unscheduled work, ready to be timeboxed.
    expect(await screen.findByText('Stretch')).toBeTruthy();
    expect(screen.getAllByText('Habit due today').length).toBeGreaterThan(0);
    cleanup();
    at('/how-habits-work');
    expect(screen.getByRole('heading', { name: 'Frequency: N times in D days' })).toBeTruthy();
  });
});

describe('mf-goals route coverage', () => {
  it('an address the area does not own shows a not-found panel from the UI kit, not a blank area', async () => {
    at('/no-such-page');
    // Not at once: leaving for another area must not flash it before the shell unmounts this one.
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('/no-such-page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
  });

  /**
   * Every route the shell hands to this area: the shell's route table, whose own test pins it to architecture.md
   * ("Which area owns which route"). Imported for this test only; the remote's code never depends on the shell.
   */
  const owned = routeTable.filter((entry) => entry.area === 'mf_goals').map((entry) => entry.path);
  const concrete = owned.map((pattern) => pattern.replace(/:[A-Za-z]+/g, '7'));

  it('owns routes (the table has this area)', () => expect(owned.length).toBeGreaterThan(5));

  it.each(concrete)('%s has a screen of its own', async (path) => {
    at(path);
    await allTasks(); // the screen's loads finish against the test API before it closes
    expect(document.querySelector('[data-not-found]')).toBeNull(); // not the catch-all, even before its panel shows
    expect(document.querySelector('[data-area="mf_goals"]')?.children.length).toBeGreaterThan(0);
  });
});
