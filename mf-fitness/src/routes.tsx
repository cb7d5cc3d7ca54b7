import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Suspense } from 'react';
import { lazyScreen } from '@lifeboard/shared/lib/lazy-screen';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { ExercisesScreen } from './exercises/ExercisesScreen';
import { NotFound } from './NotFound';

// The area's first download is the list screens; every page of one item (an exercise with its progress, a
// workout with its editor, a live session) and every screen with its own arithmetic (calendar, sleep statistics,
// doses, timelines) loads on its first visit, keeping that download small (budget 50 kB gzip); their charts
// (uPlot) load later still.
const ExerciseDetail = lazyScreen(() => import('./exercises/ExerciseDetail').then((m) => m.ExerciseDetail));
const WorkoutDetail = lazyScreen(() => import('./workouts/WorkoutDetail').then((m) => m.WorkoutDetail));
const SessionDetail = lazyScreen(() => import('./sessions/SessionDetail').then((m) => m.SessionDetail));
const SessionsScreen = lazyScreen(() => import('./sessions/SessionsScreen').then((m) => m.SessionsScreen));
const SleepScreen = lazyScreen(() => import('./sleep/SleepScreen').then((m) => m.SleepScreen));
const DrugDetail = lazyScreen(() => import('./medicines/DrugDetail').then((m) => m.DrugDetail));
const HealthIssueDetail = lazyScreen(() => import('./health/HealthIssueDetail').then((m) => m.HealthIssueDetail));

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_fitness">
      <Suspense fallback={<Skeleton lines={4} />}>
      <Routes>
        <Route path="/exercises" element={<ExercisesScreen />} />
        <Route path="/exercises/:id" element={<ExerciseDetail />} />
        <Route path="/workouts" element={<ModelScreen model="workout" description="Workout plans: open one to add exercises and start a session." detailHref={(id) => `/workouts/${id}`} />} />
        <Route path="/workouts/:id" element={<WorkoutDetail />} />
        <Route path="/workouts/:id/edit" element={<WorkoutDetail edit />} />
        <Route path="/workout-sessions" element={<SessionsScreen />} />
        <Route path="/workout-session/:id" element={<SessionDetail />} />
        <Route path="/sleep" element={<SleepScreen />} />
        <Route path="/health-issues" element={<ModelScreen model="health_issue" description="Conditions you are tracking, since when, and how they are going. Open one for its timeline." detailHref={(id) => `/health-issues/${id}`} />} />
        <Route path="/health-issues/:id" element={<HealthIssueDetail />} />
        <Route path="/medicines" element={<ModelScreen model="medicine" description="What you take and the dose; open one to set its times, reminders and log doses." detailHref={(id) => `/drug/${id}`} />} />
        <Route path="/drug/:id" element={<DrugDetail />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
      </Suspense>
    </div>
  );
}
