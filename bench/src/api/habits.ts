/**
 * The `api-habits` part: a board of BENCH_HABITS habits (1,000) with BENCH_DAYS days (5 years) of daily check-ins,
 * then one request at a time (BENCH_RUNS each): the `/habits` page's data (its first read of each page makes the
 * habits' checkpoints; the reads after it), one habit's stats and history, and a back-dated check-in then its page.
 */
import type { Target } from '../report';
import { startApi } from './api-process';
import { signUp, timeCalls, timingLine } from './client';

const HABITS = Number(process.env.BENCH_HABITS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 5 * 365 + 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const AS_OF = '2026-11-22';

export async function measureHabitsApi(targets: Target[], log: (line: string) => void): Promise<void> {
  log(`\nHabits API: ${HABITS} habits × ${DAYS} days of check-ins, one request at a time (wall ms, loopback HTTP)`);
  const api = await startApi({ postgresUrl: process.env.DATABASE_URL });
  try {
    const { board, userId, post } = await signUp(api.url, 'habits');
    const started = performance.now();
    const kinds = ['yes_no', 'yes_no', 'at_least', 'yes_no', 'at_most'];
    for (let i = 0; i < HABITS; i += 1) {
      const kind = kinds[i % kinds.length];
      const params =
        kind === 'yes_no'
          ? { title: `Habit ${i}`, kind, frequency_num: i % 3 === 0 ? 3 : 1, frequency_den: i % 3 === 0 ? 7 : 1 }
          : { title: `Habit ${i}`, kind, target: 8, unit: 'glasses', frequency_num: 1, frequency_den: 1 };
      await post('/api/habit/create', { board, params });
    }
    // Every day for each habit (1,826,000 rows in one statement): done on 6 days of 7 (an amount for numeric habits), a skip on the 7th.
    await api.seed(async (query) => {
      await query(
        `insert into habit_entry (user_id, board_id, habit_id, date, value)
        select $1, $2, h.id, to_char($3::date - d, 'YYYY-MM-DD'),
          case when d % 7 = 3 then '"skip"'::jsonb
               when h.data->>'kind' = 'yes_no' then '"yes"'::jsonb
               else to_jsonb((d % 11)::int) end
        from habit h, generate_series(0, $4::int - 1) as d
        where h.user_id = $1 and h.board_id = $2`,
        [userId, board, AS_OF, DAYS],
      );
      await query('analyze habit_entry');
    });
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const ids = (
      await post<{ habits: { habit: { id: number } }[] }>('/api/habit/overview', {
        board,
        params: { limit: 100, date: AS_OF },
      })
    ).habits.map((h) => h.habit.id);
    const pages = Math.max(1, Math.ceil(HABITS / 50));
    const page = (i: number) =>
      post('/api/habit/overview', { board, params: { limit: 50, offset: (i % pages) * 50, date: AS_OF } });
    const once = { warmUp: 0, runs: Math.min(20, pages) };
    log(timingLine(targets, 'overview, first read (checkpoints made)', await timeCalls(page, once)));
    log(
      timingLine(targets, 'overview: 50 habits with stats and last 7 days', await timeCalls(page, { runs: RUNS }), {
        q: 0.99,
        ms: 50,
      }),
    );
    const ofOne = (path: string) => (i: number) =>
      post(path, { board, params: { habit_id: ids[i % ids.length], date: AS_OF } });
    log(
      timingLine(targets, 'stats of one habit (5 years)', await timeCalls(ofOne('/api/habit/stats'), { runs: RUNS }), {
        q: 0.95,
        ms: 10,
      }),
    );
    log(
      timingLine(
        targets,
        'history of one habit (5 years)',
        await timeCalls(ofOne('/api/habit/history'), { runs: RUNS }),
      ),
    );
    // A back-dated check-in makes its habit's checkpoint computed again at the next read of its page.
    const backDated = async (i: number) => {
      const habit_id = ids[i % ids.length];
      await post('/api/habit/checkin', { board, params: { habit_id, date: '2025-11-20', value: 'skip' } });
      return page(Math.floor((i % ids.length) / 50));
    };
    log(timingLine(targets, 'check-in back-dated a year, then its page', await timeCalls(backDated, once)));
  } finally {
    await api.stop();
  }
}
