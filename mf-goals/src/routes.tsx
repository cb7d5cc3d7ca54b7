import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { guidedDocuments } from './guided/questions';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { Suspense } from 'react';
import { NotFound } from './NotFound';
import {
  ActivitySummary,
  ActivityTimer,
  CalendarPage,
  ConnectionsPage,
  DailyListSettings,
  DailyListSummary,
  DailyListToday,
  EventsPage,
  GoalCoach,
  GoalPage,
  GoalTimeline,
  GuidedPage,
  HabitDetail,
  HabitSummary,
  HabitsPage,
  HowHabitsWork,
  LifePlanGoals,
  ModelDetailRoute,
  ModelScreen,
  NewHabitPage,
  NewRecordPage,
  Planner,
  WeeklyReview,
  ProjectTasks,
  RoutineRun,
  Timeline,
  ValueServedBy,
} from './screens';

/** Collections with a list page and (when `detail`) a `/:id` page. */
const collections: { path: string; model: string; title?: string; description: string; detail?: string }[] = [
  {
    path: '/my-goals',
    model: 'goal',
    title: 'My goals',
    description: 'What you are working toward, with milestones and progress.',
    detail: '/goal',
  },
  { path: '/projects', model: 'project', description: 'Bigger pieces of work, broken into tasks.', detail: '/project' },
  {
    path: '/life-plans',
    model: 'life_plan',
    title: 'Life plans',
    description: 'Where you want each area of life to be in 1, 3, 5 or 10 years.',
    detail: '/life-plans',
  },
  { path: '/activities', model: 'activity', description: 'What you did and how long it took.', detail: '/activity' },
  {
    path: '/daily-activity-list',
    model: 'daily_activity_list',
    title: 'Daily lists',
    description: 'Checklists you tick off every day.',
    detail: '/daily-activity-list',
  },
  {
    path: '/values',
    model: 'value',
    description: 'The principles you want to live by. Open one to see the goals and habits that serve it.',
    detail: '/values',
  },
  { path: '/beliefs', model: 'belief', description: 'Beliefs that help you, and ones you are questioning.' },
  { path: '/interests', model: 'interest', description: 'What you are curious about.' },
  { path: '/resolutions', model: 'resolution', description: 'Promises to yourself for the year.' },
  { path: '/skills', model: 'skill', description: 'Skills you are building, with your level (1–5) and target.' },
  {
    path: '/reminders',
    model: 'reminder',
    description:
      'Nudges at a time or on a schedule: by e-mail, push, in Lifeboard, or by text message where it is set up.',
  },
  {
    path: '/routines',
    model: 'routine',
    description: 'Ordered steps at a time of day. Open one to start it.',
    detail: '/routines',
  },
  {
    path: '/rituals',
    model: 'ritual',
    description: 'Routines with a meaning: the intention you bring to them. Open one to start it.',
    detail: '/rituals',
  },
];

const defaultsFor: Record<string, Record<string, unknown>> = {
  activity: { date: localDate() },
  goal: { status: 'active' },
  resolution: { year: new Date().getFullYear() },
};

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_goals">
      <Suspense fallback={<Skeleton lines={4} />}>
        <Routes>
          {collections.map(({ path, model, title, description, detail }) => (
            <Route
              key={path}
              path={path}
              element={
                <ModelScreen
                  model={model}
                  title={title}
                  description={description}
                  defaults={defaultsFor[model]}
                  detailHref={detail ? (id) => `${detail}/${id}` : undefined}
                >
                  {model === 'activity' ? (
                    <Suspense fallback={<Skeleton lines={2} />}>
                      <ActivityTimer />
                    </Suspense>
                  ) : null}
                </ModelScreen>
              }
            />
          ))}
          <Route path="/goal/:id" element={<GoalPage />} />
          <Route path="/habits" element={<HabitsPage />} />
          <Route path="/habits/:id" element={<HabitDetail />} />
          <Route
            path="/project/:id"
            element={
              <ModelDetailRoute model="project" backHref="/projects">
                <Suspense fallback={<Skeleton lines={3} />}>
                  <ProjectTasks />
                </Suspense>
              </ModelDetailRoute>
            }
          />
          <Route
            path="/life-plans/:id"
            element={
              <ModelDetailRoute model="life_plan" backHref="/life-plans">
                <Suspense fallback={<Skeleton lines={2} />}>
                  <LifePlanGoals />
                </Suspense>
              </ModelDetailRoute>
            }
          />
          <Route
            path="/values/:id"
            element={
              <ModelDetailRoute model="value" backHref="/values">
                <Suspense fallback={<Skeleton lines={2} />}>
                  <ValueServedBy />
                </Suspense>
              </ModelDetailRoute>
            }
          />
          <Route path="/activity/:id" element={<ModelDetailRoute model="activity" backHref="/activities" />} />
          <Route
            path="/plannedactivity/:id"
            element={<ModelDetailRoute model="plannedactivity" backHref="/planner" />}
          />
          <Route path="/daily-activity-list/summary" element={<DailyListSummary />} />
          <Route path="/daily-activity-list/:id" element={<DailyListToday />} />
          <Route path="/daily-activity-list/:id/settings" element={<DailyListSettings />} />
          <Route
            path="/new-goal"
            element={<NewRecordPage model="goal" title="New goal" detail={(id) => `/goal/${id}`} />}
          />
          <Route path="/new-habit" element={<NewHabitPage />} />
          <Route path="/goals/ai" element={<GoalCoach />} />
          <Route path="/how-habits-work" element={<HowHabitsWork />} />
          <Route path="/planner" element={<Planner />} />
          <Route path="/weekly-review" element={<WeeklyReview />} />
          <Route path="/routines/:id" element={<RoutineRun model="routine" />} />
          <Route path="/rituals/:id" element={<RoutineRun model="ritual" />} />
          <Route path="/calendar" element={<CalendarPage />} />
          <Route path="/calendar/connections" element={<ConnectionsPage />} />
          <Route path="/events" element={<EventsPage />} />
          <Route path="/events/:id" element={<ModelDetailRoute model="event" backHref="/events" />} />
          <Route path="/report/habit-summary" element={<HabitSummary />} />
          <Route path="/report/activity-summary" element={<ActivitySummary />} />
          <Route path="/report/goal-timeline" element={<GoalTimeline />} />
          <Route path="/report/timeline" element={<Timeline />} />
          {Object.entries(guidedDocuments).map(([path, doc]) => (
            <Route key={path} path={path} element={<GuidedPage doc={doc} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
