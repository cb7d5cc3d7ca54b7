/**
 * The `api-fitness` part: one board with BENCH_CUSTOM_EXERCISES custom exercises (200) beside the 873 built-ins, and
 * BENCH_WEEKS weeks (5 years) of training 3 times a week (5 exercises × 4 sets, each with the bench press); then one
 * request at a time (BENCH_RUNS each): an exercise search, the bench press's history and records, and the save of a
 * live session's sets (the write the records' summary costs).
 */
import type { Target } from '../report';
import { startApi } from './api-process';
import { signUp, timeCalls, timingLine } from './client';

const CUSTOM = Number(process.env.BENCH_CUSTOM_EXERCISES ?? 200);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 5 * 52);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

export async function measureFitnessApi(targets: Target[], log: (line: string) => void): Promise<void> {
  log(
    `\nFitness API: ${CUSTOM} custom exercises, ${WEEKS * 3} sessions, one request at a time (wall ms, loopback HTTP)`,
  );
  const api = await startApi({ postgresUrl: process.env.DATABASE_URL });
  try {
    const { board, post } = await signUp(api.url, 'fitness');
    const started = performance.now();
    const muscles = (await post<{ muscles: { id: number }[] }>('/api/muscle/all', { board, params: {} })).muscles;
    for (let i = 0; i < CUSTOM; i += 1) {
      const params = {
        name: `My exercise ${i}`,
        muscle_ids: [muscles[i % muscles.length].id],
        equipment: i % 2 ? 'dumbbell' : 'cable',
      };
      await post('/api/exercise/create', { board, params });
    }
    const search = async (text: string) =>
      (
        await post<{ exercises: { id: number; name: string }[] }>('/api/exercise/all', {
          board,
          params: { search: text },
        })
      ).exercises;
    const bench = (await search('bench press')).find((e) => e.name === 'Barbell Bench Press - Medium Grip');
    if (!bench) throw new Error('the built-in bench press is missing');
    const sets = (weight: number, done: (set: number) => boolean, others: number[]) =>
      [bench.id, ...others].flatMap((exercise_id) =>
        Array.from({ length: 4 }, (_, set) => ({ exercise_id, reps: 8 - set, weight, done: done(set) })),
      );
    const others = (await search('squat')).slice(0, 4).map((e) => e.id);
    // Mon, Wed and Fri of every week back from 2026-11-23; the weight climbs 2.5 kg every 8 weeks.
    const monday = Date.UTC(2026, 10, 23);
    for (let week = 0; week < WEEKS; week += 1) {
      for (const day of [0, 2, 4]) {
        const at = new Date(monday - week * 7 * 86_400_000 + day * 86_400_000 + 18 * 3_600_000).toISOString();
        const weight = 40 + 2.5 * Math.floor((WEEKS - week) / 8);
        await post('/api/workout_session/create', {
          board,
          params: {
            title: `Push day ${week}.${day}`,
            started_at: at,
            ended_at: at,
            sets: sets(weight, () => true, others),
          },
        });
      }
    }
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const texts = ['bench press', 'curl', 'my exercise 1', 'row'];
    const searchCall = (i: number) =>
      post('/api/exercise/all', {
        board,
        params: { search: texts[i % texts.length], ...(i % 3 === 0 ? { muscle: muscles[i % muscles.length].id } : {}) },
      });
    const time = (call: (i: number) => Promise<unknown>) => timeCalls(call, { runs: RUNS });
    log(
      timingLine(targets, `exercise search (873 built-ins + ${CUSTOM} custom)`, await time(searchCall), {
        q: 0.95,
        ms: 20,
      }),
    );
    const history = () => post('/api/exercise/history', { board, params: { exercise_id: bench.id, limit: WEEKS * 3 } });
    log(
      timingLine(targets, `history of one exercise (${WEEKS * 3} sessions)`, await time(history), { q: 0.95, ms: 100 }),
    );
    const records = () => post('/api/exercise/records', { board, params: { exercise_id: bench.id } });
    log(timingLine(targets, 'records of that exercise', await time(records), { q: 0.95, ms: 20 }));
    // A set ticked during a live session: its 20 sets saved again (the records' summary is kept on this write).
    const live = (
      await post<{ workout_session: { id: number } }>('/api/workout_session/create', {
        board,
        params: { title: 'Live', started_at: new Date(monday).toISOString(), sets: [] },
      })
    ).workout_session.id;
    const tick = (i: number) =>
      post('/api/workout_session/update', {
        board,
        params: { id: live, sets: sets(60, (set) => set <= i % 4, others) },
      });
    log(timingLine(targets, 'a set ticked (session of 20 sets saved)', await time(tick)));
  } finally {
    await api.stop();
  }
}
