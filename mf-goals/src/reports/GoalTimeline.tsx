import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDay, monthAbbreviations } from '@lifeboard/shared/lib/date-display';
import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState } from '@lifeboard/shared/ui/feedback';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { useLiveProgress } from '../goals/use-live-progress';
import './reports.css';

const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const isoOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

interface TimelineRow {
  goal: AnyRecord;
  from: number;
  to: number;
  percent: number;
  milestones: { title: string; day: number; done: boolean }[];
}

/** Where goals, their milestones and today fall on one time axis: the rows in percent of the span, and month ticks. */
export function timelineLayout(goals: AnyRecord[], today: string, percentOf: (goal: AnyRecord) => number) {
  const rows: TimelineRow[] = goals
    .filter((g) => typeof g.target_date === 'string')
    .map((g) => {
      const to = dayNumber(String(g.target_date));
      const start = typeof g.start_date === 'string' ? g.start_date : String(g.created_at ?? '').slice(0, 10);
      const from = Math.min(to, /^\d{4}-\d{2}-\d{2}$/.test(start) ? dayNumber(start) : to);
      const milestones = (
        Array.isArray(g.milestones)
          ? (g.milestones as { title?: unknown; due_date?: unknown; done_at?: unknown }[])
          : []
      )
        .filter((m) => typeof m.due_date === 'string' && typeof m.title === 'string')
        .map((m) => ({ title: String(m.title), day: dayNumber(String(m.due_date)), done: Boolean(m.done_at) }));
      return { goal: g, from, to, percent: percentOf(g), milestones };
    })
    .sort((a, b) => a.to - b.to || a.from - b.from);
  const now = dayNumber(today);
  const days = rows.flatMap((r) => [r.from, r.to, ...r.milestones.map((m) => m.day)]);
  const first = Math.min(now, ...days) - 7;
  const last = Math.max(now, ...days) + 7;
  const at = (day: number) => ((day - first) / (last - first)) * 100;
  const ticks: { label: string; at: number }[] = [];
  const start = new Date(first * 86_400_000);
  const months =
    (new Date(last * 86_400_000).getUTCFullYear() - start.getUTCFullYear()) * 12 +
    new Date(last * 86_400_000).getUTCMonth() -
    start.getUTCMonth();
  const step = Math.max(1, Math.ceil(months / 10));
  for (let m = 1; m <= months; m += step) {
    const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
    ticks.push({
      label: `${monthAbbreviations[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
      at: at(Math.round(date.getTime() / 86_400_000)),
    });
  }
  return { rows, at, today: at(now), ticks };
}

/** `/report/goal-timeline`: goals as bars from start to target date, milestones as points, and a line for today. */
export function GoalTimeline() {
  const { items, status } = useCollection('goal');
  const percentOf = useLiveProgress(items);
  const goals = items.filter((g) => g.id > 0);
  const today = localDate();
  const { rows, at, today: todayAt, ticks } = timelineLayout(goals, today, percentOf);
  const undated = goals.filter((g) => typeof g.target_date !== 'string');
  return (
    <section className="lb-stack">
      <PageHeader
        title="Goal timeline"
        description="Each goal from its start to the day it should be done by, with its milestones; the line is today."
      />
      {!goals.length && status !== 'loading' ? (
        <EmptyState title="No goals yet" action={<Link to="/new-goal">Set a goal</Link>} />
      ) : null}
      {rows.length ? (
        <div className="lb-goal-timeline" role="list" aria-label="Goals over time">
          <div className="lb-goal-timeline__axis" aria-hidden="true">
            {ticks.map((t) => (
              <span key={t.label} style={{ left: `${t.at}%` }}>
                {t.label}
              </span>
            ))}
          </div>
          {rows.map((r) => (
            <div key={r.goal.id} role="listitem" className="lb-goal-timeline__row" data-goal-id={r.goal.id}>
              <Link to={`/goal/${r.goal.id}`} className="lb-goal-timeline__label">
                {String(r.goal.title)}
              </Link>
              <div className="lb-goal-timeline__track">
                <span
                  className="lb-goal-timeline__bar"
                  style={{ left: `${at(r.from)}%`, width: `${Math.max(0.5, at(r.to) - at(r.from))}%` }}
                  data-status={String(r.goal.status ?? 'active')}
                >
                  <span className="lb-goal-timeline__fill" style={{ width: `${r.percent}%` }} />
                </span>
                {r.milestones.map((m, i) => (
                  <span
                    key={i}
                    className="lb-goal-timeline__point"
                    data-done={m.done || undefined}
                    style={{ left: `${at(m.day)}%` }}
                    title={`${m.title}: ${m.done ? 'done' : 'due'} ${formatDisplayDay(isoOfDay(m.day))}`}
                  />
                ))}
                <span className="lb-goal-timeline__today" style={{ left: `${todayAt}%` }} aria-hidden="true" />
              </div>
              <span className="lb-visually-hidden">
                {`From ${formatDisplayDay(isoOfDay(r.from))} to ${formatDisplayDay(isoOfDay(r.to))}, ${Math.round(r.percent)}% done.`}
                {r.milestones.length
                  ? ` Milestones: ${r.milestones.map((m) => `${m.title}, ${m.done ? 'done' : 'due'} ${formatDisplayDay(isoOfDay(m.day))}`).join('; ')}.`
                  : ''}
              </span>
            </div>
          ))}
          <p className="lb-muted lb-goal-timeline__legend">
            The vertical line is today, {formatDisplayDay(today)}. Filled part of a bar: progress; dots: milestones
            (filled when done).
          </p>
        </div>
      ) : null}
      {undated.length ? (
        <Panel title="Goals without a date">
          <ul>
            {undated.map((g) => (
              <li key={g.id}>
                <Link to={`/goal/${g.id}`}>{String(g.title)}</Link> · {Math.round(percentOf(g))}% · set “Done by” to
                place it on the timeline
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </section>
  );
}
