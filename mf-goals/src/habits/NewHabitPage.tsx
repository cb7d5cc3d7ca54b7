import { Link, useNavigate } from '@lifeboard/shared/lib/router';
import { PageHeader, Panel } from '@lifeboard/shared/ui/Panel';
import { HabitForm } from './HabitForm';
import './habits.css';

/** `/new-habit`: the habit form in people's words; the new habit's page opens when it is saved. */
export function NewHabitPage() {
  const navigate = useNavigate();
  return (
    <section className="lb-stack">
      <PageHeader title="New habit" actions={<Link to="/how-habits-work">How habits work</Link>} />
      <Panel>
        <HabitForm habit={null} onSaved={(record) => void navigate(`/habits/${record.id}`)} />
      </Panel>
    </section>
  );
}
