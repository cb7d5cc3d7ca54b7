import { Link } from '@lifeboard/shared/lib/router';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

/** `/how-habits-work`: what the app does with a habit, exactly (the numbers are the server's, see api/src/modules/habits). */
export function HowHabitsWork() {
  return (
    <section className="lb-stack">
      <PageHeader
        title="How habits work"
        description="Lifeboard counts habits the way people actually live: not every day, but often enough."
        actions={<Link to="/new-habit">Create a habit</Link>}
      />
      <Panel title="How often">
        <p>
          A habit is done <strong>every day</strong>, <strong>N times a week</strong>, <strong>N times a month</strong>,{' '}
          <strong>every N days</strong>, on <strong>fixed days of the week</strong>, or{' '}
          <strong>N times in D days</strong>. “3 times a week” means any three days you like.
        </p>
        <p>
          A habit can also count an amount: <strong>at least</strong> 8 glasses of water per day, or{' '}
          <strong>at most</strong> 2 coffees per day, per week or per month.
        </p>
      </Panel>
      <Panel title="Checking in">
        <p>
          On <Link to="/habits">Habits</Link> each habit shows its last 7 days. Tap a day: done, tap again: skipped,
          once more: nothing recorded. A habit counted in amounts opens a box for the amount and a note. Tap a past day
          to record it late. The home page shows the habits due today in the same way.
        </p>
        <p>
          “Due today” follows the schedule: a 3-times-a-week habit already done 3 times this week is not due; a habit on
          fixed weekdays is due only on those days; a paused habit is never due.
        </p>
      </Panel>
      <Panel title="Strength">
        <p>
          Strength is computed exactly as Loop Habit Tracker does it. Every day from your first check-in moves the
          strength a step toward that day’s completion: 100% when the target was met, 0% when nothing was done.
          Completion is the number of check-ins in the last D days divided by N (at most 100%); for a habit done less
          than daily both are doubled, so “3 in 7” is judged over the last 14 days against 6, which smooths out
          irregular weeks.
        </p>
        <p>
          The step is smaller for rarer habits: each day keeps 0.5<sup>√f / 13</sup> of the previous strength, where f =
          N ÷ D. For a daily habit that is a half-life of 13 days: 13 days done in a row, from nothing, make exactly
          50%. Mon/Wed/Fri for 12 weeks of a “3 times a week” habit make 93%.
        </p>
        <p>
          Amounts use the total of the last D days against the target. For “at most”, going over the limit lowers the
          day’s completion in proportion (twice the limit counts as 0) and an “at most” habit starts at 100%.
        </p>
        <p>
          A <strong>skipped</strong> day, a <strong>paused</strong> day and a day that is not one of a habit’s fixed
          weekdays leave the strength exactly where it was.
        </p>
      </Panel>
      <Panel title="Streaks">
        <p>
          A streak counts days in a row on which the target was met. For “N times a week”, “N times a month” and “N
          times in D days” habits it counts weeks, months or periods of D days in a row in which the habit was done N
          times.
        </p>
        <p>
          A skipped or paused day keeps a streak alive without adding to it (a week with skipped days asks for fewer
          check-ins, in proportion). Today without a check-in yet does not break a streak: the day is not over.
        </p>
      </Panel>
      <Panel title="Pausing">
        <p>
          On a habit’s page, pause it from one date to another (a holiday, an illness), or until you resume it. Paused
          days neither lower its strength nor break its streak, and they show in blue on its history.
        </p>
      </Panel>
      <Panel title="A habit’s page">
        <p>
          It shows the strength now and a chart of it over time, the current and best streak, the total number of
          check-ins, a calendar of every year with done, skipped and paused days (amounts shade by how near the target
          they came), how often it was done on each day of the week, and the notes of your check-ins.
        </p>
        <p>
          On <Link to="/habits">Habits</Link>, drag a habit by its handle to put it elsewhere in the list (or focus the
          handle: space to pick it up, the arrow keys to move it, space to put it down); the order is kept.
        </p>
        <p>
          The <Link to="/report/habit-summary">habit summary</Link> shows every habit with a chart of its last 12 weeks:
          what was done each week against what a week asks for (N times, or the amount), and the strength at the end of
          each week. It also downloads every habit as CSV in Loop Habit Tracker’s layout.
        </p>
      </Panel>
    </section>
  );
}
