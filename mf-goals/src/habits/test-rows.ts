import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';

const today = localDate();
/** A row of `/api/habit/overview` as of today, for component tests. */
export const habitRow = (
  id: number,
  title: string,
  num: number,
  den: number,
  due: boolean,
  todayValue: 'yes' | null = null,
) => ({
  habit: {
    id,
    board_id: 1,
    created_at: '',
    updated_at: '',
    title,
    kind: 'yes_no',
    frequency_num: num,
    frequency_den: den,
    weekdays: [],
  },
  stats: {
    as_of: today,
    score: 0.2,
    current_streak: 1,
    best_streak: 1,
    streak_unit: den === 1 ? 'day' : 'week',
    period_days: den,
    total_checkins: 3,
    first_date: today,
    paused_today: false,
    due_today: due,
    period_done: 0,
    period_goal: num,
    last7: Array.from({ length: 7 }, (_, i) => ({
      date: addDays(today, i - 6),
      state: i === 6 && todayValue ? 'done' : 'none',
      value: i === 6 ? todayValue : null,
      note: '',
    })),
  },
});
