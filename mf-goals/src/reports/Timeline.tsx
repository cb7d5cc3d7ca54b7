import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { send, isSuccessStatus } from '@lifeboard/shared/api/client';
import type { AnyRecord } from '@lifeboard/shared/api/resource';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { Link } from '@lifeboard/shared/lib/router';
import { $board } from '@lifeboard/shared/stores/board';
import { Button } from '@lifeboard/shared/ui/Button';
import { EmptyState, ErrorPanel, Skeleton } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { hoursAndMinutes } from '../planner/plan-actions';
import { fetchRange } from './fetch-range';
import { minutesOf } from './activity-weeks';
import './reports.css';

export type MomentKind = 'activity' | 'journal' | 'checkin' | 'milestone';
export interface Moment {
  key: string;
  kind: MomentKind;
  day: string;
  title: string;
  detail: string;
  href: string;
}

export const momentKinds: Record<MomentKind, { label: string; colour: string }> = {
  activity: { label: 'Activities', colour: 'var(--lb-chart-2)' },
  journal: { label: 'Journal entries', colour: 'var(--lb-chart-1)' },
  checkin: { label: 'Habit check-ins', colour: 'var(--lb-chart-6)' },
  milestone: { label: 'Milestones', colour: 'var(--lb-chart-3)' },
};

const dayName = (date: string) => formatDisplayDate(`${date}T12:00:00`).replace(/ @.*$/, '');
const span = 30;
/** Habits whose check-ins a timeline reads (one request each). */
const maxHabits = 40;

interface Sources {
  activities: AnyRecord[];
  journal: AnyRecord[];
  goals: AnyRecord[];
  checkins: { habit: AnyRecord; date: string; value: unknown }[];
}

/** What happened between two days, from every source, newest first. */
export function momentsOf(sources: Sources, from: string, to: string): Moment[] {
  const inRange = (day: unknown): day is string => typeof day === 'string' && day >= from && day <= to;
  const moments: Moment[] = [];
  for (const a of sources.activities) {
    if (a.id <= 0 || !inRange(a.date)) continue;
    const minutes = minutesOf(a);
    moments.push({
      key: `a${a.id}`,
      kind: 'activity',
      day: a.date,
      title: String(a.title),
      detail: minutes ? hoursAndMinutes(minutes) : 'Done',
      href: `/activity/${a.id}`,
    });
  }
  for (const j of sources.journal) {
    if (j.id <= 0 || !inRange(j.date)) continue;
    const words = typeof j.word_count === 'number' ? j.word_count : 0;
    moments.push({
      key: `j${j.id}`,
      kind: 'journal',
      day: j.date,
      title: String(j.title || 'Journal entry'),
      detail: words ? `${words} ${words === 1 ? 'word' : 'words'}` : 'Written',
      href: '/journal',
    });
  }
  for (const c of sources.checkins) {
    if (!inRange(c.date)) continue;
    const detail =
      c.value === 'skip'
        ? 'Skipped'
        : typeof c.value === 'number'
          ? `Checked in: ${c.value}${c.habit.unit ? ` ${String(c.habit.unit)}` : ''}`
          : 'Done';
    moments.push({
      key: `c${c.habit.id}:${c.date}`,
      kind: 'checkin',
      day: c.date,
      title: String(c.habit.title),
      detail,
      href: `/habits/${c.habit.id}`,
    });
  }
  for (const g of sources.goals) {
    if (g.id <= 0) continue;
    const milestones = Array.isArray(g.milestones)
      ? (g.milestones as { title?: string; due_date?: string | null; done_at?: string | null }[])
      : [];
    milestones.forEach((m, i) => {
      const reached = typeof m.done_at === 'string' ? localDate(new Date(m.done_at)) : null;
      if (reached && inRange(reached))
        moments.push({
          key: `m${g.id}:${i}`,
          kind: 'milestone',
          day: reached,
          title: String(m.title ?? ''),
          detail: `Reached, for "${String(g.title)}"`,
          href: `/goal/${g.id}`,
        });
      else if (!reached && inRange(m.due_date))
        moments.push({
          key: `m${g.id}:${i}`,
          kind: 'milestone',
          day: m.due_date,
          title: String(m.title ?? ''),
          detail: `Due, for "${String(g.title)}"`,
          href: `/goal/${g.id}`,
        });
    });
  }
  return moments.sort(
    (a, b) => b.day.localeCompare(a.day) || a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title),
  );
}

async function loadSources(board: number, from: string, to: string): Promise<Sources | string> {
  const [activities, journal, goals, habits] = await Promise.all([
    fetchRange('activity', board, from, to),
    fetchRange('journal_entry', board, from, to),
    fetchRange('goal', board),
    fetchRange('habit', board),
  ]);
  for (const result of [activities, journal, goals, habits]) if (!result.ok) return result.error.message;
  const live = (habits as { records: AnyRecord[] }).records.filter((h) => h.id > 0).slice(0, maxHabits);
  const entries = await Promise.all(
    live.map(async (habit) => {
      const { status, body } = await send({
        method: 'POST',
        url: '/api/habit/entries',
        data: { board, params: { habit_id: habit.id, from, to } },
      });
      const list =
        isSuccessStatus(status) &&
        typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { entries?: unknown }).entries)
          ? (body as { entries: { date: string; value: unknown }[] }).entries
          : null;
      return list ? list.map((entry) => ({ habit, date: entry.date, value: entry.value })) : null;
    }),
  );
  if (entries.some((list) => list === null)) return 'The habit check-ins could not be read.';
  return {
    activities: (activities as { records: AnyRecord[] }).records,
    journal: (journal as { records: AnyRecord[] }).records,
    goals: (goals as { records: AnyRecord[] }).records,
    checkins: entries.flatMap((list) => list ?? []),
  };
}

