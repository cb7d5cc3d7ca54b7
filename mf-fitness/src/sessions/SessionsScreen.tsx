import { ModelScreen } from '@lifeboard/shared/ui/ModelScreen';
import './sessions.css';
import { TrainingCalendar } from './TrainingCalendar';
import { WeeklyVolume } from './WeeklyVolume';

/** `/workout-sessions`: the month's training days, the weekly volume, then every session, newest first. */
export function SessionsScreen() {
  return (
    <ModelScreen
      model="workout_session"
      title="Workout sessions"
      description="Sessions you trained, newest first."
      defaults={{ started_at: new Date().toISOString() }}
      detailHref={(id) => `/workout-session/${id}`}
    >
      <div className="lb-sessions-overview">
        <TrainingCalendar />
        <WeeklyVolume />
      </div>
    </ModelScreen>
  );
}
