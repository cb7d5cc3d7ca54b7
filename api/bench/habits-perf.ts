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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { defaultEnv } from '../src/env';

const HABITS = Number(process.env.BENCH_HABITS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 5 * 365 + 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const AS_OF = '2026-11-22';

const folder = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'lifeboard-habits-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: folder ?? 'memory://' });
await database.migrate();
const app = await buildApp({
  db: database.db,
  env: defaultEnv(),
  limits: {
    anonymousPerIpPerMinute: 1e6,
    loginPerIpPerMinute: 1e6,
    loginFailuresBeforeDelay: 1e6,
    signupPerIpPerMinute: 1e6,
    passwordEmailPerIpPerMinute: 1e6,
    invitationsPerUserPerHour: 1e6,
  },
});
await app.ready();

const email = `habits-perf-${Date.now()}@example.com`;
const registered = (
  await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Perf', email, password: 'habits perf password' },
  })
).json();
const headers = { authorization: `Bearer ${registered.token}`, 'x-requested-with': 'XMLHttpRequest' };
const board = registered.user.default_board_id as number;
const userId = registered.user.id as number;
const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object });

let started = performance.now();
const kinds = ['yes_no', 'yes_no', 'at_least', 'yes_no', 'at_most'];
for (let i = 0; i < HABITS; i += 1) {
  const kind = kinds[i % kinds.length];
  const params =
    kind === 'yes_no'
      ? { title: `Habit ${i}`, kind, frequency_num: i % 3 === 0 ? 3 : 1, frequency_den: i % 3 === 0 ? 7 : 1 }
      : { title: `Habit ${i}`, kind, target: 8, unit: 'glasses', frequency_num: 1, frequency_den: 1 };
  const response = await post('/api/habit/create', { board, params });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`create: ${response.statusCode} ${response.body}`);
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

async function time(
  name: string,
  call: (i: number) => Promise<{ statusCode: number; body: string }>,
  { warmUp = 10, runs = RUNS } = {},
) {
  for (let i = 0; i < warmUp; i += 1) await call(i); // warm-up: JIT and prepared statements
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    started = performance.now();
    const before = process.cpuUsage();
    const response = await call(i);
    times.push(performance.now() - started);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const at = (list: number[], q: number) =>
    list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1).padStart(6);
  // CPU time (this process: the app and, on PGlite, the database) is the steadier number on a shared machine.
  console.log(
    `${name.padEnd(48)} wall p50 ${at(times, 0.5)} p99 ${at(times, 0.99)} ms · CPU p50 ${at(cpu, 0.5)} p99 ${at(cpu, 0.99)} ms`,
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
    const response = await post('/api/habit/checkin', {
      board,
      params: { habit_id: ids[i % ids.length], date: '2025-11-20', value: 'skip' },
    });
    if (response.statusCode !== 200) return response;
    return post('/api/habit/overview', {
      board,
      params: { limit: 50, offset: Math.floor((i % ids.length) / 50) * 50, date: AS_OF },
    });
  },
  { warmUp: 0, runs: 20 },
);

await app.close();
await database.close();
if (folder) rmSync(folder, { recursive: true, force: true });
