import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { HabitRow } from '../api/habits';
import { withFakeApi } from '../lib/test-fake-api';
import { DayCheckIn } from './HabitDays';
import { addDays, localDate } from './model/local-date';

const api = withFakeApi();
afterEach(cleanup);

const today = localDate();
const row = (createdDaysAgo: number): HabitRow => ({
  habit: {
    id: 5,
    board_id: 1,
    created_at: new Date(`${addDays(today, -createdDaysAgo)}T12:00:00`).toISOString(),
    updated_at: '',
    title: 'Stretch',
    kind: 'yes_no',
    frequency_num: 1,
    frequency_den: 1,
    weekdays: [],
  },
  stats: {
    as_of: today,
    score: 0,
    current_streak: 0,
    best_streak: 0,
    streak_unit: 'day',
    period_days: 1,
    total_checkins: 0,
    first_date: null,
    paused_today: false,
    due_today: true,
    period_done: 0,
    period_goal: 1,
    last7: Array.from({ length: 7 }, (_, i) => ({
      date: addDays(today, i - 6),
      state: i === 6 ? ('none' as const) : ('missed' as const),
      value: null,
      note: '',
    })),
  },
});

describe('DayCheckIn', () => {
  it('checks a habit in on a day long past, through the API', async () => {
    const date = addDays(today, -40);
    api.on('POST /api/habit/checkin', ({ body }) => ({
      body: { success: true, entry: { id: 1, ...(body as { params: object }).params, note: '' } },
    }));
    api.on('POST /api/habit/stats', { body: { success: true, stats: row(60).stats } });
    let closed = false;
    render(
      <DayCheckIn
        habit={row(60).habit}
        board={1}
        day={{ date, value: null, state: 'none', note: '' }}
        onClose={() => (closed = true)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === '/api/habit/checkin')?.body).toMatchObject({
        params: { habit_id: 5, date, value: 'yes' },
      }),
    );
    expect(closed).toBe(true);
  });
});
