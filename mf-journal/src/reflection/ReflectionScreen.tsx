import { useState } from 'react';
import {
  readReflectionState,
  setWeeklyReflection,
  writeReflection,
  type Reflection,
  type ReflectionState,
} from '@lifeboard/shared/api/reflection';
import { useApiGet } from '@lifeboard/shared/api/use-api-get';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { Link } from '@lifeboard/shared/lib/router';
import { Button } from '@lifeboard/shared/ui/Button';
import { ActionProblem, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { Checkbox } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const span = (from: string, to: string) => `${formatDisplayDay(from)} to ${formatDisplayDay(to)}`;

/**
 * `/journal/reflection`: a reflection on the last seven days of journal and habits, written by the person's AI model
 * when they ask, or every Monday morning once they opt in. The screen says exactly what would be sent, and that
 * encrypted entries never are.
 */
export function ReflectionScreen() {
  const load = useApiGet('/api/reflection', readReflectionState);
  return (
    <section className="lb-stack">
      <PageHeader
        title="Weekly reflection"
        description="A short reflection on your week, written by an AI model from your journal and habits."
        actions={<Link to="/journal">Back to the journal</Link>}
      />
      {load.state === 'loading' ? (
        <Skeleton lines={4} />
      ) : load.state === 'ready' ? (
        <ReflectionBody state={load.data} reload={load.reload} />
      ) : (
        <ErrorPanel
          title="The reflection could not be loaded"
          message={load.state === 'failed' ? load.message : 'It was not found.'}
          onRetry={load.reload}
        />
      )}
    </section>
  );
}

function ReflectionBody({ state, reload }: { state: ReflectionState; reload: () => void }) {
  const [weekly, setWeekly] = useState(state.weekly);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { week } = state;

  async function toggle(next: boolean) {
    setProblem(null);
    setWeekly(next);
    const saved = await setWeeklyReflection(next);
    if (!saved.ok) {
      setWeekly(!next);
      setProblem(`Your choice was not saved: ${saved.error.message}`);
    }
  }

  async function write() {
    setBusy(true);
    setProblem(null);
    const written = await writeReflection();
    setBusy(false);
    if (!written.ok) setProblem(written.error.message);
    else reload();
  }

  const nothing = week.entries.length === 0 && week.habits.length === 0;
  return (
    <>
      {state.problem ? (
        <Panel title="Reflections are not available">
          <p role="status">{state.problem}</p>
        </Panel>
      ) : null}
      <Panel title="What is sent">
        <div className="lb-stack" aria-label="What is sent">
          <p>
            For {span(week.from, week.to)}, {state.model ? `the model ${state.model}` : 'the AI model'} would be sent{' '}
            {plural(week.entries.length, 'journal entry', 'journal entries')} (the date, title and text of each) and{' '}
            {plural(week.habits.length, 'habit', 'habits')} (the name, how often you meant to do it and on how many days
            you did). Nothing else: no moods, notes, goals or your name.
          </p>
          {week.entries_left_out > 0 ? (
            <p role="note">
              {plural(week.entries_left_out, 'encrypted entry is', 'encrypted entries are')} left out: encrypted entries
              are never sent.
            </p>
          ) : null}
          {week.entries.length ? (
            <ul aria-label="Entries sent">
              {week.entries.map((entry, i) => (
                <li key={i}>
                  {formatDisplayDay(entry.date)}
                  {entry.title ? `: ${entry.title}` : ' (untitled)'}
                </li>
              ))}
            </ul>
          ) : null}
          {week.habits.length ? (
            <ul aria-label="Habits sent">
              {week.habits.map((habit, i) => (
                <li key={i}>
                  {habit.title}: done on {plural(habit.days_done, 'day', 'days')} of 7
                </li>
              ))}
            </ul>
          ) : null}
          <div className="lb-row">
            <Button variant="primary" onClick={() => void write()} disabled={busy || !state.configured || nothing}>
              {busy ? 'Writing…' : 'Reflect on my week'}
            </Button>
          </div>
          {nothing ? (
            <p>There is nothing from this week to reflect on yet: write in your journal or add a habit.</p>
          ) : null}
          <Checkbox
            label="Write a reflection for me every Monday morning, and tell me when it is ready"
            checked={weekly}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
          <ActionProblem message={problem} />
        </div>
      </Panel>
      {state.reflections.length ? (
        state.reflections.map((reflection) => <ReflectionCard key={reflection.id} reflection={reflection} />)
      ) : (
        <p>No reflections yet.</p>
      )}
    </>
  );
}

function ReflectionCard({ reflection }: { reflection: Reflection }) {
  return (
    <Panel title={`Your week: ${span(reflection.from, reflection.to)}`}>
      <article className="lb-stack" aria-label={`Reflection on ${span(reflection.from, reflection.to)}`}>
        {reflection.text
          .split(/\n{2,}/)
          .filter(Boolean)
          .map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        <p className="lb-muted">
          Written by {reflection.model}
          {reflection.weekly ? ' on Monday morning' : ''} from{' '}
          {plural(reflection.entries_sent, 'journal entry', 'journal entries')} and{' '}
          {plural(reflection.habits_sent, 'habit', 'habits')}
          {reflection.entries_left_out
            ? `; ${plural(reflection.entries_left_out, 'encrypted entry was', 'encrypted entries were')} left out`
            : ''}
          .
        </p>
      </article>
    </Panel>
  );
}
