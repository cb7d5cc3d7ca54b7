import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Link } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate, mondayOf } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { hoursAndMinutes } from '../planner/plan-actions';
import { minutesOf, weeklyByCategory } from './activity-weeks';
import { fetchRange } from './fetch-range';

const ActivityWeeksChart = lazy(() => import('./ActivityWeeksChart'));
const weeksShown = 12;
const weekName = (monday: string) => formatDisplayDate(`${monday}T12:00:00`).replace(/ @.*$/, '');

/**
 * `/report/activity-summary`: hours per category per week over 12 weeks, as stacked bars (uPlot, the
 * area's chart) with the same numbers in a table, and where the time went most.
 */
export function ActivitySummary() {
  const board = useStore($board);
  const today = localDate();
  const from = mondayOf(addDays(today, -7 * (weeksShown - 1)));
  const categories = useCollection('category');
  const [activities, setActivities] = useState<AnyRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    void fetchRange('activity', board.id, from, today).then((result) => {
      if (!live) return;
      if (result.ok) setActivities(result.records);
      else setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [board.id, from, today, attempt]);

  const { weeks, rows } = useMemo(
    () => weeklyByCategory(activities ?? [], categories.items, today, weeksShown),
    [activities, categories.items, today],
  );
  const real = (activities ?? []).filter((a) => a.id > 0);
  const minutes = rows.reduce((sum, row) => sum + row.minutes.reduce((a, b) => a + b, 0), 0);
  const byTitle = new Map<string, number>();
  for (const a of real) byTitle.set(String(a.title), (byTitle.get(String(a.title)) ?? 0) + minutesOf(a));
  const label = `Hours per week by category, ${weekName(weeks[0])} to ${weekName(weeks.at(-1)!)}: ${rows.map((row) => `${row.name} ${hoursAndMinutes(row.minutes.reduce((a, b) => a + b, 0))}`).join(', ')}`;
  return (
    <section className="lb-stack">
      <PageHeader
        title="Activity summary"
        description={`The last ${weeksShown} weeks, from the week of ${weekName(from)}: ${real.length} ${real.length === 1 ? 'activity' : 'activities'}, ${hoursAndMinutes(minutes)}.`}
      />
      {error ? (
        <ErrorPanel
          title="Your activities could not be loaded"
          message={error}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : null}
      {!error && activities === null ? <Skeleton lines={5} /> : null}
      {activities !== null && !real.length ? (
        <EmptyState
          title={`No activities in the last ${weeksShown} weeks`}
          action={<Link to="/activities">Log an activity</Link>}
        />
      ) : null}
      {real.length ? (
        <>
          <Panel title="Time per category, week by week">
            {minutes ? (
              <Suspense fallback={<Skeleton lines={6} />}>
                <ActivityWeeksChart weeks={weeks} rows={rows} label={label} />
              </Suspense>
            ) : (
              <p className="lb-muted">
                None of these activities has a length yet: give them one (or a start and an end) to see the time.
              </p>
            )}
            {categories.items.some((c) => c.id > 0) ? null : (
              <p className="lb-muted">
                Give activities a <Link to="/categories">category</Link> to see where your time goes.
              </p>
            )}
            <table>
              <caption className="lb-muted">Hours per week</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  {rows.map((row) => (
                    <th key={row.key} scope="col">
                      {row.name}
                    </th>
                  ))}
                  <th scope="col">All</th>
                </tr>
              </thead>
              <tbody>
                {weeks
                  .map((week, w) => (
                    <tr key={week}>
                      <th scope="row">{weekName(week)}</th>
                      {rows.map((row) => (
                        <td key={row.key}>{row.minutes[w] ? hoursAndMinutes(row.minutes[w]) : '–'}</td>
                      ))}
                      <td>{hoursAndMinutes(rows.reduce((sum, row) => sum + (row.minutes[w] ?? 0), 0))}</td>
                    </tr>
                  ))
                  .reverse()}
              </tbody>
            </table>
          </Panel>
          <Panel title="Most time spent on">
            <ol>
              {[...byTitle]
                .filter(([, m]) => m > 0)
                .sort((a, b) => b[1] - a[1])
                .slice(0, 5)
                .map(([title, m]) => (
                  <li key={title}>
                    {title}: {hoursAndMinutes(m)}
                  </li>
                ))}
            </ol>
          </Panel>
        </>
      ) : null}
    </section>
  );
}
