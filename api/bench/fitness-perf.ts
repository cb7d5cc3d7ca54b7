/**
 * `pnpm --filter @lifeboard/api exec tsx bench/fitness-perf.ts`: issue 18's API numbers, in one process through
 * `app.inject` (no HTTP), on a temporary PGlite folder (or DATABASE_URL). One board with 200 custom exercises beside
 * the 873 built-ins, and 5 years of training, 3 sessions a week (780 sessions of 5 exercises × 4 sets, each with the
 * bench press). Then, one request at a time: an exercise search, the bench press's history over the 5 years, its
 * records, and the save of a live session's sets (the write the records' summary costs). Prints wall and CPU
 * p50 / p95 / p99 in milliseconds against the targets.
 */
import { seedMuscles } from '../src/modules/muscles/catalogue';
import { ms, openBenchApp, quantile, registerBenchUser, timeCalls } from './in-process';

const CUSTOM = Number(process.env.BENCH_CUSTOM_EXERCISES ?? 200);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 5 * 52);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

// The muscles are seeded as the server does at start.
const site = await openBenchApp('fitness', { prepare: (database) => seedMuscles(database.db) });
const { board, post } = await registerBenchUser(site.app, 'fitness-perf');

const started = performance.now();
const muscles = (await post('/api/muscle/all', { board, params: {} })).json().muscles as { id: number }[];
for (let i = 0; i < CUSTOM; i += 1) {
  await post('/api/exercise/create', {
    board,
    params: {
      name: `My exercise ${i}`,
      muscle_ids: [muscles[i % muscles.length].id],
      equipment: i % 2 ? 'dumbbell' : 'cable',
    },
  });
}
const found = (await post('/api/exercise/all', { board, params: { search: 'bench press' } })).json().exercises as {
  id: number;
  name: string;
}[];
const bench = found.find((exercise) => exercise.name === 'Barbell Bench Press - Medium Grip');
if (!bench) throw new Error('the built-in bench press is missing');
const others = (await post('/api/exercise/all', { board, params: { search: 'squat' } }))
  .json()
  .exercises.slice(0, 4)
  .map((e: { id: number }) => e.id) as number[];

// Mon, Wed and Fri of every week back from 2026-11-23; the weight climbs 2.5 kg every 8 weeks.
const monday = Date.UTC(2026, 10, 23);
for (let week = 0; week < WEEKS; week += 1) {
  for (const day of [0, 2, 4]) {
    const at = new Date(monday - week * 7 * 86_400_000 + day * 86_400_000 + 18 * 3_600_000).toISOString();
    const weight = 40 + 2.5 * Math.floor((WEEKS - week) / 8);
    const sets = [bench.id, ...others].flatMap((exercise_id) =>
      Array.from({ length: 4 }, (_, set) => ({ exercise_id, reps: 8 - set, weight, done: true })),
    );
    await post('/api/workout_session/create', {
      board,
      params: { title: `Push day ${week}.${day}`, started_at: at, ended_at: at, sets },
    });
  }
}
console.log(
  `seeded ${CUSTOM} custom exercises and ${WEEKS * 3} sessions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

async function time(name: string, limitMs: number | null, call: (i: number) => Promise<unknown>) {
  const { wall, cpu } = await timeCalls(call, { runs: RUNS });
  const p95 = quantile(wall, 0.95);
  const verdict =
    limitMs === null
      ? 'no target (what a write costs)'
      : `target p95 ≤ ${limitMs} ms: ${p95 <= limitMs ? 'met' : quantile(cpu, 0.95) <= limitMs ? 'met in CPU time (wall time waited for the machine)' : 'MISSED'}`;
  console.log(
    `${name.padEnd(44)} wall p50 ${ms(quantile(wall, 0.5))} p95 ${ms(p95)} p99 ${ms(quantile(wall, 0.99))} ms · CPU p50 ${ms(quantile(cpu, 0.5))} p95 ${ms(quantile(cpu, 0.95))} p99 ${ms(quantile(cpu, 0.99))} ms · ${verdict}`,
  );
}

const searches = ['bench press', 'curl', 'my exercise 1', 'row'];
await time(`exercise search (873 built-ins + ${CUSTOM} custom)`, 20, (i) =>
  post('/api/exercise/all', {
    board,
    params: {
      search: searches[i % searches.length],
      ...(i % 3 === 0 ? { muscle: muscles[i % muscles.length].id } : {}),
    },
  }),
);
await time(`history of one exercise (${WEEKS * 3} sessions)`, 100, () =>
  post('/api/exercise/history', { board, params: { exercise_id: bench.id, limit: WEEKS * 3 } }),
);
await time('records of that exercise', 20, () =>
  post('/api/exercise/records', { board, params: { exercise_id: bench.id } }),
);
// A set ticked during a live session: the session's 20 sets saved again (the records' summary is kept on this write).
const live = (
  await post('/api/workout_session/create', {
    board,
    params: { title: 'Live', started_at: new Date(monday).toISOString(), sets: [] },
  })
).json().workout_session.id as number;
await time('a set ticked (session of 20 sets saved)', null, (i) =>
  post('/api/workout_session/update', {
    board,
    params: {
      id: live,
      sets: [bench.id, ...others].flatMap((exercise_id) =>
        Array.from({ length: 4 }, (_, set) => ({ exercise_id, reps: 8 - set, weight: 60, done: set <= i % 4 })),
      ),
    },
  }),
);

await site.close();
