import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import { Route, Routes } from '@lifeboard/shared/lib/router';
import { ExerciseDetail } from './exercises/ExerciseDetail';
import { ExercisesScreen } from './exercises/ExercisesScreen';
import { DrugDetail } from './medicines/DrugDetail';
import { HealthIssueDetail } from './health/HealthIssueDetail';
import { SessionDetail } from './sessions/SessionDetail';
import { SessionsScreen } from './sessions/SessionsScreen';
import { SleepScreen } from './sleep/SleepScreen';
import { WorkoutDetail } from './workouts/WorkoutDetail';
import { NotFound } from './NotFound';

/** This area's routes (architecture.md): every path answers with a working screen. */
export function AreaRoutes() {
  return (
    <div data-area="mf_fitness">
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
        <Route path="/medicines" element={<ModelScreen model="medicine" description="What you take, the dose and when; open one to log doses." detailHref={(id) => `/drug/${id}`} />} />
        <Route path="/drug/:id" element={<DrugDetail />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
