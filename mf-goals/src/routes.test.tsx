import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { routeTable } from '../../shell/src/routes/route-table';
import { AreaRoutes } from './routes';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AreaRoutes />
    </MemoryRouter>,
  );
const habit = {
  id: 4,
  board_id: 1,
  created_at: '',
  updated_at: '',
  title: 'Stretch',
  kind: 'yes_no',
  frequency_num: 1,
  frequency_den: 1,
  weekdays: [],
};

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
    const saved = api.requests.find((r) => r.path === '/api/simple_model/update')?.body as {
      model: string;
      responses: Record<string, string>;
    };
    expect(saved).toMatchObject({
      model: 'mission',
      responses: { energises: 'Building things', statement: 'I build tools so that people grow' },
    });
  });

  /** The server's answer for one habit as of today (the numbers are the server's; the screens only show them). */
  const statsFor = (last7: { state?: string; value?: unknown }[] = [], over: Record<string, unknown> = {}) => {
    const today = localDate();
    const days = Array.from({ length: 7 }, (_, i) => ({
      date: addDays(today, i - 6),
      state: 'none',
      value: null,
      note: '',
      ...last7[i],
    }));
    return {
      as_of: today,
      score: 0.5,
      current_streak: 13,
      best_streak: 20,
      streak_unit: 'day',
      period_days: 1,
      total_checkins: 40,
      first_date: '2026-01-01',
      paused_today: false,
      due_today: true,
      period_done: 0,
      period_goal: 1,
      last7: days,
      ...over,
    };
  };

  it('/habits: one tap checks in at once, and a failed save says so and undoes it', async () => {
    api.on('POST /api/habit/overview', {
      body: { success: true, habits: [{ habit, stats: statsFor() }], next_offset: null },
    });
    let refuse = false;
    api.on('POST /api/habit/checkin', ({ body }) =>
      refuse
        ? { status: 500, body: { message: 'Server Error' } }
        : { body: { success: true, entry: { id: 1, ...(body as { params: object }).params, note: '' } } },
    );
    api.on('POST /api/habit/stats', {
      body: {
        success: true,
        stats: statsFor([{}, {}, {}, {}, {}, {}, { state: 'done', value: 'yes' }], { score: 0.54, current_streak: 14 }),
      },
    });
    const user = userEvent.setup();
    at('/habits');
    // The habit screens load their code on first visit: allow for that on a busy machine.
    expect(await screen.findByText(/Every day · strength 50% · streak 13 days/, {}, { timeout: 10_000 })).toBeTruthy();
    const today = () =>
      screen
        .getAllByRole('button', { name: /^.*: not checked in; tap for done$|: done; tap for skipped$/ })
        .at(-1) as HTMLElement;
    await user.click(today());
    expect(today().getAttribute('data-state')).toBe('done');
    await waitFor(() => expect(screen.getByText(/strength 54% · streak 14 days/)).toBeTruthy());
    expect(api.requests.find((r) => r.path === '/api/habit/checkin')?.body).toEqual({
      board: 1,
      params: { habit_id: 4, date: localDate(), value: 'yes' },
    });
    // Next tap: skipped; the server refuses, so the day goes back to done and a message says why.
    refuse = true;
    await user.click(today());
    await waitFor(() =>
      expect(
        $notifications.get().some((n) => n.kind === 'error' && n.message.includes('was not saved, so it was undone')),
      ).toBe(true),
    );
    expect(today().getAttribute('data-state')).toBe('done');
    expect(document.body.textContent).not.toMatch(/frequency|yes_no|archived_at/i);
  });

  it('/habits: a habit counted in amounts opens an amount input, back-dated on a past day', async () => {
    const water = { ...habit, id: 5, title: 'Water', kind: 'at_least', target: 8, unit: 'glasses' };
    api.on('POST /api/habit/overview', {
      body: { success: true, habits: [{ habit: water, stats: statsFor() }], next_offset: null },
    });
    api.on('POST /api/habit/checkin', ({ body }) => ({
      body: { success: true, entry: { id: 1, ...(body as { params: object }).params } },
    }));
    api.on('POST /api/habit/stats', { body: { success: true, stats: statsFor() } });
    const user = userEvent.setup();
    at('/habits');
    expect(await screen.findByText(/At least 8 glasses per day/, {}, { timeout: 10_000 })).toBeTruthy();
    const twoDaysAgo = addDays(localDate(), -2);
    await user.click(document.querySelector(`[data-date="${twoDaysAgo}"]`) as HTMLElement);
    await user.type(screen.getByLabelText(/How much on/), '9');
    await user.type(screen.getByLabelText('Note'), 'hot day');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === '/api/habit/checkin')?.body).toEqual({
        board: 1,
        params: { habit_id: 5, date: twoDaysAgo, value: 9, note: 'hot day' },
      }),
    );
  });

  it('/habits: "Reorder habits" turns the list sortable by handle, without the days to check in, and back', async () => {
    const run = { ...habit, id: 7, title: 'Run' };
    api.on('POST /api/habit/overview', {
      body: {
        success: true,
        habits: [
          { habit, stats: statsFor() },
          { habit: run, stats: statsFor() },
        ],
        next_offset: null,
      },
    });
    const user = userEvent.setup();
    at('/habits');
    await screen.findAllByText(/Every day · strength 50%/, {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Drag Run to reorder' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reorder habits' }));
    expect(await screen.findByRole('button', { name: 'Drag Run to reorder' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /tap for done$/ })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Done reordering' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Done reordering' }));
    expect(screen.queryByRole('button', { name: 'Drag Run to reorder' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /tap for done$/ }).length).toBeGreaterThan(0);
  });

  it("/report/habit-summary shows the server's strength and a chart of the last 12 weeks of each habit", async () => {
    const run = { ...habit, id: 7, title: 'Run', frequency_num: 3, frequency_den: 7 };
    api.on('POST /api/habit/overview', {
      body: {
        success: true,
        habits: [
          {
            habit: run,
            stats: statsFor([], { score: 0.9301, streak_unit: 'week', period_days: 7, current_streak: 12 }),
          },
        ],
        next_offset: null,
      },
    });
    const weeks = Array.from({ length: 12 }, (_, i) => ({
      from: addDays('2026-09-07', 7 * i),
      done: i === 11 ? 2 : 3,
      goal: 3,
      score: 0.5 + i * 0.04,
    }));
    api.on('POST /api/habit/weeks', { body: { success: true, habits: [{ habit_id: 7, weeks }] } });
    at('/report/habit-summary');
    expect(await screen.findByText('93%')).toBeTruthy();
    const chart = await screen.findByRole(
      'img',
      { name: /^Run, the 12 weeks from Sep 7: this week 2 of 3 times, strength 94%; weeks that met the goal: 11\.$/ },
      { timeout: 10_000 },
    );
    expect(chart).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/habit/weeks')?.body).toMatchObject({
      board: 1,
      params: { habit_ids: [7], weeks: 12 },
    });
    expect(screen.getByRole('button', { name: "Download CSV (Loop Habit Tracker's layout)" })).toBeTruthy();
  });

  it('/life-plans/:id shows the goals linked to the plan, with their progress', async () => {
    serveModel(api, 'life_plan', 'lifePlans').rows.push({
      id: 2,
      title: 'Health in 5 years',
      horizon: '5y',
      areas: [],
    });
    serveModel(api, 'goal', 'goals').rows.push(
      {
        id: 8,
        title: 'Run a half marathon',
        status: 'active',
        life_plan_id: 2,
        milestones: [{ title: '5 km', done_at: '2026-01-01' }, { title: '10 km' }],
      },
      { id: 9, title: 'Learn Spanish', status: 'active', life_plan_id: 3 },
    );
    at('/life-plans/2');
    const list = await screen.findByRole('list', { name: 'Goals in this plan' }, { timeout: 10_000 });
    expect(list.textContent).toContain('Run a half marathon');
    expect(list.textContent).not.toContain('Learn Spanish');
    expect(screen.getByRole('link', { name: 'Run a half marathon' }).getAttribute('href')).toBe('/goal/8');
  });

  it('/new-habit offers "N times a week" in words and saves it as 3 in 7', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    api.on('POST /api/habit/stats', {
      body: {
        success: true,
        stats: statsFor([], { score: 0, current_streak: 0, streak_unit: 'week', period_days: 7 }),
      },
    });
    api.on('POST /api/habit/history', {
      body: { success: true, history: { scores: [], by_weekday: [0, 0, 0, 0, 0, 0, 0], entries: [] } },
    });
    const user = userEvent.setup();
    at('/new-habit');
    await user.type(await screen.findByLabelText(/^Name/, {}, { timeout: 10_000 }), 'Run');
    await user.selectOptions(screen.getByLabelText('How often?'), 'week');
    await user.clear(screen.getByLabelText('How many times'));
    await user.type(screen.getByLabelText('How many times'), '3');
    expect(screen.getByText('3 times a week')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/frequency|num\/den|yes_no|archived/i);
    await user.click(screen.getByRole('button', { name: 'Create habit' }));
    expect(await screen.findByRole('heading', { name: 'Run', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(habits.rows[0]).toMatchObject({
      title: 'Run',
      kind: 'yes_no',
      frequency_num: 3,
      frequency_den: 7,
      weekdays: [],
    });
    expect(await screen.findByText('No check-ins yet: strength starts with the first one.')).toBeTruthy();
  });

  it('/new-habit refuses a week of 8 times with a message and saves nothing', async () => {
    const habits = serveModel(api, 'habit', 'habits');
    const user = userEvent.setup();
    at('/new-habit');
    await user.type(await screen.findByLabelText(/^Name/, {}, { timeout: 10_000 }), 'Run');
    await user.selectOptions(screen.getByLabelText('How often?'), 'week');
    await user.clear(screen.getByLabelText('How many times'));
    await user.type(screen.getByLabelText('How many times'), '8');
    await user.click(screen.getByRole('button', { name: 'Create habit' }));
    expect(await screen.findByText('Choose from 1 to 7 times a week.')).toBeTruthy();
    expect(habits.rows).toHaveLength(0);
  });

  it('/planner shows habits due today and /how-habits-work explains strength and streaks', async () => {
    api.on('POST /api/habit/overview', {
      body: { success: true, habits: [{ habit, stats: statsFor() }], next_offset: null },
    });
    serveModel(api, 'plannedactivity', 'plannedActivities');
    serveModel(api, 'reminder', 'reminders');
    at('/planner');
    // In the planner's tray of unscheduled work, ready to be timeboxed.
    expect(await screen.findByText('Stretch')).toBeTruthy();
    expect(screen.getAllByText('Habit due today').length).toBeGreaterThan(0);
    cleanup();
    at('/how-habits-work');
    expect(await screen.findByRole('heading', { name: 'Strength' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Streaks' })).toBeTruthy();
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
