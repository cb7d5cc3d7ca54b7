import { Link } from '@lifeboard/shared/lib/router';
import { MoodQuickLog } from '../moods/MoodQuickLog';

/** Home widget: log a mood in one tap without leaving the dashboard. */
export function MoodLogWidget() {
  return (
    <div className="lb-stack">
      <MoodQuickLog compact />
      <Link to="/moods">See your moods over time</Link>
    </div>
  );
}
