import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { $notifications } from '@lifeboard/shared/stores/notifications';
import { serveModel } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { GoalPage } from './GoalPage';
import { milestoneWhen } from './Milestones';

const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
  $notifications.set([]);
});

const today = localDate();
const habit = {
  id: 4,
  board_id: 1,
  created_at: '',
  updated_at: '',
  title: 'Run',
  kind: 'yes_no',
  frequency_num: 3,
  frequency_den: 7,
  weekdays: [],
  goal_id: 7,
};
const stats = (state = 'none', value: unknown = null, score = 0.62) => ({
  as_of: today,
  score,
  current_streak: 2,
  best_streak: 5,
  streak_unit: 'week',
  period_days: 7,
  total_checkins: 10,
  first_date: '2026-01-01',
  paused_today: false,
  due_today: true,
  period_done: 1,
  period_goal: 3,
  last7: Array.from({ length: 7 }, (_, i) => ({
    date: addDays(today, i - 6),
    state: i === 6 ? state : 'none',
    value: i === 6 ? value : null,
    note: '',
  })),
});

function serveGoal() {
  const goals = serveModel(api, 'goal', 'goals');
  goals.rows.push({
    id: 7,
    board_id: 1,
    created_at: '',
    updated_at: '2026-11-01T00:00:00.000Z',
    title: 'Run a half marathon',
    status: 'active',
    start_date: '2026-11-01',
    target_date: '2027-03-01',
    progress_from: 'milestones',
    milestones: [{ title: 'Run 5 km', due_date: addDays(today, -3) }],
  });
  api.on('POST /api/goal/detail', () => {
    const goal = goals.rows[0] as { milestones: { done_at?: string | null }[] };
    const done = goal.milestones.filter((m) => m.done_at).length;
    return {
      body: {
        success: true,
        goal,
        progress: {
          percent: (done / goal.milestones.length) * 100,
          source: 'milestones',
          words: `${done} of ${goal.milestones.length} milestone${goal.milestones.length === 1 ? '' : 's'} done`,
        },
        habits: [{ habit, stats: stats() }],
        projects: [{ id: 2, title: 'Buy shoes', date: '2026-12-01', status: 'active' }],
        activities: [{ id: 3, title: 'Long run', date: '2026-11-20' }],
        journal_entries: [{ id: 9, title: 'Why I run', date: '2026-11-21' }],
      },
    };
  });
  serveModel(api, 'habit', 'habits');
  return goals;
}

const open = () =>
  render(
    <MemoryRouter initialEntries={['/goal/7']}>
      <Routes>
        <Route path="/goal/:id" element={<GoalPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/goal/:id', () => {
  it('shows the progress in words, the linked habit with its strength and today’s check-in, and the linked projects, activities and journal entries', async () => {
    serveGoal();
    api.on('POST /api/habit/checkin', ({ body }) => ({
      body: { success: true, entry: { id: 1, ...(body as { params: object }).params, note: '' } },
    }));
    api.on('POST /api/habit/stats', { body: { success: true, stats: stats('done', 'yes', 0.66) } });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Run a half marathon' })).toBeTruthy();
    expect(await screen.findByText('0 of 1 milestone done')).toBeTruthy();
    const habits = screen.getByRole('list', { name: 'Habits toward this goal' });
    expect(within(habits).getByText(/3 times a week · strength 62%/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy shoes' }).getAttribute('href')).toBe('/project/2');
    expect(screen.getByRole('link', { name: 'Long run' }).getAttribute('href')).toBe('/activity/3');
    expect(screen.getByRole('link', { name: 'Why I run' }).getAttribute('href')).toBe('/journal?entry=9');
    expect(screen.getByText(/overdue since/)).toBeTruthy();

    // Today's check-in, in one tap, from the goal's page.
    await user.click(within(habits).getByRole('button', { name: /not checked in; tap for done/ }));
    await waitFor(() => expect(within(habits).getByText(/strength 66%/)).toBeTruthy());
    expect(api.requests.find((r) => r.path === '/api/habit/checkin')?.body).toEqual({
      board: 1,
      params: { habit_id: 4, date: today, value: 'yes' },
    });
    expect(document.body.textContent).not.toMatch(/progress_from|target_value|due_date|done_at|goal_id|yes_no/);
  });

  it('adds a milestone with a due date, ticks one off, and puts a refused change back with a message', async () => {
    const goals = serveGoal();
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: 'Run a half marathon' });
    await user.type(screen.getByLabelText('New milestone'), 'Run 10 km');
    await user.type(screen.getByLabelText('Due on (optional)'), '2026-12-15');
    await user.click(screen.getByRole('button', { name: 'Add milestone' }));
    await waitFor(() =>
      expect((goals.rows[0] as { milestones: unknown[] }).milestones).toEqual([
        { title: 'Run 5 km', due_date: addDays(today, -3) },
        { title: 'Run 10 km', due_date: '2026-12-15' },
      ]),
    );
    expect(await screen.findByText('due Tue, Dec 15th 2026')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Run 5 km' }));
    await waitFor(() =>
      expect((goals.rows[0] as { milestones: { done_at?: string }[] }).milestones[0].done_at).toMatch(/^\d{4}-/),
    );
    expect(await screen.findByText('1 of 2 milestones done')).toBeTruthy();

    goals.rejectNextWith = { milestones: ['is too long'] };
    await user.click(screen.getByRole('button', { name: 'Remove “Run 10 km”' }));
    await waitFor(() =>
      expect(
        $notifications
          .get()
          .some(
            (n) => n.kind === 'error' && n.message.includes('The milestones were not saved, so the change was undone'),
          ),
      ).toBe(true),
    );
    expect(screen.getByRole('checkbox', { name: 'Run 10 km' })).toBeTruthy();
    expect((goals.rows[0] as { milestones: unknown[] }).milestones).toHaveLength(2);
  });
});

describe('milestoneWhen', () => {
  it('says when a milestone is due in words', () => {
    expect(milestoneWhen({ title: 'a' }, '2026-11-25')).toBe('no due date');
    expect(milestoneWhen({ title: 'a', due_date: '2026-11-25' }, '2026-11-25')).toBe('due today');
    expect(milestoneWhen({ title: 'a', due_date: '2026-11-24' }, '2026-11-25')).toBe(
      'overdue since Tue, Nov 24th 2026',
    );
    expect(milestoneWhen({ title: 'a', due_date: '2026-11-24', done_at: '2026-11-20T00:00:00Z' }, '2026-11-25')).toBe(
      'done · was due Tue, Nov 24th 2026',
    );
  });
});
