import { Link } from '@lifeboard/shared/lib/router';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { habitStrength } from './habit-strength';

const example = habitStrength([true, true, false, true, true, true, false, true, true, true], 5, 7);

/** `/how-habits-work`: how frequency and strength are counted, in plain words. */
export function HowHabitsWork() {
  return (
    <section className="lb-stack">
      <PageHeader title="How habits work" description="Lifeboard counts habits the way people actually live: not every day, but often enough." actions={<Link to="/new-habit">Create a habit</Link>} />
      <Panel title="Frequency: N times in D days">
        <p>Every habit has a target of <strong>N times in D days</strong>. “1 in 1” is daily; “3 in 7” is three times a week on any days you like; “1 in 14” is once a fortnight. You can also pin a habit to fixed weekdays, and it is then due only on those days.</p>
        <p>Numeric habits count amounts instead of yes/no: “at least 8 glasses” succeeds when you log 8 or more; “at most 2 coffees” succeeds when you stay at or under 2.</p>
      </Panel>
      <Panel title="Strength: a memory, not a streak">
        <p>A streak resets to zero the day you miss, which punishes a single slip. Strength instead behaves like a memory: each day it moves a little toward 100% when you meet your target and a little toward 0% when you do not. One missed day lowers it slightly; weeks of consistency raise it steadily; a long break lets it fade.</p>
        <p>How far a day moves it depends on the frequency: a daily habit reacts faster than a weekly one, because each day says more about it. A day you mark as <em>skip</em> (ill, travelling) leaves strength where it was.</p>
        <p>Example: a “5 in 7” habit done on 8 of the last 10 days has a strength of about <strong>{Math.round(example * 100)}%</strong>.</p>
      </Panel>
      <Panel title="Making a habit stick">
        <ul>
          <li>Start smaller than you think: two minutes counts.</li>
          <li>Attach it to something you already do (“after coffee, I stretch”).</li>
          <li>Check in the same day; the habit summary shows the last 30 days of every habit.</li>
          <li>Pause a habit for holidays instead of deleting it: paused days do not count against you.</li>
        </ul>
        <p><Link to="/habits">Your habits</Link> · <Link to="/report/habit-summary">Habit summary</Link></p>
      </Panel>
    </section>
  );
}
