import { lazyScreen, screenPreloader, type LazyScreen } from '@lifeboard/shared/lib/lazy-screen';

/*
 * The area's screens that load with their first visit, each in its own chunk: the area's first download is the
 * collections' lists and the route table. The loaders live here, in the lifecycles' chunk, so that mounting the
 * area starts the visited screen's code together with the root's (`preloadFor`): a screen that suspended on its
 * first render showed a fallback, and React holds a revealed fallback 300 ms (/habits showed 400 ms after the
 * click, the lists 100).
 */
export const HabitsPage = lazyScreen(() => import('./habits/HabitsPage').then((m) => m.HabitsPage));
export const NewHabitPage = lazyScreen(() => import('./habits/NewHabitPage').then((m) => m.NewHabitPage));
export const HabitDetail = lazyScreen(() => import('./habits/HabitDetail').then((m) => m.HabitDetail));
export const GoalTimeline = lazyScreen(() => import('./reports/GoalTimeline').then((m) => m.GoalTimeline));
export const ActivitySummary = lazyScreen(() => import('./reports/Reports').then((m) => m.ActivitySummary));
export const Timeline = lazyScreen(() => import('./reports/Timeline').then((m) => m.Timeline));
export const ActivityTimer = lazyScreen(() => import('./activities/ActivityTimer').then((m) => m.ActivityTimer));
export const ProjectTasks = lazyScreen(() => import('./projects/ProjectTasks').then((m) => m.ProjectTasks));
export const GoalPage = lazyScreen(() => import('./goals/GoalPage').then((m) => m.GoalPage));
export const CalendarPage = lazyScreen(() => import('./calendar/CalendarPage').then((m) => m.CalendarPage));
export const ConnectionsPage = lazyScreen(() => import('./calendar/ConnectionsPage').then((m) => m.ConnectionsPage));
export const EventsPage = lazyScreen(() => import('./calendar/EventsPage').then((m) => m.EventsPage));
export const DailyListSettings = lazyScreen(() => import('./daily-lists/DailyLists').then((m) => m.DailyListSettings));
export const DailyListSummary = lazyScreen(() => import('./daily-lists/DailyLists').then((m) => m.DailyListSummary));
export const DailyListToday = lazyScreen(() => import('./daily-lists/DailyLists').then((m) => m.DailyListToday));
export const GoalCoach = lazyScreen(() => import('./goals/GoalPages').then((m) => m.GoalCoach));
export const NewRecordPage = lazyScreen(() => import('./goals/GoalPages').then((m) => m.NewRecordPage));
export const GuidedPage = lazyScreen(() => import('./guided/GuidedPage').then((m) => m.GuidedPage));
export const HabitSummary = lazyScreen(() => import('./habits/HabitSummary').then((m) => m.HabitSummary));
export const HowHabitsWork = lazyScreen(() => import('./habits/HowHabitsWork').then((m) => m.HowHabitsWork));
export const Planner = lazyScreen(() => import('./planner/Planner').then((m) => m.Planner));
export const WeeklyReview = lazyScreen(() => import('./review/WeeklyReview').then((m) => m.WeeklyReview));
export const RoutineRun = lazyScreen(() => import('./routines/RoutineRun').then((m) => m.RoutineRun));
export const LifePlanGoals = lazyScreen(() => import('./goals/LifePlanGoals').then((m) => m.LifePlanGoals));
export const ValueServedBy = lazyScreen(() => import('./goals/ValueServedBy').then((m) => m.ValueServedBy));
// The schema-driven list and record pages (the shell's `kit-models` chunk, ~9 kB gzip with the field catalog) load
// with the paths that show one: /calendar and /planner go without them.
export const ModelScreen = lazyScreen(() => import('@lifeboard/shared/ui/ModelScreen').then((m) => m.ModelScreen));
export const ModelDetailRoute = lazyScreen(() =>
  import('@lifeboard/shared/ui/ModelDetail').then((m) => m.ModelDetailRoute),
);

/** Both in one chunk: a path that shows either asks for the two. */
const modelPages = { preload: () => Promise.all([ModelScreen.preload(), ModelDetailRoute.preload()]) };
/** A screen drawn inside a record's page (a project's tasks) or under a list (the activity timer). */
const withModelPages = (screen: Pick<LazyScreen<never>, 'preload'>) => ({
  preload: () => Promise.all([screen.preload(), modelPages.preload()]),
});

/** Which screen each path of the route table shows; the first match is asked for. */
const screensByPath: [RegExp, Pick<LazyScreen<never>, 'preload'>][] = [
  [/^\/habits$/, HabitsPage],
  [/^\/habits\/[^/]+$/, HabitDetail],
  [/^\/new-habit$/, NewHabitPage],
  [/^\/how-habits-work$/, HowHabitsWork],
  [/^\/goal\/[^/]+$/, GoalPage],
  [/^\/new-goal$/, NewRecordPage],
  [/^\/goals\/ai$/, GoalCoach],
  [/^\/project\/[^/]+$/, withModelPages(ProjectTasks)],
  [/^\/life-plans\/[^/]+$/, withModelPages(LifePlanGoals)],
  [/^\/values\/[^/]+$/, withModelPages(ValueServedBy)],
  [/^\/activities$/, withModelPages(ActivityTimer)],
  [/^\/daily-activity-list\/summary$/, DailyListSummary],
  [/^\/daily-activity-list\/[^/]+\/settings$/, DailyListSettings],
  [/^\/daily-activity-list\/[^/]+$/, DailyListToday],
  [/^\/planner$/, Planner],
  [/^\/weekly-review$/, WeeklyReview],
  [/^\/(routines|rituals)\/[^/]+$/, RoutineRun],
  [/^\/calendar$/, CalendarPage],
  [/^\/calendar\/connections$/, ConnectionsPage],
  [/^\/events$/, EventsPage],
  [/^\/report\/habit-summary$/, HabitSummary],
  [/^\/report\/activity-summary$/, ActivitySummary],
  [/^\/report\/goal-timeline$/, GoalTimeline],
  [/^\/report\/timeline$/, Timeline],
  // Every other path: a collection's list or a record's page (a guided page or an unknown path asks for nothing it uses).
  [/^\//, modelPages],
];

/** The visited screen's code, asked for now (never rejects). */
export const preloadFor = screenPreloader(screensByPath);
