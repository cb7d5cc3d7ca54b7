import { Link } from '@lifeboard/shared/lib/router';
import { useCollection } from '@lifeboard/shared/stores/use-collection';
import { formatDisplayDate } from '@lifeboard/shared/lib/date-display';
import { EmptyState } from '@lifeboard/shared/ui/feedback';
import { localDate } from '@lifeboard/shared/ui/model/local-date';
import { ModelForm } from '@lifeboard/shared/ui/ModelForm';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { isDueOn } from './due';

export { isDueOn };


/** `/planner`: today's planned activities, the habits due today and the reminders, with a quick add. */
export function Planner() {
  const today = localDate();
  const planned = useCollection('plannedactivity', { from: today, to: today });
  const habits = useCollection('habit');
  const reminders = useCollection('reminder');
  const due = habits.items.filter((h) => h.id > 0 && isDueOn(h, new Date()));
  const upcoming = reminders.items.filter((r) => r.id > 0 && (r.repeat || (typeof r.remind_at === 'string' && r.remind_at.slice(0, 10) >= today)));
  return (
    <section className="lb-stack">
      <PageHeader title="Planner" description={`Your plan for ${formatDisplayDate(new Date()).replace(/ @.*$/, '')}.`} />
      <Panel title="Planned today">
        {planned.items.length ? (
          <ul>{planned.items.map((p) => <li key={p.id}><Link to={`/plannedactivity/${p.id}`}>{p.title}</Link>{p.start_at ? ` — ${formatDisplayDate(String(p.start_at))}` : ''}</li>)}</ul>
        ) : <EmptyState title="Nothing planned yet" description="Add what you intend to do today below." />}
        <ModelForm model="plannedactivity" defaults={{ date: today }} submitLabel="Plan it" />
      </Panel>
      <Panel title="Habits due today">
        {due.length ? <ul>{due.map((h) => <li key={h.id}><Link to={`/habits/${h.id}`}>{h.title}</Link></li>)}</ul> : <p>No habits due today. <Link to="/new-habit">Create a habit</Link></p>}
      </Panel>
      <Panel title="Reminders">
        {upcoming.length ? (
          <ul>{upcoming.map((r) => <li key={r.id}>{r.title}{r.remind_at ? ` — ${formatDisplayDate(String(r.remind_at))}` : r.repeat ? ` — repeats (${String(r.repeat)})` : ''}</li>)}</ul>
        ) : <p>No upcoming reminders. <Link to="/reminders">Add one</Link></p>}
      </Panel>
    </section>
  );
}
