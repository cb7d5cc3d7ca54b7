import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { serveModel, type FakeTable } from '@lifeboard/shared/ui/model/test-backend';
import { addDays, localDate, mondayOf } from '@lifeboard/shared/ui/model/local-date';
import { countedUpTo, reviewWeek } from './week';
import { WeeklyReview } from './WeeklyReview';

const thisWeek = mondayOf(localDate());
let reviews: FakeTable;
const api = withFakeApi();
beforeEach(() => {
  localStorage.clear();
  setBoard(1, 'Home');
  reviews = serveModel(api, 'weekly_review', 'weeklyReviews');
  reviews.rows.push({
    id: 1,
    board_id: 1,
    created_at: '',
    updated_at: '',
    week: addDays(thisWeek, -7),
    focus: 'Sleep by eleven',
  });
  serveModel(api, 'habit', 'habits').rows.push(
    { id: 4, board_id: 1, created_at: '', updated_at: '', title: 'Stretch', value_ids: [9] },
    { id: 5, board_id: 1, created_at: '', updated_at: '', title: 'Old habit', archived_at: '2026-01-01T00:00:00.000Z' },
  );
  serveModel(api, 'goal', 'goals').rows.push(
    { id: 7, board_id: 1, created_at: '', updated_at: '', title: 'Run 10 km', status: 'active', value_ids: [9] },
    { id: 8, board_id: 1, created_at: '', updated_at: '', title: 'Reached one', status: 'done' },
  );
  serveModel(api, 'value', 'values').rows.push(
    { id: 9, board_id: 1, created_at: '', updated_at: '', title: 'Health' },
    { id: 10, board_id: 1, created_at: '', updated_at: '', title: 'Curiosity' },
  );
  api.on('POST /api/habit/weeks', {
    body: { success: true, habits: [{ habit_id: 4, weeks: [{ from: thisWeek, done: 5, goal: 5, score: 0.8 }] }] },
  });
  api.on('POST /api/goal/progress', {
    body: { success: true, progress: [{ id: 7, percent: 40, source: 'milestones', words: '2 of 5 milestones' }] },
  });
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  clearData();
});

describe('weeks', () => {
  it('starts a week on its Monday and counts a past week up to its Sunday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(reviewWeek(new URLSearchParams('week=2026-11-19'), '2026-11-29')).toBe('2026-11-16');
    expect(reviewWeek(new URLSearchParams('week=nonsense'), '2026-11-29')).toBe('2026-11-23');
    expect(countedUpTo('2026-11-16', '2026-11-29')).toBe('2026-11-22');
    expect(countedUpTo('2026-11-23', '2026-11-25')).toBe('2026-11-25');
  });
});

describe('/weekly-review', () => {
  it('brings the habits, goals and values together, shows last week’s focus, and saves the week', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/weekly-review']}>
        <WeeklyReview />
      </MemoryRouter>,
    );
    const focus = await screen.findByRole('region', { name: "Last week's focus" });
    expect(within(focus).getByText('Sleep by eleven')).toBeTruthy();
    const habits = await screen.findByRole('list', { name: "The habits' week" });
    await waitFor(() => expect(within(habits).getByText('5 of 5 · met')).toBeTruthy());
    expect(within(habits).queryByText('Old habit')).toBeNull();
    const goals = screen.getByRole('list', { name: "Goals' progress" });
    await waitFor(() => expect(within(goals).getByText('2 of 5 milestones')).toBeTruthy());
    expect(within(goals).queryByText('Reached one')).toBeNull();
    const values = screen.getByRole('list', { name: 'Your values' });
    expect(within(values).getByText(/Served by 1 goal and 1 habit: Run 10 km, Stretch/)).toBeTruthy();
    expect(within(values).getByText('Nothing serves it yet.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Wins of the week' }), 'Ran every day');
    await user.type(screen.getByRole('textbox', { name: "Next week's focus" }), 'Read more');
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() =>
      expect(reviews.rows.find((r) => r.week === thisWeek)).toMatchObject({
        wins: 'Ran every day',
        focus: 'Read more',
      }),
    );
    // A second save changes the same week's review.
    await user.type(screen.getByRole('textbox', { name: 'Wins of the week' }), ', twice');
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(reviews.rows.find((r) => r.week === thisWeek)?.wins).toBe('Ran every day, twice'));
    expect(reviews.rows.filter((r) => r.week === thisWeek)).toHaveLength(1);
    expect(api.requests.find((r) => r.path === '/api/habit/weeks')?.body).toMatchObject({
      params: { habit_ids: [4], weeks: 1, date: localDate() },
    });
  });
});
