import { afterEach, describe, expect, it } from 'vitest';
import type { HabitRow } from '../api/habits';
import { withFakeApi } from '../lib/test-fake-api';
import { localDate } from '../ui/model/local-date';
import { clearData } from './data';
import { $habitRows, loadHabitRows, setCheckIn } from './habits';

const api = withFakeApi();
afterEach(() => clearData());

const today = localDate();
const row = (doneToday: boolean): HabitRow => ({
  habit: { id: 4, board_id: 1, created_at: '', updated_at: '', title: 'Stretch', kind: 'yes_no' },
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
    period_done: doneToday ? 1 : 0,
    period_goal: 1,
    last7: [{ date: today, state: doneToday ? 'done' : 'none', value: doneToday ? 'yes' : null, note: '' }],
  },
});

describe('the habit rows store', () => {
  it("keeps a check-in's late answer out of the data loaded after a clear (a sign-out, another user)", async () => {
    let answer: () => void = () => undefined;
    api.on('POST /api/habit/overview', { body: { success: true, habits: [row(false)], next_offset: null } });
    api.on('POST /api/habit/checkin', ({ body }) => ({
      body: { success: true, entry: { id: 1, ...(body as { params: object }).params, note: '' } },
    }));
    api.on(
      'POST /api/habit/stats',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { success: true, stats: row(true).stats } });
        }),
    );
    await loadHabitRows(1);
    const saving = setCheckIn(1, 4, today, 'yes');
    await expect.poll(() => api.requests.some((request) => request.path === '/api/habit/stats')).toBe(true);
    clearData();
    await loadHabitRows(1);
    expect($habitRows.get()[0].stats.last7[0].value).toBeNull();
    answer();
    await saving;
    expect($habitRows.get()[0].stats.last7[0].value).toBeNull();
  });
});
