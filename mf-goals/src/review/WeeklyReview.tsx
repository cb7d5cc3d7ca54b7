import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { fetchGoalProgress, type GoalProgressAnswer } from '@lifeboard/shared/api/goals';
import { fetchHabitWeeks, type HabitWeek } from '@lifeboard/shared/api/habits';
import { createResource, type AnyRecord, type ModelRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDay } from '@lifeboard/shared/lib/date-display';
import { Link, useSearchParams } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { notify } from '@lifeboard/shared/stores/notifications';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { Button } from '@lifeboard/shared/ui/Button';
import { ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { TextArea } from '@lifeboard/shared/ui/fields';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { countedUpTo, reviewWeek } from './week';
import './review.css';

type Review = ModelRecord<'weekly_review'>;
const reviews = createResource('weekly_review');

/** This week's review and last week's, read together; `reload` after a save that raced another tab. */
function useReviews(board: number, week: string) {
  const [state, setState] = useState<{ key: string; current: Review | null; previous: Review | null } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${board}:${week}:${attempt}`;
  useEffect(() => {
    if (!board) return undefined;
    let live = true;
    setFailed(null);
    void reviews.all(board, { from: addDays(week, -7), to: week }).then((result) => {
      if (!live) return;
      if (!result.ok) {
        setFailed(result.error.message);
        return;
      }
      const found = (day: string) => result.data.items.find((r) => r.week === day) ?? null;
      setState({ key, current: found(week), previous: found(addDays(week, -7)) });
    });
    return () => {
      live = false;
    };
  }, [board, week, key]);
  return {
    loaded: state && state.key === key ? state : null,
    failed,
    reload: () => setAttempt((n) => n + 1),
  };
}

/** Each active habit's count for the week (done against what the week asks), up to its Sunday or today. */
function useHabitsWeek(board: number, habits: AnyRecord[], upTo: string) {
  const [weeks, setWeeks] = useState<Map<number, HabitWeek> | null>(null);
  const ids = habits.map((h) => h.id).slice(0, 100);
  const idsKey = ids.join(',');
  useEffect(() => {
    if (!board || !idsKey) return undefined;
    let live = true;
    void fetchHabitWeeks(board, idsKey.split(',').map(Number), 1, upTo).then((found) => {
      if (!live || !found) return;
      setWeeks(new Map([...found].flatMap(([id, list]) => (list.at(-1) ? [[id, list.at(-1) as HabitWeek]] : []))));
    });
    return () => {
      live = false;
    };
  }, [board, idsKey, upTo]);
  return weeks;
}

function useGoalsProgress(board: number, upTo: string) {
  const [progress, setProgress] = useState<Map<number, GoalProgressAnswer> | null>(null);
  useEffect(() => {
    if (!board) return undefined;
    let live = true;
    void fetchGoalProgress(board, upTo).then((found) => {
      if (live && found) setProgress(found);
    });
    return () => {
      live = false;
    };
  }, [board, upTo]);
  return progress;
}

const servesValue = (record: AnyRecord, valueId: number) =>
  Array.isArray(record.value_ids) && record.value_ids.map(Number).includes(valueId);
const titleOf = (record: AnyRecord) => String(record.title ?? '').trim() || 'Untitled';
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The review's own words: wins, notes and next week's focus, saved for the week. */
function ReviewForm({
  board,
  week,
  current,
  onConflict,
}: {
  board: number;
  week: string;
  current: Review | null;
  onConflict: () => void;
}) {
  const [wins, setWins] = useState(current?.wins ?? '');
  const [notes, setNotes] = useState(current?.notes ?? '');
  const [focus, setFocus] = useState(current?.focus ?? '');
  const [saved, setSaved] = useState<Review | null>(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    const fields = { wins: wins.trim(), notes: notes.trim(), focus: focus.trim() };
    const result = saved
      ? await reviews.update(board, saved.id, fields)
      : await reviews.create(board, { week, ...fields });
    setBusy(false);
    if (result.ok) {
      setSaved(result.data);
      notify({ kind: 'success', message: `Saved your review of the week of ${formatDisplayDay(week)}.` });
    } else if (result.status === 409) {
      // Another tab saved this week's review first: show theirs rather than fork it.
      notify({ kind: 'info', message: 'This week was reviewed in another window. Showing that review.' });
      onConflict();
    } else setError(result.error.message);
  };

  return (
    <Panel title="Your review" level={2}>
      <form
        className="lb-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextArea
          label="Wins of the week"
          hint="What went well, big or small."
          rows={4}
          maxLength={5000}
          value={wins}
          onChange={(event) => setWins(event.target.value)}
        />
        <TextArea
          label="Notes on the week"
          hint="What got in the way, what you learned."
          rows={3}
          maxLength={5000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <TextArea
          label="Next week's focus"
          hint="The one or two things that matter most next week. Next week's review shows it back."
          rows={2}
          maxLength={2000}
          value={focus}
          onChange={(event) => setFocus(event.target.value)}
        />
        {error ? (
          <p role="alert" className="lb-field__error">
            {error}
          </p>
        ) : null}
        <div className="lb-row">
          <Button type="submit" variant="primary" busy={busy}>
            Save review
          </Button>
          {saved ? <span className="lb-muted">Saved for this week.</span> : null}
        </div>
      </form>
    </Panel>
  );
}

/**
 * `/weekly-review`: one week looked back on (wins, the habits' week, goals' progress, the values they serve) and
 * next week's focus chosen, as Sunsama's and Lunatask's reviews do. Saved per week; last week's focus shown first.
 */
export function WeeklyReview() {
  const [params, setParams] = useSearchParams();
  const today = localDate();
  const week = reviewWeek(params, today);
  const thisWeek = reviewWeek(new URLSearchParams(), today);
  const upTo = countedUpTo(week, today);
  const board = useStore($board).id;
  const { loaded, failed, reload } = useReviews(board, week);
  const habits = useCollection('habit').items.filter((h) => h.id > 0 && !h.archived_at);
  const goals = useCollection('goal').items.filter((g) => g.id > 0 && (g.status ?? 'active') === 'active');
  const values = useCollection('value').items.filter((v) => v.id > 0);
  const habitWeeks = useHabitsWeek(board, habits, upTo);
  const progress = useGoalsProgress(board, upTo);
  const goTo = (day: string) => setParams(day === thisWeek ? {} : { week: day });

  return (
    <section className="lb-stack lb-review">
      <PageHeader
        title="Weekly review"
        description="Look back at the week, see your habits and goals side by side, and choose next week's focus."
      />
      <nav className="lb-row lb-review__weeks" aria-label="Weeks">
        <Button onClick={() => goTo(addDays(week, -7))}>Previous week</Button>
        <h2 className="lb-review__week">
          Week of {formatDisplayDay(week)} – {formatDisplayDay(addDays(week, 6))}
        </h2>
        {week < thisWeek ? <Button onClick={() => goTo(addDays(week, 7))}>Next week</Button> : null}
      </nav>
      {failed ? <ErrorPanel title="Could not load the review" message={failed} onRetry={reload} /> : null}
      {!loaded && !failed ? <Skeleton lines={3} /> : null}
      {loaded?.previous?.focus ? (
        <Panel title="Last week's focus" aria-label="Last week's focus" level={2} className="lb-review__focus">
          <p className="lb-review__text">{loaded.previous.focus}</p>
        </Panel>
      ) : null}

      <div className="lb-review__grid">
        <Panel title="The habits' week" level={2}>
          {habits.length === 0 ? (
            <p className="lb-muted">
              No habits yet. <Link to="/new-habit">Start a habit</Link>
            </p>
          ) : (
            <ul className="lb-review__list" aria-label="The habits' week">
              {habits.map((habit) => {
                const counted = habitWeeks?.get(habit.id);
                const met = counted && counted.goal > 0 && counted.done >= counted.goal;
                return (
                  <li key={habit.id} className="lb-review__row">
                    <Link to={`/habits/${habit.id}`}>{titleOf(habit)}</Link>
                    <span className={met ? 'lb-review__met' : 'lb-muted'}>
                      {counted ? `${counted.done} of ${counted.goal}${met ? ' · met' : ''}` : '…'}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>

        <Panel title="Goals' progress" level={2}>
          {goals.length === 0 ? (
            <p className="lb-muted">
              No goals being worked on. <Link to="/new-goal">Set a goal</Link>
            </p>
          ) : (
            <ul className="lb-review__list" aria-label="Goals' progress">
              {goals.map((goal) => {
                const now = progress?.get(goal.id);
                return (
                  <li key={goal.id} className="lb-review__row">
                    <Link to={`/goal/${goal.id}`}>{titleOf(goal)}</Link>
                    <span className="lb-muted">{now ? now.words : '…'}</span>
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>
      </div>

      {values.length > 0 ? (
        <Panel title="Your values" level={2}>
          <ul className="lb-review__list" aria-label="Your values">
            {values.map((value) => {
              const servingGoals = goals.filter((g) => servesValue(g, value.id));
              const servingHabits = habits.filter((h) => servesValue(h, value.id));
              const serving = [...servingGoals, ...servingHabits];
              return (
                <li key={value.id} className="lb-review__value">
                  <Link to={`/values/${value.id}`}>{titleOf(value)}</Link>{' '}
                  <span className="lb-muted">
                    {serving.length === 0
                      ? 'Nothing serves it yet.'
                      : `Served by ${count(servingGoals.length, 'goal', 'goals')} and ${count(servingHabits.length, 'habit', 'habits')}: ${serving.map(titleOf).join(', ')}`}
                  </span>
                </li>
              );
            })}
          </ul>
        </Panel>
      ) : null}

      {loaded ? (
        <ReviewForm
          key={`${week}:${loaded.current?.id ?? 'new'}:${loaded.current?.updated_at ?? ''}`}
          board={board}
          week={week}
          current={loaded.current}
          onConflict={reload}
        />
      ) : null}
    </section>
  );
}
