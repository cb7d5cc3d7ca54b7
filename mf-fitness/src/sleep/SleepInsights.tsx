import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { fetchHabitHistory, fetchHabitOverview } from '@lifeboard/shared/api/habits';
import { $board } from '@lifeboard/shared/stores/board';
import { Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { Panel } from '@lifeboard/shared/ui/Panel';
import { useRecordsBetween } from '../training/api';
import { MIN_NIGHTS, sleepInsights, type HabitDays, type Night } from './sleep-stats';

/** Habits looked at beside sleep: the first ones of the list (each costs a request). */
const MAX_HABITS = 5;

/** The days each of your first habits was done, from its first check-in; null when they could not be read. */
function useHabitDays(): HabitDays[] | null | undefined {
  const board = useStore($board);
  const [habits, setHabits] = useState<HabitDays[] | null | undefined>(undefined);
  useEffect(() => {
    if (!board.id) return;
    let live = true;
    void (async () => {
      const overview = await fetchHabitOverview(board.id, { limit: MAX_HABITS });
      if (!overview) {
        if (live) setHabits(null);
        return;
      }
      const found = await Promise.all(
        overview.habits.map(async ({ habit }) => {
          const history = await fetchHabitHistory(board.id, habit.id);
          const entries = history?.entries ?? [];
          if (!entries.length) return null;
          const done = new Set(
            entries.filter((e) => e.value === 'yes' || (typeof e.value === 'number' && e.value > 0)).map((e) => e.date),
          );
          return {
            name: String(habit.title ?? habit.name ?? 'a habit'),
            done,
            since: entries.map((e) => e.date).sort()[0],
          };
        }),
      );
      if (live) setHabits(found.flatMap((h) => (h ? [h] : [])));
    })();
    return () => {
      live = false;
    };
  }, [board.id]);
  return habits;
}

/** ★ Sleep beside training, mood and habits: only what enough nights support, with how many. */
export function SleepInsights({ nights }: { nights: readonly Night[] }) {
  const today = localDate();
  const from = addDays(today, -366);
  const sessions = useRecordsBetween('workout_session', from, addDays(today, 1));
  const moods = useRecordsBetween('mood', from, addDays(today, 1));
  const habits = useHabitDays();
  const insights = useMemo(() => {
    if (!sessions || !moods || habits === undefined) return null;
    const trainingDays = new Set(sessions.map((s) => localDate(new Date(String(s.started_at)))));
    const byDay = new Map<string, number[]>();
    for (const mood of moods) {
      const day = localDate(new Date(String(mood.at ?? mood.created_at)));
      if (typeof mood.score === 'number') byDay.set(day, [...(byDay.get(day) ?? []), mood.score]);
    }
    const moodByDay = new Map(
      [...byDay].map(([day, scores]) => [day, scores.reduce((a, b) => a + b, 0) / scores.length]),
    );
    return sleepInsights(nights, { trainingDays, moodByDay, habits: habits ?? [] });
  }, [sessions, moods, habits, nights]);
  const failed = sessions === null || moods === null;
  return (
    <Panel title="★ Sleep beside the rest of your life">
      {failed ? (
        <p role="alert">
          Your training or moods could not be loaded, so there is nothing to compare yet. Try again later.
        </p>
      ) : insights === null ? (
        <Skeleton lines={2} />
      ) : insights.length === 0 ? (
        <p data-testid="sleep-insights-none">
          Nothing to say yet: a comparison needs at least {MIN_NIGHTS} nights on each side (for example {MIN_NIGHTS}{' '}
          nights after training and {MIN_NIGHTS} without). You have logged {nights.length}{' '}
          {nights.length === 1 ? 'night' : 'nights'} this year.
        </p>
      ) : (
        <ul data-testid="sleep-insights">
          {insights.map((insight) => (
            <li key={insight.key}>
              {insight.text}{' '}
              <span className="lb-muted">
                Based on {insight.basis.charAt(0).toLowerCase()}
                {insight.basis.slice(1)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {habits === null && !failed ? (
        <p className="lb-muted">Your habits could not be loaded; the comparisons leave them out.</p>
      ) : null}
    </Panel>
  );
}
