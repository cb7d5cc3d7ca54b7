import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Suspense } from 'react';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { ExercisesScreen } from './exercises/ExercisesScreen';
import { NotFound } from './NotFound';
import {
  DrugDetail,
  ExerciseDetail,
  HealthIssueDetail,
  SessionDetail,
  SessionsScreen,
  SleepScreen,
  WorkoutDetail,
} from './screens';

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_fitness">
      <Suspense fallback={<Skeleton lines={4} />}>
        <Routes>
          <Route path="/exercises" element={<ExercisesScreen />} />
          <Route path="/exercises/:id" element={<ExerciseDetail />} />
          <Route
            path="/workouts"
            element={
              <ModelScreen
                model="workout"
                description="Workout plans: open one to add exercises and start a session."
                detailHref={(id) => `/workouts/${id}`}
              />
            }
          />
          <Route path="/workouts/:id" element={<WorkoutDetail />} />
          <Route path="/workouts/:id/edit" element={<WorkoutDetail edit />} />
          <Route path="/workout-sessions" element={<SessionsScreen />} />
          <Route path="/workout-session/:id" element={<SessionDetail />} />
          <Route path="/sleep" element={<SleepScreen />} />
          <Route
            path="/health-issues"
            element={
              <ModelScreen
                model="health_issue"
                description="Conditions you are tracking, since when, and how they are going. Open one for its timeline."
                detailHref={(id) => `/health-issues/${id}`}
              />
            }
          />
          <Route path="/health-issues/:id" element={<HealthIssueDetail />} />
          <Route
            path="/medicines"
            element={
              <ModelScreen
                model="medicine"
                description="What you take and the dose; open one to set its times, reminders and log doses."
                detailHref={(id) => `/drug/${id}`}
              />
            }
          />
          <Route path="/drug/:id" element={<DrugDetail />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
