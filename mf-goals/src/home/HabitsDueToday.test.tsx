import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import { setBoard } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { $habitRows } from '@lifeboard/shared/stores/habits';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { habitRow } from '../habits/test-rows';
import { HabitsDueToday } from './HabitsDueToday';

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

const today = localDate();
const row = habitRow;

describe('Habits due today (home)', () => {
  it('lists what the schedule asks for today and checks in with one tap, on the same store as /habits', async () => {
    api.on('POST /api/home', {
      body: {
        success: true,
        journal_entry: null,
        moods: [],
        habits: [row(1, 'Stretch', 1, 1, true), row(2, 'Run', 3, 7, false), row(3, 'Read', 1, 1, false, 'yes')],
        habits_next_offset: null,
        goals: [],
        workout_session: null,
        sleep: [],
        programs: [],
      },
    });
    api.on('POST /api/habit/checkin', ({ body }) => ({
      body: { success: true, entry: { id: 9, ...(body as { params: object }).params, note: '' } },
    }));
    api.on('POST /api/habit/stats', {
      body: { success: true, stats: { ...row(1, 'Stretch', 1, 1, true, 'yes').stats, current_streak: 2 } },
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HabitsDueToday />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Stretch' })).toBeTruthy();
    // "Run" (3 a week) is not due today; "Read" was done today and stays, ticked, to be undone if need be.
    expect(screen.queryByRole('link', { name: 'Run' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Read' })).toBeTruthy();
    // /home's one answer fills the habits' rows: no overview of their own.
    expect(api.requests.map((r) => r.path)).toEqual(['/api/home']);
    const stretchToday = screen
      .getByRole('group', { name: 'Stretch: today' })
      .querySelector('button') as HTMLButtonElement;
    await user.click(stretchToday);
    expect(stretchToday.getAttribute('data-state')).toBe('done');
    await waitFor(() => expect($habitRows.get().find((r) => r.habit.id === 1)?.stats.current_streak).toBe(2));
    expect(api.requests.find((r) => r.path === '/api/habit/checkin')?.body).toEqual({
      board: 1,
      params: { habit_id: 1, date: today, value: 'yes' },
    });
  });
});