/**
 * `/report/timeline`: 30 days of activities, journal entries, habit check-ins and milestones. A strip shows
 * each kind's busy days at a glance; the days below tell what happened. Earlier and later 30 days page it.
 */
export function Timeline() {
  const board = useStore($board);
  const [to, setTo] = useState(localDate);
  const from = addDays(to, -(span - 1));
  const [sources, setSources] = useState<Sources | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [hidden, setHidden] = useState<Set<MomentKind>>(new Set());

  useEffect(() => {
    let live = true;
    setSources(null);
    setError(null);
    void loadSources(board.id, from, to).then((result) => {
      if (!live) return;
      if (typeof result === 'string') setError(result);
      else setSources(result);
    });
    return () => {
      live = false;
    };
  }, [board.id, from, to, attempt]);

  const today = localDate();
  const days = Array.from({ length: span }, (_, i) => addDays(from, i));
  const all = sources ? momentsOf(sources, from, to) : [];
  const moments = all.filter((m) => !hidden.has(m.kind));
  const byDay = new Map<string, Moment[]>();
  for (const m of moments) byDay.set(m.day, [...(byDay.get(m.day) ?? []), m]);
  const toggle = (kind: MomentKind) =>
    setHidden((now) => {
      const next = new Set(now);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  return (
    <section className="lb-stack">
      <PageHeader
        title="Timeline"
        description={`What happened from ${dayName(from)} to ${dayName(to)}.`}
        actions={
          <div className="lb-row">
            <Button size="small" onClick={() => setTo(addDays(to, -span))}>
              Earlier 30 days
            </Button>
            <Button
              size="small"
              disabled={to >= today}
              onClick={() => setTo(addDays(to, span) > today ? today : addDays(to, span))}
            >
              Later 30 days
            </Button>
          </div>
        }
      />
      {error ? (
        <ErrorPanel title="The timeline could not be loaded" message={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!error && !sources ? <Skeleton lines={5} /> : null}
      {sources ? (
        <>
          <div className="lb-row" role="group" aria-label="Show on the timeline">
            {(Object.keys(momentKinds) as MomentKind[]).map((kind) => (
              <Button key={kind} size="small" aria-pressed={!hidden.has(kind)} onClick={() => toggle(kind)}>
                <span
                  className="lb-timeline__swatch"
                  style={{ background: momentKinds[kind].colour }}
                  aria-hidden="true"
                />{' '}
                {momentKinds[kind].label} ({all.filter((m) => m.kind === kind).length})
              </Button>
            ))}
          </div>
          <Panel title="At a glance" level={2}>
            <div
              className="lb-timeline-strip"
              role="img"
              aria-label={`${moments.length} moments over ${span} days`}
              style={{ gridTemplateColumns: `8rem repeat(${span}, 1fr)` }}
            >
              {(Object.keys(momentKinds) as MomentKind[])
                .filter((kind) => !hidden.has(kind))
                .map((kind) => [
                  <span key={`${kind}-label`} className="lb-muted">
                    {momentKinds[kind].label}
                  </span>,
                  ...days.map((day) => {
                    const count = (byDay.get(day) ?? []).filter((m) => m.kind === kind).length;
                    return (
                      <span
                        key={`${kind}-${day}`}
                        className="lb-timeline-strip__cell"
                        title={`${dayName(day)}: ${count}`}
                        style={{
                          background: count ? momentKinds[kind].colour : undefined,
                          opacity: count ? Math.min(1, 0.35 + count * 0.2) : undefined,
                        }}
                      />
                    );
                  }),
                ])}
            </div>
          </Panel>
          {moments.length === 0 ? (
            <EmptyState
              title="Nothing recorded in these 30 days"
              action={<Link to="/activities">Log an activity</Link>}
            />
          ) : (
            <ol className="lb-timeline" aria-label="Timeline">
              {[...byDay].map(([day, list]) => (
                <li key={day} className="lb-timeline__day">
                  <h2 className="lb-timeline__date">{day === today ? 'Today' : dayName(day)}</h2>
                  <ul className="lb-stack">
                    {list.map((m) => (
                      <li
                        key={m.key}
                        className="lb-timeline__moment"
                        style={{ borderLeftColor: momentKinds[m.kind].colour }}
                      >
                        <span className="lb-muted">
                          {momentKinds[m.kind].label.replace(/s$/, '').replace(/ie$/, 'y')}
                        </span>{' '}
                        <Link to={m.href}>{m.title}</Link> · {m.detail}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}
