import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { EmptyState } from '@lifeboard/shared/ui/feedback';
import { addDays, localDate } from '@lifeboard/shared/ui/model/local-date';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';

/** `/report/activity-summary`: minutes and count of activities per day over 30 days, and the busiest titles. */
export function ActivitySummary() {
  const today = localDate();
  const from = addDays(today, -29);
  const { items } = useCollection('activity', { from, to: today });
  const real = items.filter((a) => a.id > 0);
  const totals = new Map<string, { count: number; minutes: number }>();
  const byTitle = new Map<string, number>();
  for (const a of real) {
    const day = String(a.date);
    const t = totals.get(day) ?? { count: 0, minutes: 0 };
    totals.set(day, { count: t.count + 1, minutes: t.minutes + Number(a.duration_min ?? 0) });
    byTitle.set(String(a.title), (byTitle.get(String(a.title)) ?? 0) + Number(a.duration_min ?? 0));
  }
  const minutes = real.reduce((sum, a) => sum + Number(a.duration_min ?? 0), 0);
  return (
    <section className="lb-stack">
      <PageHeader title="Activity summary" description={`${from} to ${today}: ${real.length} activities, ${Math.round(minutes / 6) / 10} hours.`} />
      {!real.length ? <EmptyState title="No activities in the last 30 days" action={<Link to="/activities">Log an activity</Link>} /> : (
        <>
          <Panel title="Most time spent on">
            <ol>{[...byTitle].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([title, m]) => <li key={title}>{title} — {m} min</li>)}</ol>
          </Panel>
          <Panel title="Per day">
            <table><thead><tr><th scope="col">Day</th><th scope="col">Activities</th><th scope="col">Minutes</th></tr></thead>
              <tbody>{[...totals].sort((a, b) => b[0].localeCompare(a[0])).map(([day, t]) => <tr key={day}><td>{day}</td><td>{t.count}</td><td>{t.minutes}</td></tr>)}</tbody>
            </table>
          </Panel>
        </>
      )}
    </section>
  );
}

/** `/report/timeline`: the last 30 days of activities and events together, newest first. */
export function Timeline() {
  const today = localDate();
  const from = addDays(today, -29);
  const activities = useCollection('activity', { from, to: today });
  const events = useCollection('event', { from, to: today });
  const rows = [
    ...activities.items.filter((a) => a.id > 0).map((a) => ({ key: `a${a.id}`, day: String(a.date), text: `Did: ${String(a.title)}${a.duration_min ? ` (${String(a.duration_min)} min)` : ''}` })),
    ...events.items.filter((e) => e.id > 0).map((e) => ({ key: `e${e.id}`, day: localDate(new Date(String(e.start_at))), text: `Event: ${String(e.title)}` })),
  ].sort((a, b) => b.day.localeCompare(a.day));
  return (
    <section className="lb-stack">
      <PageHeader title="Timeline" description={`What happened from ${from} to ${today}.`} />
      {!rows.length ? <EmptyState title="Nothing recorded in the last 30 days" action={<Link to="/activities">Log an activity</Link>} /> : (
        <ul>{rows.map((r) => <li key={r.key}><strong>{r.day}</strong> — {r.text}</li>)}</ul>
      )}
    </section>
  );
}
