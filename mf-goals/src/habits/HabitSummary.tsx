import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { fetchHabitEntries } from './habit-entries';
import type { HabitEntry } from './habit-entries';
import { habitStrength, meetsTarget } from './habit-strength';

const windowDays = 30;

/** `/report/habit-summary`: check-ins per habit over the last 30 days, against its N-in-D target, with strength. */
export function HabitSummary() {
  const board = useStore($board);
  const { items: habits, status } = useCollection('habit');
  const [entries, setEntries] = useState<Record<number, HabitEntry[] | null>>({});
  const today = localDate();
  const from = addDays(today, -(windowDays - 1));
  const ids = habits.filter((h) => h.id > 0).map((h) => h.id).join(',');

  useEffect(() => {
    let live = true;
    for (const id of ids ? ids.split(',').map(Number) : []) {
      void fetchHabitEntries(board.id, id, from, today).then((list) => { if (live) setEntries((all) => ({ ...all, [id]: list })); });
    }
    return () => { live = false; };
  }, [board.id, ids, from, today]);

  const days = Array.from({ length: windowDays }, (_, i) => addDays(from, i));
  return (
    <section className="lb-stack">
      <PageHeader title="Habit summary" description={`Check-ins from ${from} to ${today}.`} />
      {status === 'loading' && !habits.length ? <Skeleton lines={4} /> : null}
      {status !== 'loading' && !habits.length ? <EmptyState title="No habits yet" action={<Link to="/new-habit">Create your first habit</Link>} /> : null}
      {habits.filter((h) => h.id > 0).map((habit) => {
        const list = entries[habit.id];
        const byDate = new Map((list ?? []).map((e) => [e.date, e]));
        const results = days.map((d) => (byDate.has(d) ? meetsTarget(byDate.get(d)?.value, habit.kind, habit.target) : false));
        const done = results.filter((r) => r === true).length;
        const num = Number(habit.frequency_num ?? 1);
        const den = Number(habit.frequency_den ?? 1);
        const expected = Math.round((num / den) * windowDays);
        return (
          <Panel key={habit.id} title={<Link to={`/habits/${habit.id}`}>{habit.title}</Link>} level={2}>
            {list === undefined ? <Skeleton lines={1} /> : list === null ? <p role="alert">Check-ins could not be loaded.</p> : (
              <>
                <p>{done} of {expected} expected check-ins ({num} in {den} days) · strength {Math.round(habitStrength(results, num, den) * 100)}%</p>
                <p aria-label={`Last ${windowDays} days, oldest first`} className="lb-row">
                  {results.map((r, i) => <span key={days[i]} title={days[i]} aria-label={`${days[i]}: ${r === true ? 'done' : r === null ? 'skipped' : 'not done'}`}>{r === true ? '■' : r === null ? '◌' : '□'}</span>)}
                </p>
              </>
            )}
          </Panel>
        );
      })}
    </section>
  );
}
