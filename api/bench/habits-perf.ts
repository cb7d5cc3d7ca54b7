/**
 * `pnpm --filter @lifeboard/api exec tsx bench/habits-perf.ts`: issue 15's habit numbers, in one process through
 * `app.inject` (no HTTP), on a temporary PGlite folder (or DATABASE_URL). A board of 1,000 habits with 5 years of
 * daily check-ins (1,826,000 rows, one `INSERT … SELECT generate_series`), then, one request at a time:
 * the `/habits` page data (`/api/habit/overview`, 50 habits with stats and last 7 days: its first read of each
 * page, which makes the habits' checkpoints, then the reads after it), one habit's stats, one habit's history (the
 * page's chart and heatmap), and a back-dated check-in followed by its page. Prints wall and CPU p50 / p99 in
 * milliseconds.
 */
import { sql } from 'drizzle-orm';
import { ms, openBenchApp, quantile, registerBenchUser, timeCalls } from './in-process';

const HABITS = Number(process.env.BENCH_HABITS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 5 * 365 + 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const AS_OF = '2026-11-22';

const site = await openBenchApp('habits');
const { database } = site;
const { board, userId, post } = await registerBenchUser(site.app, 'habits-perf');

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
// Every day of 5 years for each habit: done on 6 days of 7 (an amount for numeric habits), a skip on the 7th.
await database.db.execute(sql`
  insert into habit_entry (user_id, board_id, habit_id, date, value)
  select ${userId}, ${board}, h.id, to_char(${AS_OF}::date - d, 'YYYY-MM-DD'),
    case when d % 7 = 3 then '"skip"'::jsonb
         when h.data->>'kind' = 'yes_no' then '"yes"'::jsonb
         else to_jsonb((d % 11)::int) end
  from habit h, generate_series(0, ${DAYS - 1}) as d
  where h.user_id = ${userId} and h.board_id = ${board}`);
await database.db.execute(sql`analyze habit_entry`);
console.log(`seeded ${HABITS} habits × ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const ids = (await post('/api/habit/overview', { board, params: { limit: 100, date: AS_OF } }))
  .json()
  .habits.map((h: { habit: { id: number } }) => h.habit.id) as number[];

async function time(name: string, call: (i: number) => Promise<unknown>, { warmUp = 10, runs = RUNS } = {}) {
  const { wall, cpu } = await timeCalls(call, { warmUp, runs });
  console.log(
    `${name.padEnd(48)} wall p50 ${ms(quantile(wall, 0.5))} p99 ${ms(quantile(wall, 0.99))} ms · CPU p50 ${ms(quantile(cpu, 0.5))} p99 ${ms(quantile(cpu, 0.99))} ms`,
  );
}

// The first read of each page computes every habit from all its check-ins and saves its checkpoint
// (habit_checkpoint); later reads resume from it. Timed apart: 20 pages, once each.
await time(
  'overview, first read (checkpoints made)',
  (i) => post('/api/habit/overview', { board, params: { limit: 50, offset: (i % 20) * 50, date: AS_OF } }),
  { warmUp: 0, runs: 20 },
);
await time('overview: 50 habits with stats and last 7 days', (i) =>
  post('/api/habit/overview', { board, params: { limit: 50, offset: (i % 20) * 50, date: AS_OF } }),
);

await time('stats of one habit (5 years)', (i) =>
  post('/api/habit/stats', { board, params: { habit_id: ids[i % ids.length], date: AS_OF } }),
);
await time('history of one habit (5 years)', (i) =>
  post('/api/habit/history', { board, params: { habit_id: ids[i % ids.length], date: AS_OF } }),
);
// A back-dated check-in makes its habit's checkpoint computed again at the next read of its page.
await time(
  'check-in back-dated a year, then its page',
  async (i) => {
    await post('/api/habit/checkin', {
      board,
      params: { habit_id: ids[i % ids.length], date: '2025-11-20', value: 'skip' },
    });
    return post('/api/habit/overview', {
      board,
      params: { limit: 50, offset: Math.floor((i % ids.length) / 50) * 50, date: AS_OF },
    });
  },
  { warmUp: 0, runs: 20 },
);

await site.close();
