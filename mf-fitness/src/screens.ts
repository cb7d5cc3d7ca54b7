import { lazyScreen, screenPreloader, type LazyScreen } from '@lifeboard/shared/lib/lazy-screen';

/*
 * The area's first download is the list screens; every page of one item (an exercise with its progress, a workout
 * with its editor, a live session) and every screen with its own arithmetic (calendar, sleep statistics, doses,
 * timelines) loads on its first visit, keeping that download small (budget 50 kB gzip); their charts (uPlot) load
 * later still. The loaders live here, in the lifecycles' chunk, so that mounting the area starts the visited
 * screen's code together with the root's (`preloadFor`): a screen that suspended on its first render showed a
 * fallback, and React holds a revealed fallback 300 ms.
 */
export const ExerciseDetail = lazyScreen(() => import('./exercises/ExerciseDetail').then((m) => m.ExerciseDetail));
export const WorkoutDetail = lazyScreen(() => import('./workouts/WorkoutDetail').then((m) => m.WorkoutDetail));
export const SessionDetail = lazyScreen(() => import('./sessions/SessionDetail').then((m) => m.SessionDetail));
export const SessionsScreen = lazyScreen(() => import('./sessions/SessionsScreen').then((m) => m.SessionsScreen));
export const SleepScreen = lazyScreen(() => import('./sleep/SleepScreen').then((m) => m.SleepScreen));
export const DrugDetail = lazyScreen(() => import('./medicines/DrugDetail').then((m) => m.DrugDetail));
export const HealthIssueDetail = lazyScreen(() =>
  import('./health/HealthIssueDetail').then((m) => m.HealthIssueDetail),
);

/** Which screen each path of the route table shows (the lists are in the area's first download). */
const screensByPath: [RegExp, Pick<LazyScreen<never>, 'preload'>][] = [
  [/^\/exercises\/[^/]+$/, ExerciseDetail],
  [/^\/workouts\/[^/]+(\/edit)?$/, WorkoutDetail],
  [/^\/workout-sessions$/, SessionsScreen],
  [/^\/workout-session\/[^/]+$/, SessionDetail],
  [/^\/sleep$/, SleepScreen],
  [/^\/health-issues\/[^/]+$/, HealthIssueDetail],
  [/^\/drug\/[^/]+$/, DrugDetail],
];

/** The visited screen's code, asked for now (never rejects). */
export const preloadFor = screenPreloader(screensByPath);
